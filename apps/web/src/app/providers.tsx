import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ApiClientProvider, type HttpClient } from '../lib/api';
import { SessionProvider, type SessionStore } from '../lib/session';
import { cssVariablesResolver, theme } from '../lib/theme';

export interface AppServices {
  session: SessionStore;
  client: HttpClient;
  queryClient: QueryClient;
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    // Light only: the colour choices are contrast-checked for the light scheme.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={services.queryClient}>
        <SessionProvider store={services.session}>
          <ApiClientProvider client={services.client}>{children}</ApiClientProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
