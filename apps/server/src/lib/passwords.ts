/**
 * Password hashing: argon2id with the OWASP minimum parameters (~7.5 ms per hash on these machines),
 * on the password threads (lib/password-pool).
 */
import type { Algorithm } from '@node-rs/argon2';
import { PasswordPool } from './password-pool';

// `Algorithm` is a const enum, which isolatedModules cannot inline; 2 is Argon2id.
const argon2id = 2 as Algorithm;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const pool = new PasswordPool();

export function hashPassword(password: string): Promise<string> {
  return pool.hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await pool.verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account to check against, so the answer
 * time does not tell whether a username exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dermis-dummy-password-never-matches');
  await verifyPassword(await dummyHash, password);
  return false;
}
