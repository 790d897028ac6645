/** Random secrets and the hashes stored in their place (API keys, refresh tokens). */
import { createHash, randomBytes } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new API key: a recognisable prefix (so leaked keys are easy to spot) and 256 random bits. */
export function newApiKey(): string {
  return `dermis_${randomBytes(32).toString('base64url')}`;
}
