import { afterEach, describe, expect, it } from 'vitest';
import { validToken } from '../testing/fake-jwt';
import { servers, userProfileFixture } from '../testing/fixtures';
import { createSessionStore } from './session-store';
import { sessionStorageKey } from './session-storage';

function otherTabWrites(value: string | null): void {
  if (value === null) localStorage.removeItem(sessionStorageKey);
  else localStorage.setItem(sessionStorageKey, value);
  window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey, storageArea: localStorage }));
}

describe('session store across tabs', () => {
  afterEach(() => localStorage.clear());

  it('adopts the tokens another tab rotated', () => {
    const store = createSessionStore(localStorage);
    store.setTokens({ accessToken: validToken(), refreshToken: validToken({ userId: 1 }), servers });
    store.setUser(userProfileFixture());
    const rotated = {
      ...store.get(),
      accessToken: validToken({ userId: 2 }),
      refreshToken: validToken({ userId: 3 }),
    };

    let notified = 0;
    store.subscribe(() => (notified += 1));
    otherTabWrites(JSON.stringify(rotated));

    expect(store.get().refreshToken).toBe(rotated.refreshToken);
    expect(notified).toBe(1);
  });

  it('signs out when another tab signs out', () => {
    const store = createSessionStore(localStorage);
    store.setTokens({ accessToken: validToken(), refreshToken: validToken(), servers });
    store.setUser(userProfileFixture());
    otherTabWrites(null);
    expect(store.get().accessToken).toBeUndefined();
  });
});
