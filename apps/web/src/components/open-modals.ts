import { useEffect, useSyncExternalStore } from 'react';

// Which AppModals are open right now, so that a modal nobody asked for (the start-up modal) waits
// instead of opening over a dialog the user has just opened (decision 049, "Later").
let openCount = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(delta: number): void {
  openCount += delta;
  for (const listener of listeners) listener();
}

/** Counts this modal as open while `open` is true. */
export function useRegisterOpenModal(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    change(1);
    return () => change(-1);
  }, [open]);
}

/** How many AppModals are open (not counting one that has not registered itself). */
export function useOpenModalCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => openCount,
    () => 0,
  );
}
