import type { ReactNode } from 'react';
import { getSiteName } from '../../lib/site';

/** Sets the document title; React places it in the head wherever it is rendered. */
export function PageTitle({ title }: { title?: string | undefined }) {
  const siteName = getSiteName();
  if (!title) return <title>{siteName}</title>;
  // A title that already names the product (such as the About page's) needs no suffix.
  return <title>{title.includes(siteName) ? title : `${title} | ${siteName}`}</title>;
}

type PageProps = {
  title: string;
  description?: ReactNode;
  /** The language of the description when it differs from the page's (English). */
  descriptionLang?: string;
  children?: ReactNode;
};

/** The frame of an ordinary page: clear of the fixed header, with its heading and intro. */
export function Page({ title, description, descriptionLang, children }: PageProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-28 pb-20 sm:px-6 lg:px-8">
      <PageTitle title={title} />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{title}</h1>
        {description ? (
          <p lang={descriptionLang} className="mt-3 text-lg text-slate-300">
            {description}
          </p>
        ) : null}
      </header>
      {children}
    </div>
  );
}
