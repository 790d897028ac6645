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

  it('returns to a health app authorization request', () => {
    expect(signInTarget({ pathname: '/health-apps/authorize/abc_DEF-1', search: '', hash: '' }, done)).toBe(
      '/health-apps/authorize/abc_DEF-1',
    );
  });

  it('never leaves the site: a remembered location that is not a path of this origin goes home', () => {
    for (const pathname of [
      '//evil.example/x',
      '/\\evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
    ])
      expect(signInTarget({ pathname, search: '', hash: '' }, done)).toBe('/');
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
