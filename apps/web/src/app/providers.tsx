import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';

const MAX_QUERY_RETRIES = 2;

export function createQueryClient() {
  return new QueryClient({
    // A page that cannot load its content shows none, and the reason goes to the console (SPEC 8).
    queryCache: new QueryCache({
      onError: (error, query) => console.error('Could not load', query.queryKey, error),
    }),
    defaultOptions: {
      queries: {
        // A client error will not change by asking again; only server and network failures may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < MAX_QUERY_RETRIES,
      },
    },
  });
}

type AppProvidersProps = {
  /** Shared with the routes, whose loaders start a page's queries. */
  queryClient: QueryClient;
  children: ReactNode;
};

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
