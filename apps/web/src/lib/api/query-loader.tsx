import { createContext, useContext, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one TanStack QueryClient, created on first use. TanStack Query (about 11 kB gzip) is not
 * in the entry chunk (decision 049): /login neither queries nor caches, so only the chunks that do
 * (signed-in screens and header, the two-step modals, recovery and invitation pages) import it, and
 * give their components the client through `QueryScope` (query-scope.tsx).
 */
export interface QueryClientLoader {
  /** The client if some chunk has created it already. */
  current: () => QueryClient | undefined;
  /** The client, created with `create` the first time. */
  getOrCreate: (create: () => QueryClient) => QueryClient;
  /** The client, loading TanStack Query first when no chunk has yet. */
  load: () => Promise<QueryClient>;
}

export function createQueryClientLoader(existing?: QueryClient): QueryClientLoader {
  let client = existing;
  const getOrCreate = (create: () => QueryClient) => (client ??= create());
  return {
    current: () => client,
    getOrCreate,
    load: async () => client ?? getOrCreate((await import('./query-client')).createQueryClient),
  };
}

const QueryClientLoaderContext = createContext<QueryClientLoader | null>(null);

export function QueryClientLoaderProvider({
  loader,
  children,
}: {
  loader: QueryClientLoader;
  children: ReactNode;
}) {
  return <QueryClientLoaderContext value={loader}>{children}</QueryClientLoaderContext>;
}

export function useQueryClientLoader(): QueryClientLoader {
  const loader = useContext(QueryClientLoaderContext);
  if (!loader) throw new Error('useQueryClientLoader needs a QueryClientLoaderProvider');
  return loader;
}
