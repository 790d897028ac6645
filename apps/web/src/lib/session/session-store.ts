import type { ServersInfo, TwoFactorType, UserProfile } from '@dermis/contract';
import type { restoreSession } from './restore-session';
import {
  clearStoredSession,
  sessionStorageKey,
  writeStoredSession,
  type StoredSession,
} from './session-storage';

/**
 * Login-time two-step state (spec 000 §3). Only the sign-in answer fills it for now; the two-step
 * modals of a later release add the profiles, setup time and failure flag to the same shape.
 */
export interface TwoStepState {
  available2FATypes: TwoFactorType[];
  preferredProfileId: number | null;
  preferredProfileType: TwoFactorType | null;
  hasMoreProfiles: boolean;
  username: string;
  userId?: number;
  practiceId?: number;
  setup2FATime?: number;
  is2FASetupMandatory?: boolean;
  twoStepFailed?: boolean;
}

export interface Session extends StoredSession {
  /** In memory only: a reload restarts a two-step sign-in from the password step. */
  twoStep?: TwoStepState;
  /** In memory only: the session ended because its refresh failed, so /login says why. */
  expired?: boolean;
}

/** Plain functions (no `this`), so they can be handed to useSyncExternalStore as they are. */
export interface SessionStore {
  get: () => Session;
  subscribe: (listener: () => void) => () => void;
  setTokens: (tokens: { accessToken: string; refreshToken: string; servers?: ServersInfo }) => void;
  setUser: (user: UserProfile) => void;
  startTwoStep: (tempToken: string, twoStep: TwoStepState) => void;
  setNotificationModalShown: (shown: boolean) => void;
  /** Sign-out and sign-in start: drops tokens, servers, user and resets the notification-modal flag. */
  clear: () => void;
  /** Like clear, for a session whose refresh failed: /login then shows session.expiredNotice. */
  expire: () => void;
}

const empty: Session = { notificationModalShown: false };

export function isSignedIn(
  session: Session,
): session is Session & Required<Pick<Session, 'accessToken' | 'refreshToken' | 'user' | 'servers'>> {
  return Boolean(session.accessToken && session.refreshToken && session.user && session.servers);
}

let restore: typeof restoreSession | undefined;

/**
 * Loads the check of a stored session (restore-session.ts: the contract's user schema, and zod with
 * it). A visitor with nothing stored never needs it, so /login does not download it (decision 049);
 * main.tsx awaits it before the first render when a session is stored, and the web tests' setup too.
 */
export async function loadSessionRestore(): Promise<void> {
  restore ??= (await import('./restore-session')).restoreSession;
}

function restoreFrom(storage: Storage, now: number): Session | null {
  if (storage.getItem(sessionStorageKey) === null) return null;
  if (!restore) throw new Error('A stored session is read only after loadSessionRestore()');
  return restore(storage, now);
}

/** A tiny external store (for useSyncExternalStore) that mirrors itself to localStorage. */
export function createSessionStore(storage: Storage = localStorage, now: number = Date.now()): SessionStore {
  let state: Session = restoreFrom(storage, now) ?? empty;
  const listeners = new Set<() => void>();

  // Another tab that refreshes (rotating the refresh token), signs in or signs out writes the same
  // key. Adopting its session keeps this tab from presenting a spent refresh token, which the server
  // treats as theft and answers by revoking the whole session.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== storage || (event.key !== null && event.key !== sessionStorageKey)) return;
      const adopt = () => {
        state = restoreFrom(storage, Date.now()) ?? empty;
        listeners.forEach((listener) => listener());
      };
      // A session another tab stored is checked first, which may need the check's chunk.
      if (restore || storage.getItem(sessionStorageKey) === null) adopt();
      else void loadSessionRestore().then(adopt);
    });
  }

  function set(next: Session): void {
    state = next;
    const { twoStep: _inMemoryOnly, expired, ...persisted } = next;
    if (next === empty || expired) clearStoredSession(storage);
    else writeStoredSession(storage, persisted);
    listeners.forEach((listener) => listener());
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTokens({ accessToken, refreshToken, servers }) {
      set({
        ...state,
        accessToken,
        refreshToken,
        servers: servers ?? state.servers,
        tempToken: undefined,
        twoStep: undefined,
      });
    },
    setUser(user) {
      set({ ...state, user });
    },
    startTwoStep(tempToken, twoStep) {
      set({ ...empty, tempToken, twoStep });
    },
    setNotificationModalShown(shown) {
      set({ ...state, notificationModalShown: shown });
    },
    clear() {
      set(empty);
    },
    expire() {
      set({ ...empty, expired: true });
    },
  };
}
