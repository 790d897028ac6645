import { describe, expect, it } from 'vitest';
import { readLoginState } from './login-state';

describe('readLoginState', () => {
  it('reads banners, the username and the way back, filling an absent search and hash', () => {
    expect(
      readLoginState({
        errors: ['e'],
        warnings: [],
        notifications: ['n'],
        username: 'jdoe',
        from: { pathname: '/appointments' },
        other: 1,
      }),
    ).toEqual({
      errors: ['e'],
      warnings: [],
      notifications: ['n'],
      username: 'jdoe',
      from: { pathname: '/appointments', search: '', hash: '' },
    });
    expect(readLoginState({ from: { pathname: '/a', search: '?x=1', hash: '#h' } })).toEqual({
      from: { pathname: '/a', search: '?x=1', hash: '#h' },
    });
  });

  it('reads anything unexpected as empty', () => {
    for (const state of [
      null,
      undefined,
      'x',
      [],
      { errors: 'e' },
      { warnings: [1] },
      { username: 5 },
      { from: '/a' },
      { from: { search: '' } },
      { from: { pathname: '/a', hash: 1 } },
      { username: 'ok', notifications: [null] },
    ]) {
      expect(readLoginState(state), JSON.stringify(state)).toEqual({});
    }
  });
});
