// Passwords are hashed and checked on the password threads (lib/password-pool): right and wrong
// passwords, a malformed stored hash, many checks at once, and a process that hashed a password
// still ends by itself (idle threads do not hold it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { PasswordPool } from './password-pool';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters, and checks right and wrong passwords', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // A standard hash: the library's own check agrees.
    expect(await verify(stored, 'Correct-Horse-1')).toBe(true);
    expect(await verifyPassword(stored, 'Correct-Horse-1')).toBe(true);
    expect(await verifyPassword(stored, 'correct-horse-1')).toBe(false);
    expect(await verifyAgainstDummy('Correct-Horse-1')).toBe(false);
  });

  it('answers false, not an error, for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'anything')).toBe(false);
  });

  it('answers each of many concurrent checks with its own result, on a pool of two threads', async () => {
    const pool = new PasswordPool(2);
    const options = { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 };
    const stored = await Promise.all(['a-1', 'b-2', 'c-3'].map((p) => pool.hash(p, options)));
    const checks = Array.from({ length: 30 }, (_, i) => ({
      hash: stored[i % 3]!,
      password: ['a-1', 'b-2', 'c-3'][(i + Math.floor(i / 3)) % 3]!,
      expected: (i + Math.floor(i / 3)) % 3 === i % 3,
    }));
    const results = await Promise.all(checks.map((c) => pool.verify(c.hash, c.password)));
    expect(results).toEqual(checks.map((c) => c.expected));
    expect(results).toContain(true);
    expect(results).toContain(false);
  });

  it('lets a process that hashed a password end by itself', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-hash-')), 'hash-once.mts');
    fs.writeFileSync(
      script,
      `import { hashPassword } from ${JSON.stringify(path.join(here, 'passwords.ts'))};
      console.log((await hashPassword('x')).slice(0, 9));`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('$argon2id');
    // Killed by the timeout, status would be null.
    expect(run.status).toBe(0);
  });
});
