/**
 * Signed tokens (HS256 JWT). Every token carries `typ` so that one kind can never be used as another:
 * an access endpoint refuses a refresh token and the refresh endpoint refuses an access token.
 */
import { createHmac, createSecretKey, webcrypto, type KeyObject } from 'node:crypto';
import { tokenClaims } from '@dermis/contract';
import { jwtVerify } from 'jose';
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

/** The protected header of every token, encoded once: `{"alg":"HS256","typ":"JWT"}`. */
const encodedHeader = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export class TokenService {
  /** For checking, through jose. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** For signing, with node:crypto's HMAC on the calling thread. */
  private readonly signingKey: KeyObject;

  constructor(
    secret: string,
    private readonly lifetimes: TokenLifetimes,
  ) {
    this.signingKey = createSecretKey(Buffer.from(secret, 'utf8'));
    // Imported once: given the raw secret, jose imports it anew for every token it checks.
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
   *
   * A compact HS256 JWS written here rather than by jose's SignJWT: WebCrypto signs on libuv's
   * thread pool, where a sign-in's two tokens queued behind the password hashes of every other
   * sign-in, and each hop woke the main thread once more (docs/decisions/045). The bytes are those
   * SignJWT writes for the same claims, in the same order (tokens.test.ts compares them).
   */
  sign(
    typ: TokenType,
    subject: TokenSubject,
    options: { jti?: string; sid?: string; notAfter?: Date; now?: number } = {},
  ): { token: string; expiresAt: Date } {
    const iat = Math.floor((options.now ?? Date.now()) / 1000);
    const cap = options.notAfter ? Math.floor(options.notAfter.getTime() / 1000) : Infinity;
    const exp = Math.min(iat + this.ttl(typ), cap);
    const payload = {
      practiceId: subject.practiceId,
      userId: subject.userId,
      username: subject.username,
      typ,
      ...(options.sid ? { sid: options.sid } : {}),
      iat,
      exp,
      ...(options.jti ? { jti: options.jti } : {}),
    };
    const signingInput = `${encodedHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    const signature = createHmac('sha256', this.signingKey).update(signingInput).digest('base64url');
    return { token: `${signingInput}.${signature}`, expiresAt: new Date(exp * 1000) };
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
