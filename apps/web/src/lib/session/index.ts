export { decodeJwt, isTokenExpired } from './jwt';
export { sessionStorageKey, type StoredSession } from './session-storage';
export {
  createSessionStore,
  loadSessionRestore,
  isSignedIn,
  type Session,
  type SessionStore,
  type TwoStepState,
} from './session-store';
export { SessionProvider, useSession, useSessionStore } from './session-context';
export { signOut, useSignOut } from './sign-out';
