/**
 * Input the database cannot store (U+0000, a lone surrogate, an integer beyond 32 bits) is refused at
 * the schema with a 400 naming the field, never a 500; and such input cannot keep a refusal out of
 * the audit trail.
 */
import { en, errorResponse } from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvent } from '../db/schema';
import { createPractice } from '../features/integration/practice.service';
import { useTestApp } from '../test/app';
import { describeEachDatabase } from '../test/database';
import { bearer, givenUser, signIn } from '../test/fixtures';

const nul = 'a\u0000b';
const lone = 'a\uD800b';
const huge = 2 ** 40;

describeEachDatabase('unstorable input', (t) => {
  const newApp = useTestApp(t);

  it('answers 400 with validation.invalidCharacters or a field error, never 500', async () => {
    const app = await newApp();
    const { practiceId, apiKey } = await createPractice(t.db, { name: 'P' });
    const user = await givenUser(t.db, practiceId);
    const { accessToken } = await signIn(app, user.username, user.password);
    const key = { 'x-api-key': apiKey };
    const auth = bearer(accessToken);

    const calls: {
      method: 'GET' | 'POST' | 'PUT';
      url: string;
      payload?: object;
      headers?: object;
      text?: boolean;
    }[] = [
      { method: 'POST', url: '/api/auth/login', payload: { username: nul, password: 'x' }, text: true },
      { method: 'POST', url: '/api/auth/login', payload: { username: 'abc', password: lone }, text: true },
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { mfaProfileId: huge, otpCode: '123456', tempToken: 'x' },
      },
      { method: 'POST', url: '/api/auth/logout', payload: { refreshToken: nul }, text: true },
      { method: 'POST', url: '/api/app/patient/forgotPassword', payload: { username: lone }, text: true },
      {
        method: 'POST',
        url: '/api/app/patient/resetPassword',
        payload: { password: nul, token: 'x' },
        text: true,
      },
      { method: 'POST', url: '/api/app/patient/verifyEmail', payload: { token: nul }, text: true },
      { method: 'POST', url: '/api/app/patient/unsubscribe?pid=1&uid=1&type=1&token=%00', text: true },
      { method: 'POST', url: `/api/app/patient/unsubscribe?pid=${huge}&uid=1&type=1&token=x` },
      {
        method: 'POST',
        url: '/api/app/patient/getByUsername',
        payload: { username: nul },
        headers: auth,
        text: true,
      },
      {
        method: 'POST',
        url: '/api/app/mfa/userProfiles/add',
        payload: { type: 'EMAIL', value: lone, userId: user.userId },
        headers: auth,
        text: true,
      },
      {
        method: 'POST',
        url: '/api/app/mfa/userProfiles/add',
        payload: { type: 'EMAIL', value: 'a@example.org', userId: huge },
        headers: auth,
      },
      {
        method: 'PUT',
        url: '/api/integration/patients/EXT1',
        payload: { firstName: nul, lastName: 'L', dateOfBirth: '1980-01-01' },
        headers: key,
        text: true,
      },
      { method: 'PUT', url: '/api/integration/patients/%00', payload: {}, headers: key, text: true },
      {
        method: 'POST',
        url: '/api/integration/responsible-persons',
        payload: { patientExternalId: 'A', responsibleExternalId: 'B', relationship: huge },
        headers: key,
      },
      { method: 'POST', url: '/api/integration/clinics', payload: { name: lone }, headers: key, text: true },
    ];
    for (const call of calls) {
      const response = await app.inject({
        method: call.method,
        url: call.url,
        headers: call.headers as Record<string, string> | undefined,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      const label = `${call.method} ${call.url} ${JSON.stringify(call.payload)}`;
      expect(response.statusCode, label).toBe(400);
      const body = errorResponse.parse(response.json());
      if (call.text) {
        expect(
          body.validationMessages?.map((m) => m.description),
          label,
        ).toContain(en['validation.invalidCharacters']);
      }
    }

    // A patient id that names no patient is refused by the access guard, which runs before the
    // schemas so that a stranger learns nothing from validation messages: 403, never a 5xx.
    const unnamed = [
      await app.inject({
        method: 'GET',
        url: '/api/app/patient/getDermisPatientById/_rid/%00',
        headers: auth,
      }),
      await app.inject({
        method: 'POST',
        url: '/api/app/profile/changeUsername',
        payload: { username: 'fine.name', profileId: huge },
        headers: auth,
      }),
    ];
    expect(unnamed.map((response) => response.statusCode)).toEqual([403, 403]);
  });

  it('audits a refusal whatever the request carried, a cut surrogate pair included', async () => {
    const app = await newApp();
    const { practiceId } = await createPractice(t.db, { name: 'P' });
    const caller = await givenUser(t.db, practiceId);
    const { accessToken } = await signIn(app, caller.username, caller.password);
    // 63 letters and an emoji: the audit detail keeps 64 UTF-16 units, which used to split the pair
    // and leave a lone surrogate that PostgreSQL refuses in jsonb.
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/patient/getByUsername',
      headers: bearer(accessToken),
      payload: { username: `${'a'.repeat(63)}\u{1F600}` },
    });
    expect(response.statusCode).toBe(403);
    const rows = await t.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'ACCESS_DENIED'), eq(auditEvent.userId, caller.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatchObject({ route: '/api/app/patient/getByUsername' });
  });
});
