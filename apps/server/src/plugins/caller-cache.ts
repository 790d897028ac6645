/**
 * The caller check of `authenticate`, kept per process for a few seconds (decision 286): a screen's
 * first load makes several calls at once with one token, and each would otherwise repeat the same
 * statement. Revocation stays immediate (decision 043) because the database announces every change
 * that can end or alter a caller (migration 0481) and every process drops what is announced; while
 * the announcements cannot be heard (start-up, a lost connection) nothing is kept or served.
 */
import type { CallerParams, CallerRow } from './authenticate';

/** The channel migration 0481's triggers announce on. */
export const callerChangesChannel = 'dermis_caller';

/**
 * How long a caller row is served without the statement. Announcements are what make revocation
 * immediate; this bound only limits what an unannounced change (a script that disables triggers)
 * could leave, and is long enough to cover a screen's burst of calls and the next click.
 */
export const callerCacheMilliseconds = 5_000;

/** The caller as read by the statement, with the time left before its session ends. */
export interface FreshCaller {
  row: CallerRow;
  sessionMillisecondsLeft: number;
}

/** What an announcement (or a change made by this process) names. */
export type CallerChange = { sessionId: string } | { userId: number } | { patientId: number } | 'all';

interface Entry {
  row: CallerRow;
  /** performance.now() after which the entry is not served. */
  until: number;
}

interface Pending {
  generation: number;
  promise: Promise<FreshCaller | undefined>;
}

/** Above this many entries, the expired ones are swept on the next insert. */
const sweepAbove = 1_000;

export class CallerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Pending>();
  /** Bumped by every change: a read started before one may have seen the old state, so it is not kept. */
  #generation = 0;
  #listening = false;
  /** Announcements waited for by `heard`, and states by `whenListening`. */
  readonly #waiting = new Map<string, (() => void)[]>();
  #stateWaiting: { listening: boolean; resolve: () => void }[] = [];

  constructor(private readonly milliseconds: number = callerCacheMilliseconds) {
    everyCache.add(this);
  }

  /** The announcements are heard from now on: whatever was missed before is forgotten. */
  connected(): void {
    this.forget('all');
    this.#listening = true;
    this.#stateChanged();
  }

  /** The announcements may be missed from now on: nothing is served or kept until `connected`. */
  disconnected(): void {
    this.#listening = false;
    this.forget('all');
    this.#stateChanged();
  }

  /** Resolves once the listener is (`true`) or is not (`false`) subscribed. */
  whenListening(listening = true): Promise<void> {
    if (this.#listening === listening) return Promise.resolve();
    return new Promise((resolve) => this.#stateWaiting.push({ listening, resolve }));
  }

  #stateChanged(): void {
    const ready = this.#stateWaiting.filter((w) => w.listening === this.#listening);
    this.#stateWaiting = this.#stateWaiting.filter((w) => w.listening !== this.#listening);
    for (const waiter of ready) waiter.resolve();
  }

  /** An announcement of migration 0481: 's:<session id>', 'u:<account id>', 'p:<patient id>' or '*'. */
  announced(payload: string): void {
    this.forget(changeOf(payload));
    const waiting = this.#waiting.get(payload);
    this.#waiting.delete(payload);
    for (const resolve of waiting ?? []) resolve();
  }

  /** Resolves once `payload` has been announced and applied (for tests of other processes' changes). */
  heard(payload: string): Promise<void> {
    return new Promise((resolve) =>
      this.#waiting.set(payload, [...(this.#waiting.get(payload) ?? []), resolve]),
    );
  }

  forget(change: CallerChange): void {
    this.#generation++;
    // Reads in flight may have seen the old state: a later caller must not join them.
    this.#pending.clear();
    if (change === 'all') {
      this.#entries.clear();
      return;
    }
    if ('sessionId' in change) {
      this.#entries.delete(change.sessionId);
      return;
    }
    for (const [sessionId, { row }] of this.#entries) {
      if ('userId' in change ? row.id === change.userId : row.patientId === change.patientId)
        this.#entries.delete(sessionId);
    }
  }

  /** Called when this cache's app closes. */
  close(): void {
    this.disconnected();
    everyCache.delete(this);
  }

  /**
   * The caller of `params`: from an entry of the same session, account and practice, or from `load`
   * (the statement), which concurrent checks of one token share.
   */
  async read(
    params: CallerParams,
    load: () => Promise<FreshCaller | undefined>,
  ): Promise<CallerRow | undefined> {
    if (!this.#listening || this.milliseconds <= 0) return (await load())?.row;
    const entry = this.#entries.get(params.sessionId);
    if (entry && entry.until > performance.now() && matches(entry.row, params)) return entry.row;

    const key = `${params.sessionId} ${params.userId} ${params.practiceId}`;
    const pending = this.#pending.get(key);
    if (pending && pending.generation === this.#generation) return (await pending.promise)?.row;

    const generation = this.#generation;
    const started = performance.now();
    const promise = load();
    this.#pending.set(key, { generation, promise });
    try {
      const fresh = await promise;
      // Kept only when no change was announced (or the listener lost) while the statement ran.
      if (fresh && generation === this.#generation && this.#listening) {
        if (this.#entries.size >= sweepAbove) this.#sweep();
        const lasts = Math.min(this.milliseconds, fresh.sessionMillisecondsLeft);
        this.#entries.set(params.sessionId, { row: fresh.row, until: started + lasts });
      }
      return fresh?.row;
    } finally {
      if (this.#pending.get(key)?.promise === promise) this.#pending.delete(key);
    }
  }

  #sweep(): void {
    const now = performance.now();
    for (const [sessionId, entry] of this.#entries) if (entry.until <= now) this.#entries.delete(sessionId);
  }
}

function matches(row: CallerRow, params: CallerParams): boolean {
  return row.id === params.userId && row.practiceId === params.practiceId;
}

function changeOf(payload: string): CallerChange {
  const [kind, id = ''] = [payload.slice(0, 1), payload.slice(2)];
  if (kind === 's') return { sessionId: id };
  const numeric = Number(id);
  if (kind === 'u' && Number.isInteger(numeric)) return { userId: numeric };
  if (kind === 'p' && Number.isInteger(numeric)) return { patientId: numeric };
  // Anything else (a truncate's '*', or a form this code does not know): forget everything.
  return 'all';
}

/**
 * Every cache of the process, for changes this process makes itself: they are dropped at once,
 * without waiting for their announcement to come back from PostgreSQL.
 */
const everyCache = new Set<CallerCache>();

/** Drops the entries `change` may have ended or altered, in every cache of the process. */
export function forgetCallers(change: CallerChange): void {
  for (const cache of everyCache) cache.forget(change);
}
