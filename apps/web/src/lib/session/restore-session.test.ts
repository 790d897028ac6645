import { describe, expect, it } from 'vitest';
import { expiredToken, validToken } from '../testing/fake-jwt';
import { servers, userProfileFixture } from '../testing/fixtures';
import { restoreSession } from './restore-session';
import { sessionStorageKey } from './session-storage';
import { createSessionStore } from './session-store';

function store(session: Record<string, unknown>) {
  localStorage.setItem(sessionStorageKey, JSON.stringify(session));
}

const complete = () => ({
  accessToken: validToken(),
  refreshToken: validToken(),
  user: userProfileFixture(),
  servers,
  notificationModalShown: true,
});

describe('restoreSession', () => {
  it('restores when access token, refresh token, user and servers are present and the refresh token is valid', () => {
    const session = complete();
    store(session);
    expect(restoreSession(localStorage)).toEqual(session);
    expect(localStorage.getItem(sessionStorageKey)).not.toBeNull();
  });

  it.each(['accessToken', 'refreshToken', 'user', 'servers'])(
    'clears the session when %s is missing',
    (piece) => {
      const session: Record<string, unknown> = complete();
      delete session[piece];
      store(session);
      expect(restoreSession(localStorage)).toBeNull();
      expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    },
  );

  it('clears the session when the refresh token has expired', () => {
    store({ ...complete(), refreshToken: expiredToken() });
    expect(restoreSession(localStorage)).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });

  it('clears the session when the refresh token cannot be decoded', () => {
    store({ ...complete(), refreshToken: 'not-a-jwt' });
    expect(restoreSession(localStorage)).toBeNull();
    store({ ...complete(), refreshToken: 'a.!!!.b' });
    expect(restoreSession(localStorage)).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });

  it('restores with an expired access token: the refresh token renews it', () => {
    store({ ...complete(), accessToken: expiredToken() });
    expect(restoreSession(localStorage)).not.toBeNull();
  });

  it('clears corrupt storage', () => {
    localStorage.setItem(sessionStorageKey, '{not json');
    expect(restoreSession(localStorage)).toBeNull();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });
});

describe('createSessionStore', () => {
  it('starts from the restored session and persists changes under one key', () => {
    store(complete());
    const sessionStore = createSessionStore(localStorage);
    expect(sessionStore.get().user?.firstName).toBe('Jane');

    sessionStore.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    const saved = JSON.parse(localStorage.getItem(sessionStorageKey)!) as Record<string, unknown>;
    expect(saved).toMatchObject({ accessToken: 'a2', refreshToken: 'r2', servers });
  });

  it('clear drops tokens, servers and user and resets the notification-modal flag', () => {
    store(complete());
    const sessionStore = createSessionStore(localStorage);
    sessionStore.clear();
    expect(sessionStore.get()).toEqual({ notificationModalShown: false });
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });
});
