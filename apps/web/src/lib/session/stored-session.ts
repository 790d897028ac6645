import { z } from 'zod';
import { serversInfo, userProfile } from '@dermis/contract';
import { sessionStorageKey } from './session-storage';

/**
 * The stored session's check. With the contract's user schema it brings zod, so it is loaded only when
 * something is stored (session-store.ts, `loadSessionRestore`; decision 049).
 */
export const storedSession = z.object({
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  tempToken: z.string().optional(),
  user: userProfile.optional(),
  servers: serversInfo.optional(),
  notificationModalShown: z.boolean().default(false),
});

/** Anything unreadable (old shape, hand-edited, corrupt JSON) reads as no session. */
export function readStoredSession(storage: Storage): z.infer<typeof storedSession> | null {
  const raw = storage.getItem(sessionStorageKey);
  if (!raw) return null;
  try {
    const parsed = storedSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
