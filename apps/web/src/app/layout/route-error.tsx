import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageTitle } from '../../components/ui/page';
import { OfflineNotice } from './offline-notice';

/** Catches what no screen handled, most often a screen's code that failed to download. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <PageTitle title="Something went wrong" />
      <h1 className="text-3xl font-bold text-white">Something went wrong</h1>
      <p className="max-w-md text-slate-300">
        This page could not be displayed. Reloading usually fixes it.
      </p>
      <Button onClick={() => window.location.reload()}>Reload page</Button>
      <OfflineNotice />
    </main>
  );
}
