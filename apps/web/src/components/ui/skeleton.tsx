import { cx } from '../../lib/class-names';

/** A grey block holding the place of content still on its way, at the size it will have. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx('rounded-md bg-slate-800 motion-safe:animate-pulse', className)}
    />
  );
}
