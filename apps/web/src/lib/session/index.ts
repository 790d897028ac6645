export { decodeJwt, isTokenExpired } from './jwt';
export { sessionStorageKey, readStoredSession, type StoredSession } from './session-storage';
export { restoreSession } from './restore-session';
export {
  createSessionStore,
  isSignedIn,
  type Session,
  type SessionStore,
  type TwoStepState,
} from './session-store';
export { SessionProvider, useSession, useSessionStore } from './session-context';
export { signOut, useSignOut } from './sign-out';
