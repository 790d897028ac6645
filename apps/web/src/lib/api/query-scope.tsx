import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { useQueryClientLoader } from './query-loader';

/** The app's QueryClient for the components inside (query-loader.tsx); imported only by lazy chunks. */
export function QueryScope({ children }: { children: ReactNode }) {
  const client = useQueryClientLoader().getOrCreate(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The layout route around every route whose screens query (routes.tsx). */
export function QueryLayout() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
