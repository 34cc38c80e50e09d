import type { ReactNode } from 'react';
import { PageTitle } from './page';

type AdminPageProps = {
  title: string;
  description: string;
  /** The language of the description when it differs from the page's (English). */
  descriptionLang?: string;
  /** Buttons beside the heading, such as the one that adds an item. */
  actions?: ReactNode;
  children?: ReactNode;
};

export function AdminPage({
  title,
  description,
  descriptionLang,
  actions,
  children,
}: AdminPageProps) {
  return (
    <div>
      <PageTitle title={`${title} · Admin`} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">{title}</h1>
          <p lang={descriptionLang} className="mt-2 text-slate-300">
            {description}
          </p>
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
