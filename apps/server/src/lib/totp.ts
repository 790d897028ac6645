/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA-1, 30-second steps, six
 * digits, the usual parameters of authenticator apps. Written on node:crypto because it is short and
 * a dependency would be larger than the code.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const totpStepSeconds = 30;
const digits = 6;
const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The time step a moment (ms) falls in. */
export function timeStep(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000 / totpStepSeconds);
}

/** RFC 4226 HOTP of a counter; `algorithm` only for the RFC 6238 SHA-256/512 vectors. */
export function hotp(key: Buffer, counter: number, length = digits, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** length).padStart(length, '0');
}

export function totp(secretBase32: string, nowMs: number = Date.now()): string {
  return hotp(base32Decode(secretBase32), timeStep(nowMs));
}

/**
 * The step whose code matches, looking one step back and one ahead for clock drift; null when none.
 * Steps at or before `lastUsedStep` are refused so that a code once accepted is never accepted again.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  options: { nowMs?: number; lastUsedStep?: number | null } = {},
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  const current = timeStep(options.nowMs);
  for (const step of [current - 1, current, current + 1]) {
    if (options.lastUsedStep != null && step <= options.lastUsedStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** A new 160-bit secret in base32 (RFC 4226 recommends 160 bits). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri(secretBase32: string, account: string, issuer: string): string {
  // The label's prefix and the issuer name one and the same (the practice), as the URI format asks.
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
