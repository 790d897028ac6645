import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import {
  ApiClientProvider,
  QueryClientLoaderProvider,
  type HttpClient,
  type QueryClientLoader,
} from '../lib/api';
import { SessionProvider, type SessionStore } from '../lib/session';
import { cssVariablesResolver, theme } from '../lib/theme';

export interface AppServices {
  session: SessionStore;
  client: HttpClient;
  /** TanStack Query's client, created by the first chunk that queries (lib/api/query-loader.tsx). */
  queries: QueryClientLoader;
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    // Light only: the colour choices are contrast-checked for the light scheme.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientLoaderProvider loader={services.queries}>
        <SessionProvider store={services.session}>
          <ApiClientProvider client={services.client}>{children}</ApiClientProvider>
        </SessionProvider>
      </QueryClientLoaderProvider>
    </MantineProvider>
  );
}
