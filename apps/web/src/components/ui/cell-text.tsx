import { cx } from '../../lib/class-names';

type CellTextProps = {
  text: string;
  /**
   * Lines shown before the text is cut short, the whole of it then in the tooltip; 'all' never
   * cuts it (for text that must be read whole, such as an email address).
   */
  lines?: 1 | 2 | 'all';
  className?: string;
};

/**
 * Text someone typed (a name, title, email or category), in a table cell. Such text may run to
 * hundreds of characters without a space; it breaks anywhere and keeps to a bounded width, so one
 * row cannot stretch its column until the other columns are scrolled out of sight.
 */
export function CellText({ text, lines = 2, className }: CellTextProps) {
  return (
    <span
      title={text}
      className={cx(
        'max-w-64 min-w-32 wrap-anywhere',
        lines === 1 ? 'line-clamp-1' : lines === 2 ? 'line-clamp-2' : undefined,
        className,
      )}
    >
      {text}
    </span>
  );
}
