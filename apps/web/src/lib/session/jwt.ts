import type { TokenClaims } from '@dermis/contract';

const integerClaims = ['practiceId', 'userId', 'exp', 'iat'] as const;

/**
 * The contract's `tokenClaims.partial()`, by hand (the sign-in page carries no zod; decision 049):
 * each claim may be missing, a present one must have its type, other fields are dropped.
 */
export function readTokenClaims(payload: unknown): Partial<TokenClaims> | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  const claims: Partial<TokenClaims> = {};
  for (const name of integerClaims) {
    const value = record[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value)) return null;
    claims[name] = value;
  }
  if (record.username !== undefined) {
    if (typeof record.username !== 'string') return null;
    claims.username = record.username;
  }
  return claims;
}

/**
 * Reads a JWT's payload without verifying it: the browser only needs the claims to decide whether a
 * stored session is still worth restoring. The server verifies every token it receives.
 */
export function decodeJwt(token: string): Partial<TokenClaims> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    return readTokenClaims(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

/** A token that cannot be decoded or has no expiry counts as expired. `exp` is in seconds. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = decodeJwt(token)?.exp;
  return exp === undefined || exp * 1000 <= now;
}
