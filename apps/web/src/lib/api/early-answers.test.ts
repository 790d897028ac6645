import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { currentLanguage } from '../i18n';
import { createSessionStore, type SessionStore } from '../session';
import { clearStoredSession } from '../session/session-storage';
import { servers, userProfileFixture } from '../testing/fixtures';
import { authorizationOf, mockFetch } from '../testing/fetch-mock';
import {
  earlyAnswersProperty,
  earlyCallKey,
  earlyNowMaxAgeMs,
  earlyNowProperty,
  takeEarlyNow,
  type EarlyAnswer,
} from './early-answers';
import { createHttpClient } from './http-client';

const ok = z.object({ ok: z.boolean() });
const refreshUrl = '/api/auth/refreshToken/getAccessToken';
const key = earlyCallKey('POST', '/api/app/x', '{"a":1}');

let session: SessionStore;

/** What the page's inline script leaves for the app: one request's answer. */
function sentEarly(answers: Record<string, Partial<EarlyAnswer>>) {
  const early: Record<string, EarlyAnswer> = {};
  for (const [name, answer] of Object.entries(answers))
    early[name] = {
      token: 'old-access',
      language: currentLanguage(),
      answer: Promise.resolve(null),
      ...answer,
    };
  (window as unknown as Record<string, unknown>)[earlyAnswersProperty] = early;
  return early;
}

const reply = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

beforeEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[earlyAnswersProperty];
  delete (window as unknown as Record<string, unknown>)[earlyNowProperty];
  session = createSessionStore(localStorage);
  session.setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh', servers });
  session.setUser(userProfileFixture());
});

function post(onSessionExpired = vi.fn<() => void>()) {
  const http = createHttpClient({ session, onSessionExpired });
  return http.request(http.appUrl('x'), { method: 'POST', body: { a: 1 }, schema: ok });
}

describe("the page's early answers", () => {
  it('are taken for the very request the client would send, once, without sending it again', async () => {
    const early = sentEarly({ [key]: { answer: reply({ ok: true }) } });
    const fetchMock = mockFetch(() => ({ body: { ok: false } }));
    await expect(post()).resolves.toEqual({ ok: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(early[key]).toBeUndefined();
    await expect(post()).resolves.toEqual({ ok: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not taken for another body, another token or another language', async () => {
    const fetchMock = mockFetch(() => ({ body: { ok: false } }));
    sentEarly({ [earlyCallKey('POST', '/api/app/x', '{"a":2}')]: { answer: reply({ ok: true }) } });
    await expect(post()).resolves.toEqual({ ok: false });
    sentEarly({ [key]: { token: 'someone-else', answer: reply({ ok: true }) } });
    await expect(post()).resolves.toEqual({ ok: false });
    sentEarly({ [key]: { language: 'xx', answer: reply({ ok: true }) } });
    await expect(post()).resolves.toEqual({ ok: false });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(authorizationOf(fetchMock.mock.calls[0]![1])).toBe('Bearer old-access');
  });

  it('that failed are sent again by the client', async () => {
    sentEarly({ [key]: { answer: Promise.resolve(null) } });
    const fetchMock = mockFetch(() => ({ body: { ok: true } }));
    await expect(post()).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('of 401 refresh the token and send the request again, as any 401', async () => {
    sentEarly({ [key]: { answer: reply({ error: 'UNAUTHORIZED' }, 401) } });
    const fetchMock = mockFetch((url, init) => {
      if (url === refreshUrl) return { body: { accessToken: 'new-access', refreshToken: 'new-refresh' } };
      return authorizationOf(init) === 'Bearer new-access' ? { body: { ok: true } } : { status: 401 };
    });
    await expect(post()).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([refreshUrl, '/api/app/x']);
  });

  it('are forgotten with the stored session, with the instant the page used', () => {
    sentEarly({ [key]: { answer: reply({ ok: true }) } });
    recordNow('2030-04-05T06:07:08.901Z');
    clearStoredSession(localStorage);
    expect((window as unknown as Record<string, unknown>)[earlyAnswersProperty]).toBeUndefined();
    expect(takeEarlyNow('a', Date.parse('2030-04-05T06:07:09.000Z'))).toBeUndefined();
  });
});

/** What the page's inline script records when it sent a call that names the moment. */
function recordNow(at: string) {
  (window as unknown as Record<string, unknown>)[earlyNowProperty] = { at };
}

describe("the page's instant", () => {
  const at = '2030-04-05T06:07:08.901Z';
  const after = (ms: number) => Date.parse(at) + ms;

  it('is taken once for each use, while it is recent', () => {
    recordNow(at);
    expect(takeEarlyNow('upcoming', after(5_000))).toEqual(new Date(at));
    expect(takeEarlyNow('upcoming', after(5_000))).toBeUndefined();
    expect(takeEarlyNow('past', after(earlyNowMaxAgeMs))).toEqual(new Date(at));
    expect(takeEarlyNow('past', after(5_000))).toBeUndefined();
  });

  it('is not taken when older than a minute, ahead of the clock, unreadable or not recorded', () => {
    expect(takeEarlyNow('upcoming', after(5_000))).toBeUndefined();
    recordNow(at);
    expect(takeEarlyNow('upcoming', after(earlyNowMaxAgeMs + 1))).toBeUndefined();
    expect(takeEarlyNow('past', after(-1))).toBeUndefined();
    recordNow('not an instant');
    expect(takeEarlyNow('upcoming', after(5_000))).toBeUndefined();
  });
});
