/**
 * The README's promise, checked end to end: a whole journey runs against a server whose log goes to
 * a buffer (sign-in, a wrong password, password reset through its e-mailed link, an invitation and
 * account creation, e-mail verification, two-step set-up and a two-step sign-in, unsubscribe, and a
 * query that fails with a patient's data in its parameters), and then no password, token, code,
 * secret, API key, or the demo patients' names, dates of birth and e-mail addresses are in the log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from './app';
import type { Db } from './db/database';
import { patient, patientContact } from './db/schema';
import { demoAccounts } from './demo/demo-accounts';
import { seedDemo } from './demo/seed';
import { createApiKey } from './features/integration/practice.service';
import { outboxTo, secretFromMail } from './features/invitations/invitations.test-helpers';
import { newestCodeMailedTo } from './features/two-step/two-step-test-support';
import { createLogger } from './lib/logger';
import { testConfig } from './test/config';
import { describeEachDatabase } from './test/database';
import { bearer } from './test/fixtures';

describeEachDatabase('the log of a whole journey', (t) => {
  it('holds the requests but no secret and no patient data', async () => {
    const lines: string[] = [];
    const buffer = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const practiceId = await seedDemo(t.db);
    if (practiceId === null) throw new Error('the demo was not seeded');
    const config = testConfig({
      logLevel: 'trace',
      publicUrl: 'https://portal.example.org',
      webDist: webBuild(),
    });
    const app = await buildApp(config, { database: t.database, logger: createLogger('trace', buffer) });
    // A query that fails with a patient's data bound to it (no such practice: a foreign-key error).
    app.post('/api/app/test/failing-query', async () => {
      await app.db.insert(patient).values({
        practiceId: 999_999,
        externalId: 'maria.lopez@example.com',
        firstName: 'Maria',
        lastName: 'Lopez',
        dateOfBirth: '1984-03-12',
      });
      return {};
    });

    const secrets: string[] = [config.jwtSecret];
    const codes: string[] = [];
    const call = async (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => {
      return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };
    const page = (url: string) => call('GET', url, undefined, { accept: 'text/html' });

    try {
      const maria = demoAccounts.patient;
      secrets.push(maria.password, demoAccounts.guardian.password, 'WrongPassword9');

      // Sign-in, a wrong password, and an authenticated read of health data.
      expect(
        (await call('POST', '/api/auth/login', { username: maria.username, password: 'WrongPassword9' }))
          .statusCode,
      ).toBe(401);
      const signedIn = await call('POST', '/api/auth/login', {
        username: maria.username,
        password: maria.password,
      });
      expect(signedIn.statusCode).toBe(200);
      const session = signedIn.json<{ accessToken: string; refreshToken: string }>();
      secrets.push(session.accessToken, session.refreshToken);
      expect(
        (
          await call(
            'POST',
            '/api/app/patient/getByUsername',
            { username: maria.username },
            bearer(session.accessToken),
          )
        ).statusCode,
      ).toBe(200);

      // Password reset through the e-mailed link.
      expect(
        (await call('POST', '/api/app/patient/forgotPassword', { username: maria.username })).statusCode,
      ).toBe(200);
      const resetToken = await secretFromMail(t.db, 'maria.lopez@example.com', '/password/reset');
      secrets.push(resetToken, 'NewPassword42');
      expect((await page(`/password/reset/${resetToken}`)).statusCode).toBe(200);
      expect(
        (
          await call('POST', '/api/app/patient/resetPassword', {
            token: resetToken,
            password: 'NewPassword42',
          })
        ).statusCode,
      ).toBe(200);

      // An invitation from the clinic system, the account-creation link, and e-mail verification.
      const { apiKey } = await createApiKey(t.db, practiceId, 'journey');
      secrets.push(apiKey);
      const key = { 'x-api-key': apiKey };
      const ana = { firstName: 'Anastasia', lastName: 'Quintero', dateOfBirth: '1991-02-27' };
      expect(
        (
          await call(
            'PUT',
            '/api/integration/patients/MRN-7731',
            {
              ...ana,
              contacts: [{ type: 'EMAIL_ADDRESS', value: 'anastasia.quintero@example.net' }],
            },
            key,
          )
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await call(
            'POST',
            '/api/integration/patients/MRN-7731/invitations',
            { kind: 'ACCOUNT_CREATION' },
            key,
          )
        ).statusCode,
      ).toBe(201);
      const createToken = await secretFromMail(t.db, 'anastasia.quintero@example.net', '/account/create');
      secrets.push(createToken, 'AnaPassword77');
      expect((await page(`/account/create/${createToken}`)).statusCode).toBe(200);
      const created = await call('POST', '/api/app/patient/createAccount', {
        token: createToken,
        username: 'anastasia.q',
        password: 'AnaPassword77',
        rePassword: 'AnaPassword77',
        dateOfBirth: ana.dateOfBirth,
      });
      expect(created.json()).toMatchObject({ tokenStatus: 'UNUSED' });
      expect(
        (
          await call(
            'POST',
            '/api/integration/patients/MRN-7731/invitations',
            { kind: 'EMAIL_VERIFICATION' },
            key,
          )
        ).statusCode,
      ).toBe(201);
      const verifyToken = await secretFromMail(t.db, 'anastasia.quintero@example.net', '/verify/email');
      secrets.push(verifyToken);
      expect((await page(`/verify/email/${verifyToken}`)).statusCode).toBe(200);
      expect((await call('POST', '/api/app/patient/verifyEmail', { token: verifyToken })).statusCode).toBe(
        200,
      );

      // Two-step set-up with an e-mailed code, then a two-step sign-in (a wrong code first).
      const anaLogin = (
        await call('POST', '/api/auth/login', { username: 'anastasia.q', password: 'AnaPassword77' })
      ).json<{ accessToken: string }>();
      secrets.push(anaLogin.accessToken);
      const userId = await userIdOf(app, anaLogin.accessToken);
      const added = await call(
        'POST',
        '/api/app/mfa/userProfiles/add',
        { type: 'EMAIL', value: 'anastasia.quintero@example.net', userId, preferred: true },
        bearer(anaLogin.accessToken),
      );
      expect(added.statusCode).toBe(200);
      const profileId = added.json<{ profileInfo: { id: number } }>().profileInfo.id;
      const setupCode = await newestCodeMailedTo(t.db, 'anastasia.quintero@example.net');
      codes.push(setupCode);
      expect(
        (
          await call(
            'POST',
            '/api/app/mfa/userProfiles/verify',
            { id: profileId, code: setupCode },
            bearer(anaLogin.accessToken),
          )
        ).statusCode,
      ).toBe(200);
      const first = (
        await call('POST', '/api/auth/login', { username: 'anastasia.q', password: 'AnaPassword77' })
      ).json<{ tempToken: string }>();
      secrets.push(first.tempToken);
      const signInCode = await newestCodeMailedTo(t.db, 'anastasia.quintero@example.net');
      const wrongCode = signInCode === '000000' ? '111111' : '000000';
      codes.push(signInCode);
      expect(
        (
          await call('POST', '/api/auth/login', {
            mfaProfileId: profileId,
            otpCode: wrongCode,
            tempToken: first.tempToken,
          })
        ).statusCode,
      ).toBe(401);
      const second = await call('POST', '/api/auth/login', {
        mfaProfileId: profileId,
        otpCode: signInCode,
        tempToken: first.tempToken,
      });
      expect(second.statusCode).toBe(200);
      secrets.push(second.json<{ accessToken: string }>().accessToken);

      // A clinic message with its unsubscribe link, followed from the e-mail.
      expect(
        (
          await call(
            'POST',
            '/api/integration/patients/DEMO-0001/messages',
            { subject: 'Your visit', body: 'See you soon.' },
            key,
          )
        ).statusCode,
      ).toBe(200);
      const unsubscribeQuery = await unsubscribeQueryFromMail(t.db, 'maria.lopez@example.com');
      secrets.push(new URLSearchParams(unsubscribeQuery).get('token') ?? 'missing');
      expect((await page(`/unsubscribe?${unsubscribeQuery}`)).statusCode).toBe(200);
      expect((await call('POST', `/api/app/patient/unsubscribe?${unsubscribeQuery}`)).statusCode).toBe(200);

      // The failing query.
      expect((await call('POST', '/api/app/test/failing-query', {})).statusCode).toBe(500);
    } finally {
      await app.close();
    }

    const log = lines.join('');
    // The log is there and holds the journey (so this test cannot pass on an empty or silent log).
    expect(log.length).toBeGreaterThan(2000);
    expect(log.match(/"incoming request"/g)?.length ?? 0).toBeGreaterThanOrEqual(20);
    expect(log).toContain('/password/reset/[redacted]');
    expect(log).toContain('/account/create/[redacted]');
    expect(log).toContain('/verify/email/[redacted]');
    expect(log).toContain('token=[redacted]');
    expect(log).toMatch(
      /"request failed"[^\n]*"statement":"insert patient"[^\n]*"code":"23503"|"code":"23503"[^\n]*"request failed"/,
    );

    const people = await demoPeople(t);
    const forbidden = [
      ...secrets,
      ...people,
      'Anastasia',
      'Quintero',
      '1991-02-27',
      'anastasia.quintero@example.net',
    ];
    // Clinic patient ids (MRNs) are identifiers too: the log may not name a patient by them either.
    expect(log).toContain('/api/integration/patients/[redacted]');
    const leaked = forbidden.filter((value) => log.includes(value));
    expect(leaked).toEqual([]);
    const leakedCodes = codes.filter((code) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(log));
    expect(leakedCodes).toEqual([]);
    // No JWT of any kind (each starts with the encoded header).
    expect(log).not.toContain('eyJhbGciOi');
  });
});

/** The demo patients' names, dates of birth and e-mail addresses, read from the database. */
async function demoPeople(t: { db: Db }): Promise<string[]> {
  const people = await t.db
    .select({
      first: patient.firstName,
      last: patient.lastName,
      dob: patient.dateOfBirth,
      mrn: patient.externalId,
    })
    .from(patient);
  const contacts = await t.db.select({ value: patientContact.value }).from(patientContact);
  const values = [
    ...people.flatMap((p) => [p.first, p.last, String(p.dob), p.mrn]),
    ...contacts.map((c) => c.value),
  ];
  expect(values).toEqual(
    expect.arrayContaining([
      'Maria',
      'Lopez',
      '1984-03-12',
      'maria.lopez@example.com',
      'DEMO-0001',
      'MRN-7731',
    ]),
  );
  return [...new Set(values)];
}

async function userIdOf(app: Awaited<ReturnType<typeof buildApp>>, accessToken: string): Promise<number> {
  const claims = await app.tokens.verify(accessToken, 'access');
  if (!claims) throw new Error('no claims');
  return claims.userId;
}

async function unsubscribeQueryFromMail(db: Db, to: string): Promise<string> {
  const mails = await outboxTo(db, to);
  const match = /\/unsubscribe\?([^\s"<>]+)/.exec(mails.at(-1)?.textBody ?? '');
  if (!match?.[1]) throw new Error(`no unsubscribe link in the mail to ${to}`);
  return match[1].replace(/&amp;/g, '&');
}

/** A minimal web build, so the e-mailed page addresses are served (and logged) like in production. */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  return dir;
}
