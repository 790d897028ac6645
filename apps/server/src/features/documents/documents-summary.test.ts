/**
 * The Documents block's summary (decision 311): how many documents the patient has, how many were
 * created in a range, and the newest, agreeing with the list it stands for; through the patient
 * guard, so a responsible person reads it and a stranger does not.
 */
import { errorResponse, patientDocument, patientDocumentsSummary } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { patient } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPracticeWithKey, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

describeEachDatabase('documents summary', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let key: string;
  let guardian: UserFixture;
  let minor: UserFixture;
  let token: string;

  beforeEach(async () => {
    const practice = await givenPracticeWithKey(t.db);
    key = practice.apiKey;
    app = await newApp();
    guardian = await givenUser(t.db, practice.practiceId, { username: `dsg${Date.now()}` });
    minor = await givenUser(t.db, practice.practiceId, { username: `dsm${Date.now()}` });
    await givenResponsiblePerson(t.db, minor.patientId, guardian.patientId);
    token = (await signIn(app, guardian.username, guardian.password)).accessToken;
  });

  const file = async (patientId: number, documentId: string, dateCreated: string) => {
    const [row] = await t.db.select().from(patient).where(eq(patient.id, patientId));
    const filed = await app.inject({
      method: 'PUT',
      url: `/api/integration/patients/${row!.externalId}/documents/${documentId}`,
      headers: { 'x-api-key': key },
      payload: {
        name: documentId,
        fileName: `${documentId}.pdf`,
        mimeType: 'application/pdf',
        dateCreated,
        contentBase64: pdf,
      },
    });
    expect(filed.statusCode).toBe(201);
  };
  const ask = (path: string, query: string, patientId = minor.patientId) =>
    app.inject({
      method: 'GET',
      url: `/api/app/dms/${path}/_rid/${patientId}${query}`,
      headers: bearer(token),
    });
  const summary = async (query: string) => {
    const answer = await ask('getPatientDocumentsSummary', query);
    expect(answer.statusCode).toBe(200);
    return patientDocumentsSummary.parse(answer.json());
  };

  it('answers no documents and no newest for a patient without documents', async () => {
    expect(await summary('')).toEqual({ total: 0, inRange: 0, latest: null });
  });

  it('counts every document and those of the range, and names the newest as the list does', async () => {
    await file(minor.patientId, 'before', '2026-03-31T23:59:59Z');
    await file(minor.patientId, 'first', '2026-04-01T00:00:00Z');
    await file(minor.patientId, 'last', '2026-04-30T23:59:59Z');
    // Two newest at the same instant: the later filed comes first in the list, so it is the newest.
    await file(minor.patientId, 'tied-a', '2026-05-01T00:00:00Z');
    await file(minor.patientId, 'tied-b', '2026-05-01T00:00:00Z');
    // Another patient's documents count for nobody else.
    await file(guardian.patientId, 'guardian', '2026-04-15T00:00:00Z');

    const range = '?createdFrom=2026-04-01T00:00:00Z&createdBefore=2026-05-01T00:00:00Z';
    const list = z.array(patientDocument).parse((await ask('getPatientDocuments', '')).json());
    const inList = z.array(patientDocument).parse((await ask('getPatientDocuments', range)).json());

    const answer = await summary(range);
    expect(answer).toEqual({ total: list.length, inRange: inList.length, latest: list[0] });
    expect(answer).toMatchObject({ total: 5, inRange: 2, latest: { name: 'tied-b' } });
    // An open range holds everything.
    expect(await summary('')).toMatchObject({ total: 5, inRange: 5 });
    expect(await summary('?createdFrom=2026-05-01T00:00:00Z')).toMatchObject({ total: 5, inRange: 2 });
  });

  it('refuses a bad instant, naming the field', async () => {
    for (const [query, field] of [
      ['?createdFrom=2026-04-01', 'createdFrom'],
      ['?createdBefore=2026-02-30T00:00:00Z', 'createdBefore'],
    ] as const) {
      const refused = await ask('getPatientDocumentsSummary', query);
      expect(refused.statusCode, query).toBe(400);
      expect(errorResponse.parse(refused.json()).validationMessages?.map((m) => m.field)).toEqual([field]);
    }
  });

  it("refuses another patient's summary", async () => {
    const stranger = await givenUser(t.db, (await givenPracticeWithKey(t.db)).practiceId, {
      username: `dss${Date.now()}`,
    });
    expect((await ask('getPatientDocumentsSummary', '', stranger.patientId)).statusCode).toBe(403);
  });
});
