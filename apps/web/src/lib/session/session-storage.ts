import type { z } from 'zod';
import { dropEarlyAnswers } from '../api/early-answers';
import type { storedSession } from './stored-session';

/** The one localStorage key that holds the whole session (spec 000 §3). */
export const sessionStorageKey = 'dermis.session';

export type StoredSession = z.infer<typeof storedSession>;

export function writeStoredSession(storage: Storage, session: StoredSession): void {
  storage.setItem(sessionStorageKey, JSON.stringify(session));
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(sessionStorageKey);
  // What the page asked for with the stored token is no one's to read once the session is gone.
  dropEarlyAnswers();
}
