import { describe, expect, it } from 'vitest';
import { signInTarget } from './sign-in-target';

const done = { dermisFirstTimeSetupComplete: true };

describe('signInTarget', () => {
  it('returns to the remembered location, search included', () => {
    expect(signInTarget({ pathname: '/pharmacies', search: '?q=1', hash: '' }, done)).toBe('/pharmacies?q=1');
  });

  it('goes home without a remembered location, or when it was /logout', () => {
    expect(signInTarget(undefined, done)).toBe('/');
    expect(signInTarget({ pathname: '/logout', search: '', hash: '' }, done)).toBe('/');
  });

  it('sends a user with unfinished first-time setup there first', () => {
    expect(
      signInTarget(
        { pathname: '/pharmacies', search: '', hash: '' },
        { dermisFirstTimeSetupComplete: false },
      ),
    ).toBe('/first-time-login');
  });
});
