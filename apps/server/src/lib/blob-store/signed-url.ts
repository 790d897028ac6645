/**
 * Signed, expiring tokens for the app's blob addresses (/api/blobs/...): what the token allows (an
 * upload of one blob, a download of one blob, or reading the avatars a given account may see) and
 * until when, under an HMAC-SHA256 keyed from the server secret. Nothing is stored: any instance
 * verifies any token, and a token cannot be stretched or pointed at another blob.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const claims = z.discriminatedUnion('op', [
  z.object({ op: z.literal('put'), key: z.string(), max: z.number().int(), exp: z.number().int() }),
  z.object({
    op: z.literal('get'),
    key: z.string(),
    name: z.string(),
    type: z.string(),
    exp: z.number().int(),
  }),
  z.object({ op: z.literal('avatar'), uid: z.number().int(), exp: z.number().int() }),
]);
export type BlobClaims = z.infer<typeof claims>;

export class BlobUrlSigner {
  private readonly key: Buffer;
  constructor(secret: string) {
    // A key of its own, so a blob token can never pass for a JWT or anything else signed with the secret.
    this.key = createHmac('sha256', secret).update('dermis blob urls v1').digest();
  }

  sign(value: BlobClaims): string {
    const body = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string, now = Date.now()): BlobClaims | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const result = claims.safeParse(parsed);
    if (!result.success || result.data.exp * 1000 <= now) return null;
    return result.data;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** Seconds since the epoch, `ttlSeconds` from now. */
export function expiryIn(ttlSeconds: number, now = Date.now()): number {
  return Math.floor(now / 1000) + ttlSeconds;
}
