import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyPreloadSource } from '../../vite/early-preload';
import {
  earlyAnswersProperty,
  earlyCallKey,
  earlyNowProperty,
  takeEarlyAnswer,
  takeEarlyNow,
} from '../lib/api/early-answers';
import { languageStorageKey } from '../lib/i18n/language-storage';
import { sessionStorageKey } from '../lib/session/session-storage';
import { expiredToken, validToken } from '../lib/testing/fake-jwt';
import { servers, userProfileFixture } from '../lib/testing/fixtures';
import { defaultRange, rangeInstants } from '../features/documents/date-range';

const source = earlyPreloadSource(
  ['assets/app-1.js'],
  { en: ['assets/en-1.js'], es: ['assets/es-1.js'] },
  [['/pharmacies', ['assets/pharmacies-1.js']]],
  [
    ['/pharmacies', [{ method: 'GET', path: 'pharmacy/favorites/_rid/{patient}' }]],
    ['/messages/inbox', [{ method: 'POST', path: 'messages', body: '{"patientId":{patient},"page":0}' }]],
    ['/visits', [{ method: 'POST', path: 'visits', body: '{"patientId":{patient},"from":"{now}"}' }]],
    [
      '/documents',
      [
        { method: 'GET', path: 'documents?from={documentsFrom}&before={documentsBefore}' },
        { method: 'POST', path: 'nearby', body: '{"zipCode":"{zip}"}' },
        { method: 'GET', path: 'invite', when: ['hasFhirPermission', 'patientFhirInvite'] },
      ],
    ],
  ],
);
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build's script, run from its source
const run = () => (new Function(source) as () => void)();

const user = userProfileFixture();
const accessToken = validToken();
const session = { accessToken, refreshToken: validToken(), user, servers, notificationModalShown: false };

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

/** Runs the script at `address` with `stored` as the stored session; the requests it sent. */
function runAt(address: string, stored: unknown = session) {
  window.history.replaceState(null, '', address);
  localStorage.setItem(sessionStorageKey, JSON.stringify(stored));
  run();
  return fetchMock.mock.calls.map(([url, init]) => ({ url, ...init }));
}

beforeEach(() => {
  fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{"ok":true}')));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
  delete (window as unknown as Record<string, unknown>)[earlyAnswersProperty];
  delete (window as unknown as Record<string, unknown>)[earlyNowProperty];
});

describe("the early preload script's calls", () => {
  it("sends the screen's calls with the stored token and leaves each answer for the client", async () => {
    const url = `/api/app/pharmacy/favorites/_rid/${user.id}`;
    expect(runAt('/pharmacies')).toEqual([
      {
        url,
        method: 'GET',
        body: undefined,
        headers: {
          Accept: 'application/json',
          'Accept-Language': 'en',
          Authorization: `Bearer ${accessToken}`,
        },
      },
    ]);
    const answer = await takeEarlyAnswer(earlyCallKey('GET', url, undefined), accessToken, 'en');
    await expect(answer?.json()).resolves.toEqual({ ok: true });
  });

  it("fills the patient's id into a body, sent as JSON in the remembered language", () => {
    localStorage.setItem(languageStorageKey, 'es');
    const [sent] = runAt('/messages/inbox');
    expect(sent).toMatchObject({
      url: '/api/app/messages',
      method: 'POST',
      body: `{"patientId":${user.id},"page":0}`,
      headers: { 'Accept-Language': 'es', 'Content-Type': 'application/json' },
    });
    const key = earlyCallKey('POST', '/api/app/messages', `{"patientId":${user.id},"page":0}`);
    expect(takeEarlyAnswer(key, accessToken, 'es')).toBeDefined();
  });

  it("fills in the Documents screens' range as the app computes it, and the home ZIP code", () => {
    const home = { id: 1, addressLine1: 'x', addressLine2: null, city: 'x', state: null, country: 'US' };
    const addresses = [
      { ...home, active: false, zipCode: '10001' },
      { ...home, active: true, zipCode: 'none' },
      { ...home, active: true, zipCode: ' 34102-1234 ' },
    ];
    const sent = runAt('/documents', {
      ...session,
      user: { ...user, addressInformationInfoList: addresses },
    });
    const { createdFrom = '', createdBefore = '' } = rangeInstants(defaultRange());
    expect(sent.map(({ url, body }) => [url, body])).toEqual([
      [
        `/api/app/documents?from=${encodeURIComponent(createdFrom)}&before=${encodeURIComponent(createdBefore)}`,
        undefined,
      ],
      ['/api/app/nearby', '{"zipCode":"34102"}'],
    ]);
  });

  it('leaves out a call that needs a home ZIP code when the user has none, as the screen does', () => {
    const sent = runAt('/documents', { ...session, user: { ...user, addressInformationInfoList: [] } });
    expect(sent.map(({ url }) => url)).toEqual([expect.stringMatching(/^\/api\/app\/documents\?/)]);
  });

  it('fills in the instant it ran as {now}, and records it for the app to send the same request', () => {
    const before = Date.now();
    const [sent] = runAt('/visits');
    const after = Date.now();
    const recorded = (window as unknown as Record<string, { at: string } | undefined>)[earlyNowProperty];
    const at = recorded?.at ?? '';
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(at)).toBeLessThanOrEqual(after);
    expect(sent?.body).toBe(`{"patientId":${user.id},"from":"${at}"}`);
    // What the app then sends (features/appointments/api): the very request, whose answer it takes.
    const now = takeEarlyNow('visits')?.toISOString();
    const key = earlyCallKey('POST', '/api/app/visits', `{"patientId":${user.id},"from":"${now}"}`);
    expect(takeEarlyAnswer(key, accessToken, 'en')).toBeDefined();
  });

  it('records no instant when no call it sent names it', () => {
    runAt('/documents');
    runAt('/pharmacies');
    expect((window as unknown as Record<string, unknown>)[earlyNowProperty]).toBeUndefined();
  });

  it("sends a call the screen asks only under the user's flags when they all hold", () => {
    const flagged = (hasFhirPermission: boolean, patientFhirInvite: boolean) =>
      runAt('/documents', { ...session, user: { ...user, hasFhirPermission, patientFhirInvite } })
        .map(({ url }) => url)
        .filter((url) => url === '/api/app/invite');
    expect(flagged(true, false)).toEqual([]);
    expect(flagged(false, true)).toEqual([]);
    expect(flagged(true, true)).toEqual(['/api/app/invite']);
  });

  it('sends nothing on an address without early calls, nor below one', () => {
    expect(runAt('/appointments')).toEqual([]);
    expect(runAt('/pharmacies/other')).toEqual([]);
  });

  it('sends nothing for a session the app would not restore, or whose app server is another site', () => {
    const stale = [
      { ...session, refreshToken: expiredToken() },
      { ...session, accessToken: expiredToken() },
      { ...session, accessToken: undefined },
      { ...session, user: undefined },
      { ...session, servers: { ...servers, app: 'https://elsewhere.example/api/app' } },
      { ...session, servers: { ...servers, app: '//elsewhere.example/api/app' } },
      'not a session',
    ];
    for (const stored of stale) expect(runAt('/pharmacies', stored)).toEqual([]);
    expect((window as unknown as Record<string, unknown>)[earlyAnswersProperty]).toBeUndefined();
    expect(runAt('/visits', { ...session, accessToken: expiredToken() })).toEqual([]);
    expect((window as unknown as Record<string, unknown>)[earlyNowProperty]).toBeUndefined();
  });
});
