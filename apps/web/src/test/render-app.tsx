import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from '../app/providers';
import { createRoutes } from '../app/route-table';
import { TOKEN_STORAGE_KEY } from '../lib/auth-token';

type RenderAppOptions = { token?: string };

/** The whole app, as the browser would show it at `path`. */
export function renderApp(path: string, { token }: RenderAppOptions = {}) {
  if (token !== undefined) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}
