import { useEffect } from 'react';
import { replaceEqualDeep, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@dermis/contract';
import { userByUsernameQuery } from '../../features/auth/api/get-user-by-username';
import { useApiClient } from '../../lib/api';
import { useSessionStore } from '../../lib/session';

/**
 * Re-reads the signed-in user once per session start (sign-in seeds the cache), so a restored session
 * shows current data, e.g. a newly linked minor. It is also the first authenticated call after a
 * reload, which is where an unusable stored token is found out (refresh, or sign-out).
 */
export function useCurrentUserSync(user: UserProfile): void {
  const client = useApiClient();
  const store = useSessionStore();
  const { data } = useQuery(userByUsernameQuery(client, user.username));
  useEffect(() => {
    const stored = store.get();
    // Usually the very user stored: setting it again would re-render every screen that reads the
    // session, the whole page, for nothing.
    if (data && stored.accessToken && replaceEqualDeep(stored.user, data) !== stored.user)
      store.setUser(data);
  }, [data, store]);
}
