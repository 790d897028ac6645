import type * as entryCalls from './entry-calls';

export type EntryCalls = typeof entryCalls;

/**
 * The entry calls' module (and zod with it), loaded once on first use: a page of the entry chunk
 * calls `client.call(() => loadEntryCalls().then((m) => m.signIn), input)` (decision 200).
 */
export function loadEntryCalls(): Promise<EntryCalls> {
  return import('./entry-calls');
}
