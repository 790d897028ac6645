/**
 * Documents (spec 001 §2, §3, §7): the clinic files them through the integration API (idempotent by
 * its own ids, content checked by magic bytes); the patient or their responsible person lists them
 * newest first and downloads one through a signed, expiring link, recorded in the activity log.
 */
import type { DocumentDownloadUrlResponse, PatientDocument } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { activityLog, patient, patientDocument } from '../../db/schema';
import { buildProgram } from '../../cli/program';
import type { CliIo } from '../../cli/program';
import type { DemoContext } from '../../demo/seed';
import { ensureDemoDocumentBlobs, seedDocuments } from './documents.demo';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPracticeWithKey, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

describeEachDatabase('documents', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let key: string;
  let user: UserFixture;
  let externalId: string;
  let token: string;

  beforeEach(async () => {
    const practice = await givenPracticeWithKey(t.db);
    key = practice.apiKey;
    app = await newApp();
    user = await givenUser(t.db, practice.practiceId, { username: `docs${Date.now()}` });
    const [row] = await t.db.select().from(patient).where(eq(patient.id, user.patientId));
    externalId = row!.externalId;
    token = (await signIn(app, user.username, user.password)).accessToken;
  });

  const file = (documentId: string, body: object, patientExternalId = externalId) =>
    app.inject({
      method: 'PUT',
      url: `/api/integration/patients/${patientExternalId}/documents/${documentId}`,
      headers: { 'x-api-key': key },
      payload: body,
    });
  const pdfBody = (name: string, dateCreated: string) => ({
    name,
    fileName: `${name}.pdf`,
    mimeType: 'application/pdf',
    dateCreated,
    ownerFullName: 'Dr. Ana Reyes',
    contentBase64: b64(pdf),
  });
  const list = (auth = token, patientId = user.patientId) =>
    app.inject({
      method: 'GET',
      url: `/api/app/dms/getPatientDocuments/_rid/${patientId}`,
      headers: bearer(auth),
    });

  it('files documents idempotently by the clinic id and lists them newest first', async () => {
    const first = await file('D-1', pdfBody('Visit summary', '2026-01-10T10:00:00Z'));
    expect(first.statusCode).toBe(201);
    expect((await file('D-2', pdfBody('Lab results', '2026-03-01'))).statusCode).toBe(201);
    const again = await file('D-1', pdfBody('Visit summary (corrected)', '2026-01-10T10:00:00Z'));
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);

    const response = await list();
    expect(response.statusCode).toBe(200);
    const documents = response.json<PatientDocument[]>();
    expect(documents.map((d) => d.name)).toEqual(['Lab results', 'Visit summary (corrected)']);
    expect(documents[1]).toMatchObject({
      fileName: 'Visit summary (corrected).pdf',
      mimeType: 'application/pdf',
      ownerFullName: 'Dr. Ana Reyes',
      dateCreated: '2026-01-10T10:00:00.000Z',
      contentLength: pdf.length,
    });
    expect(await t.db.select().from(patientDocument)).toHaveLength(2);
  });

  it('refuses content that is not what it declares, bad base64, an unknown patient and a bad key', async () => {
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00]);
    const lie = await file('D-3', { ...pdfBody('x', '2026-01-01'), contentBase64: b64(exe) });
    expect(lie.statusCode).toBe(400);
    const png = await file('D-3', { ...pdfBody('x', '2026-01-01'), mimeType: 'image/png' });
    expect(png.statusCode).toBe(400);
    const notBase64 = await file('D-3', { ...pdfBody('x', '2026-01-01'), contentBase64: '%%%' });
    expect(notBase64.statusCode).toBe(400);
    expect((await file('D-3', pdfBody('x', '2026-01-01'), 'NO-SUCH-PATIENT')).statusCode).toBe(404);
    const text = await file('D-4', {
      ...pdfBody('Note', '2026-01-01'),
      mimeType: 'text/plain',
      contentBase64: b64('Please bring your medication list.\n'),
    });
    expect(text.statusCode).toBe(201);
    const unauthorised = await app.inject({
      method: 'PUT',
      url: `/api/integration/patients/${externalId}/documents/D-5`,
      headers: { 'x-api-key': 'dermis_wrong' },
      payload: pdfBody('x', '2026-01-01'),
    });
    expect(unauthorised.statusCode).toBe(401);
  });

  it('downloads through a signed link, records the download, and refuses strangers', async () => {
    const id = (await file('D-1', pdfBody('Visit summary', '2026-01-10'))).json<{ id: number }>().id;
    const issued = await app.inject({
      method: 'GET',
      url: `/api/app/dms/url/getDermisDownloadURL?patientId=${user.patientId}&documentId=${id}`,
      headers: bearer(token),
    });
    expect(issued.statusCode).toBe(200);
    const link = issued.json<DocumentDownloadUrlResponse>();
    expect(link).toMatchObject({ fileName: 'Visit summary.pdf', mimeType: 'application/pdf' });
    expect(link.url).toMatch(/^\/api\/blobs\/download\?t=/);

    const download = await app.inject({ method: 'GET', url: link.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="Visit summary.pdf"');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const downloads = async () =>
      (await t.db.select().from(activityLog).where(eq(activityLog.patientId, user.patientId))).filter(
        (r) => r.action === 'DOWNLOAD_DOCUMENT',
      );
    expect((await downloads()).map((r) => r.actorUserId)).toEqual([user.userId]);

    // Another patient of the practice: neither the list nor the link.
    const stranger = await givenUser(t.db, user.practiceId, { username: `stranger${Date.now()}` });
    const strangerToken = (await signIn(app, stranger.username, stranger.password)).accessToken;
    expect((await list(strangerToken)).statusCode).toBe(403);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/app/dms/url/getDermisDownloadURL?patientId=${user.patientId}&documentId=${id}`,
      headers: bearer(strangerToken),
    });
    expect(refused.statusCode).toBe(403);
    // Their own patient id with this document's id: not theirs, so not found.
    const sideways = await app.inject({
      method: 'GET',
      url: `/api/app/dms/url/getDermisDownloadURL?patientId=${stranger.patientId}&documentId=${id}`,
      headers: bearer(strangerToken),
    });
    expect(sideways.statusCode).toBe(404);

    // A responsible person lists and downloads; the log names them as the actor.
    await givenResponsiblePerson(t.db, user.patientId, stranger.patientId);
    expect((await list(strangerToken)).json<PatientDocument[]>()).toHaveLength(1);
    const forPatient = await app.inject({
      method: 'GET',
      url: `/api/app/dms/url/getDermisDownloadURL?patientId=${user.patientId}&documentId=${id}`,
      headers: bearer(strangerToken),
    });
    expect(forPatient.statusCode).toBe(200);
    expect((await downloads()).map((r) => r.actorUserId).sort()).toEqual(
      [user.userId, stranger.userId].sort(),
    );
  });

  it('refuses a bad query and an expired or tampered link', async () => {
    const id = (await file('D-1', pdfBody('Visit summary', '2026-01-10'))).json<{ id: number }>().id;
    for (const query of [
      '',
      `?patientId=${user.patientId}`,
      `?patientId=x&documentId=${id}`,
      '?patientId=1&documentId=99999999999',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/app/dms/url/getDermisDownloadURL${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
    }
    const expiredApp = await newApp({ blobUrlTtlSeconds: -1, jwtSecret: app.config.jwtSecret });
    const link = (
      await expiredApp.inject({
        method: 'GET',
        url: `/api/app/dms/url/getDermisDownloadURL?patientId=${user.patientId}&documentId=${id}`,
        headers: bearer(token),
      })
    ).json<DocumentDownloadUrlResponse>();
    expect((await app.inject({ method: 'GET', url: link.url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${link.url}x` })).statusCode).toBe(404);
  });

  it("seeds Maria's documents inside and outside the last 7 days, with real bytes", async () => {
    const demo = { practiceId: user.practiceId, patients: { maria: user.patientId } } as DemoContext;
    await seedDocuments(t.db, demo);
    // The app writes the missing demo bytes when it starts; a second start finds them.
    const started = await newApp({ blobStore: app.config.blobStore, jwtSecret: app.config.jwtSecret });
    await started.ready();
    expect(await ensureDemoDocumentBlobs(t.db, started.blobs)).toBe(0);

    const documents = (await list()).json<PatientDocument[]>();
    const age = (d: PatientDocument) => (Date.now() - Date.parse(d.dateCreated)) / 86_400_000;
    expect(documents.filter((d) => age(d) <= 7).length).toBeGreaterThanOrEqual(2);
    expect(documents.filter((d) => age(d) > 7).length).toBeGreaterThanOrEqual(2);
    for (const document of documents) {
      const link = (
        await started.inject({
          method: 'GET',
          url: `/api/app/dms/url/getDermisDownloadURL?patientId=${user.patientId}&documentId=${document.id}`,
          headers: bearer(token),
        })
      ).json<DocumentDownloadUrlResponse>();
      const bytes = (await started.inject({ method: 'GET', url: link.url })).rawPayload;
      expect(bytes.length).toBe(document.contentLength);
      if (document.mimeType === 'application/pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('files documents and insurance from the CLI, idempotently', async () => {
    const printed: string[] = [];
    const files: Record<string, Buffer> = {
      'summary.pdf': pdf,
      'insurance.json': Buffer.from(
        JSON.stringify({
          name: 'Main',
          policies: [
            {
              externalId: 'P1',
              order: 1,
              name: 'Gold',
              insuranceCompanyName: 'Aetna',
              validThrough: '2020-01-31',
            },
          ],
        }),
      ),
      'virus.exe': Buffer.from([0x4d, 0x5a, 0x90, 0x00]),
    };
    const io = {
      withDatabase: async (fn: Parameters<CliIo['withDatabase']>[0]) => void printed.push(await fn(t.db)),
      blobStore: () => app.blobs,
      readFile: (name: string) => files[name] ?? Buffer.alloc(0),
    };
    const run = (...args: string[]) => buildProgram(io).parseAsync(['node', 'dermis', ...args]);
    const add = [
      'document:add',
      '--practice',
      String(user.practiceId),
      '--patient',
      externalId,
      '--document-id',
      'C-1',
    ];
    await run(...add, '--file', 'summary.pdf', '--date', '2026-02-01', '--owner', 'Olivia Bennett, MD');
    await run(...add, '--file', 'summary.pdf', '--name', 'Visit summary');
    expect(printed).toEqual([
      expect.stringMatching(/^Document \d+ \(C-1\) created for patient .*: summary$/),
      expect.stringMatching(/replaced .*: Visit summary$/),
    ]);
    await expect(run(...add, '--file', 'virus.exe')).rejects.toThrow(/--file: the content is not one of/);
    expect((await list()).json<PatientDocument[]>().map((d) => d.name)).toEqual(['Visit summary']);

    const set = [
      'insurance:set',
      '--practice',
      String(user.practiceId),
      '--patient',
      externalId,
      '--profile-id',
      'I-1',
    ];
    await run(...set, '--file', 'insurance.json');
    await run(...set, '--file', 'insurance.json');
    expect(printed.slice(2)).toEqual([
      expect.stringMatching(/created for patient .* with 1 policies$/),
      expect.stringMatching(/updated for patient .* with 1 policies$/),
    ]);
  });
});
