import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { apiKey, mailOutbox, patient, practice } from '../db/schema';
import { OutboxMailer } from '../lib/mail/outbox-mailer';
import { newApiKey, sha256Hex } from '../lib/secrets';
import { useTestApp } from '../test/app';
import { testConfig } from '../test/config';
import { describeEachDatabase } from '../test/database';
import { buildProgram } from './program';

describeEachDatabase('dermis CLI: invite, demo:seed and remote mode', (t) => {
  const newApp = useTestApp(t);
  let key: string;

  /** Runs one command line in-process against the test database; returns what it printed. */
  const run = async (...args: string[]) => {
    const printed: string[] = [];
    const config = testConfig({ publicUrl: 'https://portal.example' });
    const program = buildProgram({
      withDatabase: async (fn) => void printed.push(await fn(t.db)),
      withServices: async (fn) =>
        void printed.push(await fn({ db: t.db, mailer: new OutboxMailer(t.db), config })),
      print: (text) => void printed.push(text),
    });
    for (const command of [program, ...program.commands]) {
      command
        .exitOverride()
        .configureOutput({ writeErr: (s) => printed.push(s), writeOut: (s) => printed.push(s) });
    }
    await program.parseAsync(['node', 'dermis', ...args]);
    return printed.join('\n');
  };

  beforeEach(async () => {
    expect(await run('demo:seed')).toBe('Demo practice 1 seeded.');
    key = newApiKey();
    await t.db.insert(apiKey).values({ practiceId: 1, keyHash: sha256Hex(key), label: 'cli test' });
  });

  async function listening() {
    const app = await newApp({ publicUrl: 'https://portal.example' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  it('demo:seed is idempotent', async () => {
    expect(await run('demo:seed')).toBe('The database already has a practice; nothing seeded.');
    expect(await t.db.select().from(practice)).toHaveLength(1);
  });

  it('invite (local) sends an account-creation link to the patient’s e-mail', async () => {
    await run(
      'patient:upsert',
      '--practice',
      '1',
      '--external-id',
      'P-9',
      '--first-name',
      'Ana',
      '--last-name',
      'Diaz',
      '--dob',
      '1990-02-03',
      '--email',
      'ana@example.org',
    );
    const out = await run('invite', '--practice', '1', '--patient', 'P-9', '--kind', 'account');
    expect(out).toMatch(/^Account-creation link \d+ sent to ana@example.org for patient P-9; it expires /);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ana@example.org'));
    expect(mail!.textBody).toMatch(/https:\/\/portal\.example\/account\/create\/[\w-]{43}/);
  });

  it('invite (local) refuses a bad kind and reports unknown patients', async () => {
    await expect(run('invite', '--practice', '1', '--patient', 'P-9', '--kind', 'sms')).rejects.toThrow(
      /--kind: must be account or email/,
    );
    await expect(run('invite', '--practice', '1', '--patient', 'NOPE', '--kind', 'email')).rejects.toThrow(
      /No patient with external id NOPE/,
    );
  });

  it('patient:upsert and invite (remote) go through the integration API of a running server', async () => {
    const server = await listening();
    const remote = ['--server', server, '--api-key', key];
    expect(
      await run(
        ...remote,
        'patient:upsert',
        '--practice',
        '1',
        '--external-id',
        'R-1',
        '--first-name',
        'Rita',
        '--last-name',
        'Moss',
        '--dob',
        '1970-05-06',
        '--email',
        'rita@example.org',
      ),
    ).toMatch(/^Patient \d+ \(R-1\) created$/);
    expect(await t.db.select().from(patient).where(eq(patient.externalId, 'R-1'))).toHaveLength(1);

    const out = await run(...remote, 'invite', '--practice', '1', '--patient', 'R-1', '--kind', 'email');
    expect(out).toMatch(/^E-mail-verification link \d+ sent to rita@example.org for patient R-1/);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rita@example.org'));
    expect(mail!.category).toBe('EMAIL_VERIFICATION');

    await expect(
      run(
        '--server',
        server,
        '--api-key',
        'dermis_wrong',
        'invite',
        '--practice',
        '1',
        '--patient',
        'R-1',
        '--kind',
        'email',
      ),
    ).rejects.toThrow(/The server answered 401: A valid API key is required/);
    await expect(
      run(...remote, 'invite', '--practice', '1', '--patient', 'NOPE', '--kind', 'account'),
    ).rejects.toThrow(/The server answered 404: No patient with external id NOPE/);
    await expect(
      run('--server', server, 'invite', '--practice', '1', '--patient', 'R-1', '--kind', 'email'),
    ).rejects.toThrow(/--server and --api-key go together/);
  });
});
