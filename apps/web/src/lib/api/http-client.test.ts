import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createSessionStore, type SessionStore } from '../session';
import { servers, userProfileFixture } from '../testing/fixtures';
import { authorizationOf, mockFetch } from '../testing/fetch-mock';
import { ApiError } from './api-error';
import { createHttpClient } from './http-client';

const refreshUrl = '/api/auth/refreshToken/getAccessToken';
const ok = z.object({ ok: z.boolean() });

let session: SessionStore;
let onForbidden: ReturnType<typeof vi.fn<() => void>>;
let onSessionExpired: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.unstubAllGlobals();
  session = createSessionStore(localStorage);
  session.setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh', servers });
  session.setUser(userProfileFixture());
  onForbidden = vi.fn<() => void>();
  onSessionExpired = vi.fn<() => void>();
});

function client() {
  return createHttpClient({ session, onForbidden, onSessionExpired });
}

describe('http client', () => {
  it('sends JSON with the bearer access token and parses the answer with the schema', async () => {
    const fetchMock = mockFetch(() => ({ body: { ok: true, extra: 1 } }));
    const http = client();
    await expect(
      http.request(http.appUrl('x'), { method: 'POST', body: { a: 1 }, schema: ok }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/app/x');
    expect(authorizationOf(init)).toBe('Bearer old-access');
    expect(init!.body).toBe('{"a":1}');
  });

  it('on a 401 refreshes once, stores both rotated tokens and retries with the new access token', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === refreshUrl) {
        expect(authorizationOf(init)).toBe('Bearer old-refresh');
        return { body: { accessToken: 'new-access', refreshToken: 'new-refresh' } };
      }
      return authorizationOf(init) === 'Bearer new-access' ? { body: { ok: true } } : { status: 401 };
    });
    const http = client();
    await expect(http.request('/api/app/x', { schema: ok })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/app/x', refreshUrl, '/api/app/x']);
    expect(session.get()).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const fetchMock = mockFetch(async (url, init) => {
      if (url === refreshUrl) {
        await refreshGate;
        return { body: { accessToken: 'new-access', refreshToken: 'new-refresh' } };
      }
      return authorizationOf(init) === 'Bearer new-access' ? { body: { ok: true } } : { status: 401 };
    });
    const http = client();
    const both = Promise.all([
      http.request('/api/app/a', { schema: ok }),
      http.request('/api/app/b', { schema: ok }),
    ]);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === refreshUrl)).toHaveLength(1),
    );
    releaseRefresh();
    await expect(both).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === refreshUrl)).toHaveLength(1);
  });

  it('does not refresh again for a 401 that answered a call sent before an earlier refresh', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === refreshUrl) return { body: { accessToken: 'new-access', refreshToken: 'new-refresh' } };
      return authorizationOf(init) === 'Bearer new-access' ? { body: { ok: true } } : { status: 401 };
    });
    const http = client();
    await http.request('/api/app/a', { schema: ok });
    // A late 401 for the old token: the store already holds a newer one.
    session.setTokens({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    await http.request('/api/app/b', { schema: ok });
    expect(fetchMock.mock.calls.filter(([url]) => url === refreshUrl)).toHaveLength(1);
  });

  it('signs out when the refresh fails and does not retry', async () => {
    const fetchMock = mockFetch((url) =>
      url === refreshUrl ? { status: 401, body: { error: 'UNAUTHORIZED', message: 'x' } } : { status: 401 },
    );
    const http = client();
    await expect(http.request('/api/app/x', { schema: ok })).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('signs out once when two concurrent calls meet a failing refresh', async () => {
    mockFetch((url) => (url === refreshUrl ? { status: 500 } : { status: 401 }));
    const http = client();
    const results = await Promise.allSettled([http.request('/api/app/a'), http.request('/api/app/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('gives up after one retry when the new token is refused too', async () => {
    const fetchMock = mockFetch((url) =>
      url === refreshUrl
        ? { body: { accessToken: 'new-access', refreshToken: 'new-refresh' } }
        : { status: 401 },
    );
    await expect(client().request('/api/app/x')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not refresh for calls made without the access token (sign-in)', async () => {
    const fetchMock = mockFetch(() => ({
      status: 401,
      body: { error: 'BAD_CREDENTIALS', message: 'Bad Credentials' },
    }));
    await expect(client().request('/api/auth/login', { method: 'POST', auth: 'none' })).rejects.toMatchObject(
      {
        status: 401,
        code: 'BAD_CREDENTIALS',
        message: 'Bad Credentials',
      },
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('takes a wrong-password 401 (BAD_CREDENTIALS) as the answer: no refresh, posted once', async () => {
    const fetchMock = mockFetch(() => ({
      status: 401,
      body: { error: 'BAD_CREDENTIALS', message: 'Bad Credentials' },
    }));
    const http = client();
    await expect(
      http.request(http.appUrl('password/validate'), { method: 'POST', body: { password: 'wrong' } }),
    ).rejects.toMatchObject({ status: 401, code: 'BAD_CREDENTIALS' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/app/password/validate']);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(session.get()).toMatchObject({ accessToken: 'old-access', refreshToken: 'old-refresh' });
  });

  it('reports any 403 so the app can show /forbidden', async () => {
    mockFetch(() => ({ status: 403, body: { error: 'FORBIDDEN', message: 'Access denied.' } }));
    await expect(client().request('/api/app/patient/getDermisPatientById/_rid/5')).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('carries the server error and joins validation descriptions for display', async () => {
    mockFetch(() => ({
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        validationMessages: [
          { field: 'a', description: 'First problem.' },
          { field: 'b', description: 'Second problem.' },
        ],
      },
    }));
    const error = await client()
      .request('/api/app/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
    expect((error as ApiError).displayMessage).toBe('First problem. Second problem.');
  });

  it('turns a network failure and an answer that breaks the contract into ApiErrors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(client().request('/api/app/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    mockFetch(() => ({ body: { ok: 'yes' } }));
    await expect(client().request('/api/app/x', { schema: ok })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
