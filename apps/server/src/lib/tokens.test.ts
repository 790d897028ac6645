// TokenService signs HS256 JWTs with node:crypto and checks them with jose: its tokens are standard
// (jose's own SignJWT writes the same bytes), and a token changed anywhere, or of another kind, is refused.
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const secret = 'a-test-secret-of-enough-length-0123456789';
const lifetimes = { accessTokenTtlSeconds: 300, refreshTokenTtlSeconds: 3600, tempTokenTtlSeconds: 120 };
const subject = { practiceId: 3, userId: 7, username: 'maría.lópez' };
const key = new TextEncoder().encode(secret);

describe('TokenService', () => {
  it('signs a standard HS256 JWT that jose verifies, with every claim', async () => {
    const tokens = new TokenService(secret, lifetimes);
    const { token, expiresAt } = tokens.sign('refresh', subject, { jti: 'j-1', sid: 's-1' });
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({
      ...subject,
      typ: 'refresh',
      jti: 'j-1',
      sid: 's-1',
      iat: expect.any(Number) as number,
      exp: (payload.iat ?? 0) + 3600,
    });
    expect(expiresAt.getTime()).toBe((payload.exp ?? 0) * 1000);
  });

  it('writes the same bytes jose would for the same claims', async () => {
    const tokens = new TokenService(secret, lifetimes);
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const { token } = tokens.sign('access', subject, { sid: 's-2', now });
    const iat = now / 1000;
    const byJose = await new SignJWT({ ...subject, typ: 'access', sid: 's-2' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .sign(key);
    expect(token).toBe(byJose);

    const refresh = tokens.sign('refresh', subject, { sid: 's-2', jti: 'j-2', now });
    const refreshByJose = await new SignJWT({ ...subject, typ: 'refresh', sid: 's-2' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .setJti('j-2')
      .sign(key);
    expect(refresh.token).toBe(refreshByJose);
  });

  it('refuses its own token once changed, signed with another secret, or of another type', async () => {
    const tokens = new TokenService(secret, lifetimes);
    const { token } = tokens.sign('access', subject, { sid: 's-3' });
    expect(await tokens.verify(token, 'access')).toMatchObject({ ...subject, sid: 's-3' });
    const [header, body, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), userId: 8 }),
    );
    expect(
      await tokens.verify(`${header}.${forged.toString('base64url')}.${signature}`, 'access'),
    ).toBeNull();
    expect(await tokens.verify(`${header}.${body}.${signature.slice(0, -2)}AA`, 'access')).toBeNull();
    const other = new TokenService(`${secret}-other`, lifetimes);
    expect(await other.verify(token, 'access')).toBeNull();
    expect(await tokens.verify(token, 'refresh')).toBeNull();
  });
});
