/**
 * Signed tokens (HS256 JWT). Every token carries `typ` so that one kind can never be used as another:
 * an access endpoint refuses a refresh token and the refresh endpoint refuses an access token.
 */
import { webcrypto } from 'node:crypto';
import { tokenClaims } from '@dermis/contract';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

export type TokenType = 'access' | 'refresh' | 'temp';

export interface TokenSubject {
  practiceId: number;
  userId: number;
  username: string;
}

export interface VerifiedToken extends TokenSubject {
  typ: TokenType;
  jti: string | undefined;
  /** The sign-in session (access and refresh tokens): revoking it ends both at once. */
  sid: string | undefined;
  exp: number;
  iat: number;
}

export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  tempTokenTtlSeconds: number;
}

const claims = tokenClaims.extend({
  typ: z.enum(['access', 'refresh', 'temp']),
  jti: z.string().optional(),
  sid: z.string().optional(),
});

export class TokenService {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly lifetimes: TokenLifetimes,
  ) {
    // Imported once: given the raw secret, jose imports it anew for every token it signs or checks.
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /**
   * `sid` names the session; `notAfter` caps the expiry at the session's absolute end. `now` (ms)
   * exists for tests that need an already expired token.
   */
  async sign(
    typ: TokenType,
    subject: TokenSubject,
    options: { jti?: string; sid?: string; notAfter?: Date; now?: number } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor((options.now ?? Date.now()) / 1000);
    const cap = options.notAfter ? Math.floor(options.notAfter.getTime() / 1000) : Infinity;
    const exp = Math.min(iat + this.ttl(typ), cap);
    const jwt = new SignJWT({
      practiceId: subject.practiceId,
      userId: subject.userId,
      username: subject.username,
      typ,
      ...(options.sid ? { sid: options.sid } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(exp);
    if (options.jti) jwt.setJti(options.jti);
    return { token: await jwt.sign(await this.key), expiresAt: new Date(exp * 1000) };
  }

  /**
   * Access tokens already verified, until they expire: a signed token never changes, so checking its
   * signature again on every call of a session buys nothing. Revocation is not cached (authenticate
   * checks the session in the database on every call).
   */
  private readonly verifiedAccess = new Map<string, VerifiedToken>();

  /** The token's claims when it is well-signed, unexpired and of the expected type; otherwise null. */
  async verify(token: string, expected: TokenType): Promise<VerifiedToken | null> {
    if (expected === 'access') {
      const known = this.verifiedAccess.get(token);
      if (known && known.exp * 1000 > Date.now()) return known;
      if (known) this.verifiedAccess.delete(token);
    }
    const verified = await this.verifySignature(token, expected);
    if (verified && expected === 'access') {
      // Bounded: the oldest entry goes first (a Map iterates in insertion order).
      if (this.verifiedAccess.size >= 10_000) {
        const oldest = this.verifiedAccess.keys().next().value;
        if (oldest !== undefined) this.verifiedAccess.delete(oldest);
      }
      this.verifiedAccess.set(token, verified);
    }
    return verified;
  }

  private async verifySignature(token: string, expected: TokenType): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const parsed = claims.safeParse(payload);
      if (!parsed.success || parsed.data.typ !== expected) return null;
      return { ...parsed.data, jti: parsed.data.jti, sid: parsed.data.sid };
    } catch {
      return null;
    }
  }

  private ttl(typ: TokenType): number {
    switch (typ) {
      case 'access':
        return this.lifetimes.accessTokenTtlSeconds;
      case 'refresh':
        return this.lifetimes.refreshTokenTtlSeconds;
      case 'temp':
        return this.lifetimes.tempTokenTtlSeconds;
    }
  }
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}
