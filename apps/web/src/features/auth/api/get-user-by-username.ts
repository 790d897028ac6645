import { queryOptions } from '@tanstack/react-query';
import type { UserProfile } from '@dermis/contract';
import type { HttpClient } from '../../../lib/api';
import { loadEntryCalls } from '../../../lib/api/entry-call';

/** POST {servers.app}/patient/getByUsername: the signed-in user's profile. */
export function getUserByUsername(client: HttpClient, username: string): Promise<UserProfile> {
  return client.call(() => loadEntryCalls().then((m) => m.getUserByUsername), { body: { username } });
}

export function userByUsernameQuery(client: HttpClient, username: string) {
  return queryOptions({
    queryKey: ['user-by-username', username],
    queryFn: () => getUserByUsername(client, username),
    // Sign-in seeds this; the layout re-reads it once after a reload so a restored session is current.
    staleTime: 5 * 60_000,
  });
}
