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

/** Forgets every early answer: the stored session was not restored, or the patient signed out. */
export function dropEarlyAnswers(): void {
  if (typeof window !== 'undefined')
    delete (window as unknown as Record<string, unknown>)[earlyAnswersProperty];
}
