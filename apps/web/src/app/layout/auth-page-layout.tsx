import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { getSiteName } from '../../lib/site';

type AuthPageLayoutProps = {
  title: string;
  description: string;
  children: ReactNode;
};

/** The stand-alone sign-in and sign-up pages, which have no site header or footer. */
export function AuthPageLayout({ title, description, children }: AuthPageLayoutProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-[radial-gradient(ellipse_at_top,_var(--color-indigo-950)_0%,_transparent_65%)] px-4 py-12">
      <PageTitle title={title} />
      <div className="w-full max-w-md">
        <Link
          to="/"
          className="mx-auto mb-8 block w-fit rounded-md text-2xl font-extrabold tracking-tight text-white"
        >
          {getSiteName()}
        </Link>
        <div className="rounded-2xl border border-slate-700 bg-slate-900 p-6 shadow-2xl shadow-black/50 sm:p-8">
          <h1 className="text-2xl font-bold text-white">{title}</h1>
          <p className="mt-1 mb-6 text-sm text-slate-300">{description}</p>
          {children}
        </div>
      </div>
    </main>
  );
}
