import { ArrowRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type HomeSectionProps = {
  id: string;
  title: string;
  description: string;
  viewAllTo: string;
  children: ReactNode;
};

/** One section of the home page: a heading, a line about it, a View All link and its content. */
export function HomeSection({ id, title, description, viewAllTo, children }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-white sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-slate-300">{description}</p>
        </div>
        <Link
          to={viewAllTo}
          aria-describedby={headingId}
          className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-indigo-300 hover:text-indigo-200"
        >
          View All
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <div className="mt-8">{children}</div>
    </section>
  );
}
