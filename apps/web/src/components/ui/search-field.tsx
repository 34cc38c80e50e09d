import { useId, type ComponentProps } from 'react';
import { SearchIcon } from 'lucide-react';
import { cx } from '../../lib/class-names';

type SearchFieldProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  /** Read by assistive technology; the placeholder says the same to everyone else. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

export function SearchField({
  label,
  value,
  onValueChange,
  className,
  ...props
}: SearchFieldProps) {
  const id = useId();
  return (
    <div className={cx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-600 bg-slate-950/60 py-2.5 pr-3 pl-9 text-slate-100 placeholder:text-slate-400 focus:border-indigo-400"
        {...props}
      />
    </div>
  );
}
