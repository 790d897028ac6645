import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Session, SessionStore } from './session-store';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore needs a SessionProvider');
  return store;
}

export function useSession(): Session {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get);
}
