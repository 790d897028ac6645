import type { TokenClaims } from '@dermis/contract';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given claims; the browser never verifies signatures, so tests need none. */
export function fakeJwt(claims: Partial<TokenClaims> & { exp: number }): string {
  const payload = { practiceId: 1, userId: 10, username: 'jdoe', iat: claims.exp - 3600, ...claims };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

export function validToken(claims: Partial<TokenClaims> = {}): string {
  return fakeJwt({ exp: inOneHour(), ...claims });
}

export function expiredToken(claims: Partial<TokenClaims> = {}): string {
  return fakeJwt({ exp: Math.floor(Date.now() / 1000) - 60, ...claims });
}
