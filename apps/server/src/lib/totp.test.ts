import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  timeStep,
  totp,
} from './totp';

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's key length.
const seed = (length: number) => Buffer.from('1234567890'.repeat(7).slice(0, length));
const vectors: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('RFC 6238 test vectors', () => {
  it.each(vectors)('at %i s gives the SHA-1, SHA-256 and SHA-512 codes', (seconds, sha1, sha256, sha512) => {
    const step = timeStep(seconds * 1000);
    expect(hotp(seed(20), step, 8, 'sha1')).toBe(sha1);
    expect(hotp(seed(32), step, 8, 'sha256')).toBe(sha256);
    expect(hotp(seed(64), step, 8, 'sha512')).toBe(sha512);
  });

  it('gives the six-digit SHA-1 code apps show (the last six digits of the vector)', () => {
    const secret = base32Encode(seed(20));
    expect(totp(secret, 59_000)).toBe('287082');
    expect(totp(secret, 1_111_111_109_000)).toBe('081804');
  });
});

describe('matchTotp', () => {
  const secret = base32Encode(seed(20));
  const now = 1_111_111_111_000;

  it('accepts the current code and one step either side, nothing further', () => {
    const step = timeStep(now);
    expect(matchTotp(secret, totp(secret, now), { nowMs: now })).toBe(step);
    expect(matchTotp(secret, totp(secret, now - 30_000), { nowMs: now })).toBe(step - 1);
    expect(matchTotp(secret, totp(secret, now + 30_000), { nowMs: now })).toBe(step + 1);
    expect(matchTotp(secret, totp(secret, now - 60_000), { nowMs: now })).toBeNull();
    expect(matchTotp(secret, totp(secret, now + 60_000), { nowMs: now })).toBeNull();
  });

  it('refuses a code of a step already used (replay)', () => {
    const code = totp(secret, now);
    expect(matchTotp(secret, code, { nowMs: now, lastUsedStep: timeStep(now) })).toBeNull();
    expect(matchTotp(secret, code, { nowMs: now, lastUsedStep: timeStep(now) - 1 })).toBe(timeStep(now));
  });

  it('refuses malformed codes', () => {
    expect(matchTotp(secret, '12345', { nowMs: now })).toBeNull();
    expect(matchTotp(secret, 'abcdef', { nowMs: now })).toBeNull();
  });
});

describe('base32 and otpauth', () => {
  it('round-trips secrets and encodes the RFC 4648 example', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('builds the otpauth URI with the issuer', () => {
    const uri = otpauthUri('ABC', 'maria.lopez', 'Sunrise Dermatology');
    // The label names the same practice as the issuer (it said 'Dermis:' before).
    expect(uri).toMatch(
      /^otpauth:\/\/totp\/Sunrise%20Dermatology:maria\.lopez\?secret=ABC&issuer=Sunrise\+Dermatology/,
    );
  });
});
