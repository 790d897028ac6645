import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  ApiClientProvider,
  QueryClientLoaderProvider,
  createHttpClient,
  createQueryClientLoader,
  type HttpClient,
} from '../api';
import { createQueryClient } from '../api/query-client';
import { SessionProvider, createSessionStore, type SessionStore } from '../session';
import { cssVariablesResolver, theme } from '../theme';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderOptions {
  route?: string;
  /** Route pattern the element is mounted at, so useParams works. */
  path?: string;
  session?: SessionStore;
  client?: HttpClient;
  queryClient?: QueryClient;
  /** Extra routes, e.g. a target page to land on. */
  routes?: ReactNode;
}

/** The app's providers around one element, with a location probe for asserting navigation. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const session = options.session ?? createSessionStore(localStorage);
  const client = options.client ?? createHttpClient({ session });
  const queryClient = options.queryClient ?? createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientLoaderProvider loader={createQueryClientLoader(queryClient)}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={session}>
            <ApiClientProvider client={client}>
              <MemoryRouter initialEntries={[options.route ?? '/']}>
                <Routes>
                  <Route path={options.path ?? '*'} element={ui} />
                  {options.routes}
                </Routes>
                <LocationProbe />
              </MemoryRouter>
            </ApiClientProvider>
          </SessionProvider>
        </QueryClientProvider>
      </QueryClientLoaderProvider>
    </MantineProvider>,
  );
  return { ...result, session, client, queryClient };
}
