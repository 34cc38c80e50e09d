import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createRoutes } from './app/route-table';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// Zod's first parse probes for `new Function`, which the CSP blocks and reports. Zod keeps its
// settings in this global object, so setting it here costs pages that never use zod nothing.
const zodHolder = globalThis as { __zod_globalConfig?: object };
Object.assign((zodHolder.__zod_globalConfig ??= {}), { jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));
const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread until the whole page is built, so the page answers input sooner.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

registerServiceWorker();
