import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from './http-client';

const ApiClientContext = createContext<HttpClient | null>(null);

export function ApiClientProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): HttpClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientProvider');
  return client;
}
