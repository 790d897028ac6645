/**
 * The answers to a main screen's first calls, asked for by the page's inline script while the app's
 * files download (vite/early-preload.ts, decision 328). The HTTP client takes one instead of sending
 * the same request again only when it is the very request it would send: same method, address and
 * body, the same access token (so the same access rule was applied to it) and the same language.
 * Anything else, or an early request that failed, and the client sends its own, as without the script.
 */

/** The property of `window` the inline script keeps the answers on, by `earlyCallKey`. */
export const earlyAnswersProperty = '__dermisEarlyAnswers';

export interface EarlyAnswer {
  /** The access token sent, '' for a public call. */
  token: string;
  language: string;
  /** The response, or null when the request failed. */
  answer: Promise<Response | null>;
}

/** One request, as the inline script and the HTTP client both name it. */
export function earlyCallKey(method: string, url: string, body: string | undefined): string {
  return `${method} ${url} ${body ?? ''}`;
}

function earlyAnswers(): Record<string, EarlyAnswer | undefined> | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, Record<string, EarlyAnswer | undefined> | undefined>)[
    earlyAnswersProperty
  ];
}

/**
 * The early answer to this request, taken once (a response body reads once), or undefined when the
 * script did not send this request with this token and language.
 */
export function takeEarlyAnswer(
  key: string,
  token: string | undefined,
  language: string,
): Promise<Response | null> | undefined {
  const answers = earlyAnswers();
  const early = answers?.[key];
  if (!answers || !early) return undefined;
  delete answers[key];
  return early.token === (token ?? '') && early.language === language ? early.answer : undefined;
}

/**
 * The property of `window` the inline script records the instant it filled in as `{now}` on (an ISO
 * instant, `at`), when it sent a call that names it (Appointments' visit lists, decision 331); the app
 * adds there each use that has taken it (`taken`).
 */
export const earlyNowProperty = '__dermisEarlyNow';

export interface EarlyNow {
  at: string;
  taken?: string[];
}

/**
 * How old the page's instant may be and still stand for "now": a slow phone's first visit runs the
 * app 4–9 s after the page arrived (decision 328), a minute leaves room for a much slower one; a page
 * whose app runs later than that (a tab opened in the background, a phone put to sleep) reads the
 * clock again, its early answer then being of no use.
 */
export const earlyNowMaxAgeMs = 60_000;

/**
 * The instant the page's inline script used as "now", for `use`'s first request in this page only, and
 * only while it is recent (not older than `earlyNowMaxAgeMs`, not ahead of the clock); undefined
 * otherwise, and the caller reads the clock. With it the request is the very one the script sent, and
 * the HTTP client takes its answer (decision 331).
 */
export function takeEarlyNow(use: string, clock: number = Date.now()): Date | undefined {
  if (typeof window === 'undefined') return undefined;
  const recorded = (window as unknown as Record<string, EarlyNow | undefined>)[earlyNowProperty];
  if (typeof recorded?.at !== 'string') return undefined;
  const taken = (recorded.taken ??= []);
  if (taken.includes(use)) return undefined;
  taken.push(use);
  const at = new Date(recorded.at);
  const age = clock - at.getTime();
  return age >= 0 && age <= earlyNowMaxAgeMs ? at : undefined;
}

/** Forgets every early answer: the stored session was not restored, or the patient signed out. */
export function dropEarlyAnswers(): void {
  if (typeof window === 'undefined') return;
  const page = window as unknown as Record<string, unknown>;
  delete page[earlyAnswersProperty];
  delete page[earlyNowProperty];
}
