/**
 * The device cookie of OWASP's "Slow brute force / account lock-out" guidance
 * (docs/decisions/044): after a successful sign-in the browser gets a signed cookie naming the
 * account's sign-in name and a random device id. A later sign-in for that name from that browser is
 * throttled per device instead of per username, so a wrong-password storm from elsewhere that locks
 * the username does not lock the patient out of their own browser.
 *
 * Format: `<deviceId>.<base64url(normalised username)>.<HMAC-SHA256>`; the key is derived from
 * JWT_SECRET (HKDF) so the cookie can never pass as a token, nor a token as it.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeUsername } from './usernames';

export const deviceCookieName = 'dermis_device';
const maxAgeSeconds = 365 * 24 * 3600;

export interface KnownDevice {
  deviceId: string;
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, 'dermis', 'dermis-device-cookie', 32));
  }

  /** The Set-Cookie value after a successful sign-in of `username`. */
  issue(username: string, secure: boolean): string {
    const deviceId = randomBytes(16).toString('base64url');
    const name = Buffer.from(normalizeUsername(username)).toString('base64url');
    const value = `${deviceId}.${name}.${this.mac(deviceId, name)}`;
    // Path /api/auth: only sign-in ever reads it; HttpOnly and SameSite keep scripts and other sites out.
    return `${deviceCookieName}=${value}; Path=/api/auth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${
      secure ? '; Secure' : ''
    }`;
  }

  /** The device, when the request carries a well-signed device cookie for this sign-in name. */
  read(cookieHeader: string | undefined, username: string): KnownDevice | null {
    const value = cookieValue(cookieHeader, deviceCookieName);
    const parts = value?.split('.');
    if (parts?.length !== 3) return null;
    const [deviceId = '', name = '', mac = ''] = parts;
    const expected = Buffer.from(this.mac(deviceId, name));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(name, 'base64url').toString() !== normalizeUsername(username)) return null;
    return { deviceId };
  }

  private mac(deviceId: string, name: string): string {
    return createHmac('sha256', this.key).update(`${deviceId}.${name}`).digest('base64url');
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
