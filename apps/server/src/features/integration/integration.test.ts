import {
  clinicResponse,
  errorResponse,
  linkResponsiblePersonResponse,
  patientResponse,
} from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { apiKey, clinic, patient, patientContact, patientProfile, responsiblePerson } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { createApiKey, createPractice } from './practice.service';

describeEachDatabase('integration API', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let practiceId: number;
  let key: string;

  beforeEach(async () => {
    ({ practiceId, apiKey: key } = await createPractice(t.db, { name: 'Feed Practice' }));
    app = await newApp();
  });

  const call = (
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    headers: Record<string, string> = { 'x-api-key': key },
  ) => app.inject({ method, url: `/api/integration/${url}`, payload, headers });
  const maria = {
    firstName: 'Maria',
    lastName: 'Lopez',
    dateOfBirth: '1984-03-12',
    gender: 'FEMALE',
    contacts: [
      { type: 'EMAIL_ADDRESS', value: 'maria@example.com' },
      { type: 'CELL_PHONE', value: '555-0101' },
    ],
  };

  it('refuses a missing, unknown or revoked key with 401', async () => {
    const missing = await call('POST', 'clinics', { name: 'X' }, {});
    expect(missing.statusCode).toBe(401);
    expect(errorResponse.parse(missing.json())).toMatchObject({
      error: 'UNAUTHORIZED',
      message: 'A valid API key is required in the X-Api-Key header.',
    });
    expect((await call('POST', 'clinics', { name: 'X' }, { 'x-api-key': 'dermis_wrong' })).statusCode).toBe(
      401,
    );
    await t.db.update(apiKey).set({ revokedAt: new Date() }).where(eq(apiKey.practiceId, practiceId));
    expect((await call('POST', 'clinics', { name: 'X' })).statusCode).toBe(401);
    expect(await t.db.select().from(clinic)).toHaveLength(0);
  });

  it('creates a clinic in the key’s practice', async () => {
    const response = await call('POST', 'clinics', { name: 'Naples', city: 'Naples', state: 'FL' });
    expect(response.statusCode).toBe(201);
    const body = clinicResponse.parse(response.json());
    const [row] = await t.db.select().from(clinic).where(eq(clinic.id, body.id));
    expect(row).toMatchObject({ practiceId, name: 'Naples', city: 'Naples', state: 'FL' });
  });

  it('upserts a patient: create (201), then update (200) with contacts replaced', async () => {
    const created = await call('PUT', 'patients/P-1', maria);
    expect(created.statusCode).toBe(201);
    const first = patientResponse.parse(created.json());
    expect(first).toMatchObject({ externalId: 'P-1', created: true });

    const updated = await call('PUT', 'patients/P-1', {
      ...maria,
      lastName: 'Lopez-Garcia',
      contacts: [{ type: 'HOME_PHONE', value: '555-0199' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(patientResponse.parse(updated.json())).toEqual({
      id: first.id,
      externalId: 'P-1',
      created: false,
    });

    const [row] = await t.db.select().from(patient).where(eq(patient.id, first.id));
    expect(row).toMatchObject({
      practiceId,
      lastName: 'Lopez-Garcia',
      gender: 'FEMALE',
      dateOfBirth: '1984-03-12',
      active: true,
    });
    const contacts = await t.db.select().from(patientContact).where(eq(patientContact.patientId, first.id));
    expect(contacts.map((c) => [c.type, c.value])).toEqual([['HOME_PHONE', '555-0199']]);
  });

  it('keeps practices apart: the same external id in another practice is another patient', async () => {
    const other = await createPractice(t.db, { name: 'Other' });
    const a = patientResponse.parse((await call('PUT', 'patients/P-1', maria)).json());
    const b = patientResponse.parse(
      (await call('PUT', 'patients/P-1', maria, { 'x-api-key': other.apiKey })).json(),
    );
    expect(b.created).toBe(true);
    expect(b.id).not.toBe(a.id);
  });

  it('validates the patient body with field messages', async () => {
    const response = await call('PUT', 'patients/P-2', {
      ...maria,
      dateOfBirth: '03/12/1984',
      firstName: undefined,
    });
    expect(response.statusCode).toBe(400);
    const body = errorResponse.parse(response.json());
    expect(body.validationMessages).toEqual(
      expect.arrayContaining([
        { field: 'dateOfBirth', description: 'Use the format YYYY-MM-DD.' },
        { field: 'firstName', description: 'First Name is required' },
      ]),
    );
    const mismatch = await call('PUT', 'patients/P-2', { ...maria, externalId: 'P-3' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ validationMessages: [{ field: 'externalId' }] });
  });

  it('stores the sex assigned at birth sent with the demographics, and refuses another value', async () => {
    const birthSexOf = async (externalId: string) => {
      const [row] = await t.db
        .select({ birthSex: patientProfile.birthSex })
        .from(patientProfile)
        .innerJoin(patient, eq(patient.id, patientProfile.patientId))
        .where(and(eq(patient.practiceId, practiceId), eq(patient.externalId, externalId)));
      return row?.birthSex ?? null;
    };
    expect((await call('PUT', 'patients/P-SEX', { ...maria, birthSex: 'F' })).statusCode).toBe(201);
    expect(await birthSexOf('P-SEX')).toBe('F');
    // Left out, the stored answer (perhaps the patient's own) stays; UNK and null are kept apart.
    expect((await call('PUT', 'patients/P-SEX', maria)).statusCode).toBe(200);
    expect(await birthSexOf('P-SEX')).toBe('F');
    await call('PUT', 'patients/P-SEX', { ...maria, birthSex: 'UNK' });
    expect(await birthSexOf('P-SEX')).toBe('UNK');
    await call('PUT', 'patients/P-SEX', { ...maria, birthSex: null });
    expect(await birthSexOf('P-SEX')).toBeNull();

    for (const wrong of ['female', 'FEMALE', 'U', 1]) {
      const response = await call('PUT', 'patients/P-SEX', { ...maria, birthSex: wrong });
      expect(response.statusCode).toBe(400);
      expect(errorResponse.parse(response.json()).validationMessages).toEqual([
        {
          field: 'birthSex',
          description: 'Use F (female), M (male) or UNK (unknown) for the sex assigned at birth.',
        },
      ]);
    }
    expect(await birthSexOf('P-SEX')).toBeNull();
  });

  it('links a responsible person, then updates the same link', async () => {
    await call('PUT', 'patients/CHILD', { ...maria, firstName: 'Emma', dateOfBirth: '2015-05-09' });
    await call('PUT', 'patients/DAD', { ...maria, firstName: 'Daniel', gender: 'MALE' });
    const link = { patientExternalId: 'CHILD', responsibleExternalId: 'DAD', relationship: 2 };

    const first = await call('POST', 'responsible-persons', link);
    expect(first.statusCode).toBe(200);
    const created = linkResponsiblePersonResponse.parse(first.json());
    expect(created.active).toBe(true);

    const second = linkResponsiblePersonResponse.parse(
      (await call('POST', 'responsible-persons', { ...link, relationship: 5, active: false })).json(),
    );
    expect(second).toEqual({ id: created.id, active: false });
    const rows = await t.db.select().from(responsiblePerson);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ relationship: 5, active: false });
  });

  it('answers 404 naming an unknown patient, and refuses linking a patient to themself', async () => {
    await call('PUT', 'patients/DAD', maria);
    const unknown = await call('POST', 'responsible-persons', {
      patientExternalId: 'NOPE',
      responsibleExternalId: 'DAD',
      relationship: 2,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'No patient with external id NOPE exists in this practice.',
    });

    const self = await call('POST', 'responsible-persons', {
      patientExternalId: 'DAD',
      responsibleExternalId: 'DAD',
      relationship: 2,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      validationMessages: [{ description: 'A patient cannot be their own responsible person.' }],
    });
  });

  it('does not link across practices', async () => {
    const other = await createPractice(t.db, { name: 'Other' });
    await call('PUT', 'patients/CHILD', maria);
    await call('PUT', 'patients/STRANGER', maria, { 'x-api-key': other.apiKey });
    const response = await call('POST', 'responsible-persons', {
      patientExternalId: 'CHILD',
      responsibleExternalId: 'STRANGER',
      relationship: 2,
    });
    expect(response.statusCode).toBe(404);
  });

  it('accepts a second key of the practice', async () => {
    const second = await createApiKey(t.db, practiceId, 'backup');
    expect(second.apiKey).not.toBe(key);
    expect((await call('PUT', 'patients/P-9', maria, { 'x-api-key': second.apiKey })).statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(patient)
      .where(and(eq(patient.practiceId, practiceId), eq(patient.externalId, 'P-9')));
    expect(row).toBeDefined();
  });

  it('publishes an OpenAPI document of the integration calls only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/integration/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }
        >
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toMatch(/^3\./);
    // Every integration route, whichever feature registers it (read from the live route table, so a
    // route added later is covered without editing this test); nothing of the other APIs.
    const integrationPaths = [
      ...new Set(
        app.routeTable
          .filter((r) => r.url.startsWith('/api/integration/') && !r.url.endsWith('/openapi.json'))
          .map((r) => r.url.replace(/:(\w+)/g, '{$1}')),
      ),
    ].sort();
    expect(integrationPaths).toEqual(
      expect.arrayContaining(['/api/integration/clinics', '/api/integration/patients/{externalId}']),
    );
    expect(Object.keys(document.paths).sort()).toEqual(integrationPaths);
    expect(document.components.securitySchemes).toHaveProperty('apiKey');
    const upsertBody = document.paths['/api/integration/patients/{externalId}']?.put?.requestBody;
    expect(Object.keys(upsertBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'dateOfBirth', 'contacts']),
    );
  });
});
