import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { createHttpClient, createQueryClientLoader } from '../lib/api';
import { useLanguage } from '../lib/i18n';
import { createSessionStore, signOut } from '../lib/session';
import { AppProviders, type AppServices } from './providers';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

export interface App extends AppServices {
  router: Router;
}

/**
 * Wires the services: the HTTP client reports a 403 (→ /forbidden) and a failed refresh (→ sign-out;
 * the route guard then shows /login, remembering the page). `router` is the page's, made before the
 * app (main.tsx); `initialEntries` gives tests a memory router.
 */
export function createApp(
  options: { storage?: Storage; router?: Router; initialEntries?: string[] } = {},
): App {
  const session = createSessionStore(options.storage ?? localStorage);
  const queries = createQueryClientLoader();
  const client = createHttpClient({
    session,
    // Called only after start-up, once `router` below exists.
    onForbidden: () => void router.navigate(webRoutes.forbidden, { replace: true }),
    onSessionExpired: () =>
      void signOut({ client, store: session, queryClient: queries.current(), expired: true }),
  });
  const router: Router =
    options.router ??
    (options.initialEntries
      ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
      : createBrowserRouter(routes));
  return { session, client, queries, router };
}

export function AppRoot({ app }: { app: App }) {
  // Texts are read with t() while rendering; a new language re-renders the pages from scratch
  // (the router, session and query cache live outside and are kept).
  const language = useLanguage();
  return (
    <AppProviders services={app}>
      <RouterProvider key={language} router={app.router} />
    </AppProviders>
  );
}
