import { isTokenExpired } from './jwt';
import { clearStoredSession, type StoredSession } from './session-storage';
import { readStoredSession } from './stored-session';

/**
 * Spec 000 §3: restore only when access token, refresh token, user and servers are all present and
 * the refresh token decodes and has not expired. Anything less is cleared so no half session lingers.
 */
export function restoreSession(storage: Storage, now: number = Date.now()): StoredSession | null {
  const stored = readStoredSession(storage);
  if (
    stored?.accessToken &&
    stored.refreshToken &&
    stored.user &&
    stored.servers &&
    !isTokenExpired(stored.refreshToken, now)
  ) {
    return stored;
  }
  clearStoredSession(storage);
  return null;
}
