import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { createHttpClient, createQueryClient } from '../lib/api';
import { createSessionStore, signOut } from '../lib/session';
import { AppProviders, type AppServices } from './providers';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

export interface App extends AppServices {
  router: Router;
}

/**
 * Wires the services: the HTTP client reports a 403 (→ /forbidden) and a failed refresh (→ sign-out;
 * the route guard then shows /login, remembering the page). `initialEntries` gives tests a memory router.
 */
export function createApp(options: { storage?: Storage; initialEntries?: string[] } = {}): App {
  const session = createSessionStore(options.storage ?? localStorage);
  const queryClient = createQueryClient();
  const client = createHttpClient({
    session,
    // Called only after start-up, once `router` below exists.
    onForbidden: () => void router.navigate(webRoutes.forbidden, { replace: true }),
    onSessionExpired: () => void signOut({ client, store: session, queryClient }),
  });
  const router: Router = options.initialEntries
    ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
    : createBrowserRouter(routes);
  return { session, client, queryClient, router };
}

export function AppRoot({ app }: { app: App }) {
  return (
    <AppProviders services={app}>
      <RouterProvider router={app.router} />
    </AppProviders>
  );
}
