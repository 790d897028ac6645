import { useCallback, useSyncExternalStore } from 'react';
import { isApiError } from './api-error';
import type { HttpClient } from './http-client';

// A public answer every page shows (the practice's branding, the server's version), fetched once per
// app and kept: what TanStack Query's `staleTime: Infinity` gave, without bringing Query to /login
// (decision 049). A network failure or 5xx is tried once more, like the app's queries.

interface Entry {
  data: unknown;
  started: boolean;
  listeners: Set<() => void>;
}

const retryDelayMs = 1000;
const caches = new WeakMap<HttpClient, Map<string, Entry>>();

function entryOf(client: HttpClient, key: string): Entry {
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = new Map<string, Entry>()));
  let entry = cache.get(key);
  if (!entry) cache.set(key, (entry = { data: undefined, started: false, listeners: new Set() }));
  return entry;
}

function start(entry: Entry, fetch: () => Promise<unknown>): void {
  if (entry.started) return;
  entry.started = true;
  const attempt = (retried: boolean): void => {
    fetch().then(
      (data) => {
        entry.data = data;
        entry.listeners.forEach((listener) => listener());
      },
      (error: unknown) => {
        const clientError = isApiError(error) && error.status >= 400 && error.status < 500;
        if (!retried && !clientError) setTimeout(() => attempt(true), retryDelayMs);
      },
    );
  };
  attempt(false);
}

/** The answer of `fetch` for this app's client under `key`; undefined while loading or after a failure. */
export function usePublicResource<T>(
  client: HttpClient,
  key: string,
  fetch: (client: HttpClient) => Promise<T>,
): T | undefined {
  const entry = entryOf(client, key);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      start(entry, () => fetch(client));
      return () => entry.listeners.delete(listener);
    },
    // `fetch` is a module-level function for each key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entry, client],
  );
  return useSyncExternalStore(subscribe, () => entry.data as T | undefined);
}
