import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useApiClient, useQueryClientLoader, type HttpClient } from '../api';
import { loadEntryCalls } from '../api/entry-call';
import { forgetAfterSetup } from '../navigation/after-setup';
import type { SessionStore } from './session-store';
import { useSessionStore } from './session-context';

export interface SignOutDeps {
  client: HttpClient;
  store: SessionStore;
  queryClient?: QueryClient;
  /** The session ended because its refresh failed (not the user's choice): /login says so. */
  expired?: boolean;
}

/**
 * Spec 000 §4: revoke the refresh token on the server, then forget everything local. The local part
 * happens first and regardless, so a slow or failing server never leaves a session behind; the
 * query cache goes too because it holds the previous user's health data.
 */
export async function signOut({ client, store, queryClient, expired }: SignOutDeps): Promise<void> {
  const { refreshToken } = store.get();
  if (expired) store.expire();
  else store.clear();
  forgetAfterSetup();
  queryClient?.clear();
  if (!refreshToken) return;
  try {
    await client.call(() => loadEntryCalls().then((m) => m.signOut), { body: { refreshToken } });
  } catch {
    // Ignored on purpose: the token expires on its own and the user asked to leave.
  }
}

export function useSignOut(): () => Promise<void> {
  const client = useApiClient();
  const store = useSessionStore();
  const queries = useQueryClientLoader();
  // The query cache exists only once a chunk that queries has created it.
  return useCallback(
    () => signOut({ client, store, queryClient: queries.current() }),
    [client, store, queries],
  );
}
