import { tokenClaims, type TokenClaims } from '@dermis/contract';

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
    const parsed = tokenClaims.partial().safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A token that cannot be decoded or has no expiry counts as expired. `exp` is in seconds. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = decodeJwt(token)?.exp;
  return exp === undefined || exp * 1000 <= now;
}
