import { z } from 'zod';
import { serversInfo, userProfile } from '@dermis/contract';

/** The one localStorage key that holds the whole session (spec 000 §3). */
export const sessionStorageKey = 'dermis.session';

export const storedSession = z.object({
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  tempToken: z.string().optional(),
  user: userProfile.optional(),
  servers: serversInfo.optional(),
  notificationModalShown: z.boolean().default(false),
});
export type StoredSession = z.infer<typeof storedSession>;

/** Anything unreadable (old shape, hand-edited, corrupt JSON) reads as no session. */
export function readStoredSession(storage: Storage): StoredSession | null {
  const raw = storage.getItem(sessionStorageKey);
  if (!raw) return null;
  try {
    const parsed = storedSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(storage: Storage, session: StoredSession): void {
  storage.setItem(sessionStorageKey, JSON.stringify(session));
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(sessionStorageKey);
}
