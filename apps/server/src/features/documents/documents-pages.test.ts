/**
 * The documents a page at a time (decision 267): without `limit` the spec's bare array, with it a
 * page and the cursor of the next, newest first in the Documents page's order, inside an optional
 * creation range; a cursor never reaches into another patient's documents. And the Documents
 * block's summary of the same list (decision 311): every document, those of a range, the newest.
 */
import {
  errorResponse,
  patientDocument,
  patientDocumentsPage,
  patientDocumentsSummary,
} from '@dermis/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { patient, patientDocument as documentTable } from '../../db/schema';
import { listCursor } from '../../lib/list-cursor';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPracticeWithKey, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');

describeEachDatabase('documents by page, and their summary', (t) => {
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
    guardian = await givenUser(t.db, practice.practiceId, { username: `dpg${Date.now()}` });
    minor = await givenUser(t.db, practice.practiceId, { username: `dpm${Date.now()}` });
    await givenResponsiblePerson(t.db, minor.patientId, guardian.patientId);
    token = (await signIn(app, guardian.username, guardian.password)).accessToken;
  });

  const externalIdOf = async (patientId: number) =>
    (await t.db.select().from(patient).where(eq(patient.id, patientId)))[0]!.externalId;
  const file = async (patientId: number, documentId: string, dateCreated: string, owner?: string) => {
    const filed = await app.inject({
      method: 'PUT',
      url: `/api/integration/patients/${await externalIdOf(patientId)}/documents/${documentId}`,
      headers: { 'x-api-key': key },
      payload: {
        name: documentId,
        fileName: `${documentId}.pdf`,
        mimeType: 'application/pdf',
        dateCreated,
        contentBase64: pdf,
        ...(owner ? { ownerFullName: owner } : {}),
      },
    });
    expect(filed.statusCode).toBe(201);
  };
  const ask = (
    query: string,
    patientId = minor.patientId,
    accessToken = token,
    call = 'getPatientDocuments',
  ) =>
    app.inject({
      method: 'GET',
      url: `/api/app/dms/${call}/_rid/${patientId}${query}`,
      headers: bearer(accessToken),
    });
  const page = async (query: string, patientId = minor.patientId) => {
    const answer = await ask(query, patientId);
    expect(answer.statusCode).toBe(200);
    return patientDocumentsPage.parse(answer.json());
  };
  const names = (documents: { name: string }[]) => documents.map((d) => d.name);

  it('pages newest first by cursor, ties by newest id, and keeps the bare array without a limit', async () => {
    await file(minor.patientId, 'A', '2026-09-01T10:00:00Z');
    await file(minor.patientId, 'B', '2026-10-01T10:00:00Z');
    // C and D were created at the same instant: the later filed (higher id) comes first.
    await file(minor.patientId, 'C', '2026-08-01T10:00:00Z');
    await file(minor.patientId, 'D', '2026-08-01T10:00:00Z');
    await file(minor.patientId, 'E', '2026-11-01T10:00:00Z');

    const whole = await ask('');
    expect(whole.statusCode).toBe(200);
    expect(names(z.array(patientDocument).parse(whole.json()))).toEqual(['E', 'B', 'A', 'D', 'C']);

    const first = await page('?limit=2');
    expect(names(first.documents)).toEqual(['E', 'B']);
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(names(second.documents)).toEqual(['A', 'D']);
    const third = await page(`?limit=2&cursor=${second.nextCursor}`);
    expect(names(third.documents)).toEqual(['C']);
    expect(third.nextCursor).toBeNull();
    // A page that ends the list exactly says so too.
    expect((await page('?limit=5')).nextCursor).toBeNull();
  });

  it('keeps the documents created inside the range, paged or whole', async () => {
    await file(minor.patientId, 'before', '2026-03-31T23:59:59Z');
    await file(minor.patientId, 'first', '2026-04-01T00:00:00Z');
    await file(minor.patientId, 'middle', '2026-04-15T12:00:00Z');
    await file(minor.patientId, 'last', '2026-04-30T23:59:59Z');
    await file(minor.patientId, 'after', '2026-05-01T00:00:00Z');
    const range = '?createdFrom=2026-04-01T00:00:00Z&createdBefore=2026-05-01T00:00:00Z';

    const whole = await ask(range);
    expect(names(z.array(patientDocument).parse(whole.json()))).toEqual(['last', 'middle', 'first']);
    const first = await page(`${range}&limit=2`);
    expect(names(first.documents)).toEqual(['last', 'middle']);
    const second = await page(`${range}&limit=2&cursor=${first.nextCursor}`);
    expect(names(second.documents)).toEqual(['first']);
    expect(second.nextCursor).toBeNull();
    // An instant with an offset means that instant: 02:00 at +02:00 is midnight UTC.
    const offset = await page('?createdFrom=2026-05-01T02:00:00%2B02:00&limit=10');
    expect(names(offset.documents)).toEqual(['after']);
  });

  it('refuses a bad limit, cursor or instant, naming the field', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?limit=ten', 'limit'],
      ['?limit=2&cursor=not%20a%20cursor!', 'cursor'],
      ['?createdFrom=2026-04-01', 'createdFrom'],
      ['?createdBefore=2026-02-30T00:00:00Z&limit=2', 'createdBefore'],
      ['?createdFrom=1800-01-01T00:00:00Z', 'createdFrom'],
    ] as const) {
      const refused = await ask(query);
      expect(refused.statusCode, query).toBe(400);
      const answer = errorResponse.parse(refused.json());
      expect(answer.message).not.toBe('');
      expect(answer.validationMessages?.map((m) => m.field)).toEqual([field]);
    }
    expect((await ask('?limit=500')).statusCode).toBe(200);
  });

  it('answers an empty page to a cursor of another patient, another list or none at all', async () => {
    await file(minor.patientId, 'M1', '2026-01-01T10:00:00Z');
    await file(minor.patientId, 'M2', '2026-02-01T10:00:00Z');
    await file(guardian.patientId, 'G1', '2026-01-01T10:00:00Z');
    await file(guardian.patientId, 'G2', '2026-02-01T10:00:00Z');

    // The guardian's own cursor, read against the minor's list, gives nothing of either.
    const own = await page('?limit=1', guardian.patientId);
    expect(names(own.documents)).toEqual(['G2']);
    const foreign = await page(`?limit=2&cursor=${own.nextCursor}`);
    expect(foreign).toEqual({ documents: [], nextCursor: null });
    // A cursor naming the minor with the guardian's document, or another list's cursor: nothing.
    const g2 = own.documents[0]!.id;
    const forged = Buffer.from(`${minor.patientId}.DOCUMENTS.${g2}`).toString('base64url');
    expect((await page(`?limit=2&cursor=${forged}`)).documents).toEqual([]);
    const m2 = (await page('?limit=1')).documents[0]!.id;
    const prescriptions = Buffer.from(`${minor.patientId}.PRESCRIPTIONS.${m2}`).toString('base64url');
    expect((await page(`?limit=2&cursor=${prescriptions}`)).documents).toEqual([]);
    // Base64url that is no cursor at all.
    expect((await page('?limit=2&cursor=abc')).documents).toEqual([]);
    // The minor's own cursor still works.
    const mine = Buffer.from(`${minor.patientId}.DOCUMENTS.${m2}`).toString('base64url');
    expect(names((await page(`?limit=2&cursor=${mine}`)).documents)).toEqual(['M1']);

    // And another patient's list stays the guard's business first.
    const stranger = await givenUser(t.db, guardian.practiceId, { username: `dps${Date.now()}` });
    const eve = (await signIn(app, stranger.username, stranger.password)).accessToken;
    expect((await ask('?limit=2', minor.patientId, eve)).statusCode).toBe(403);
  });

  it('answers the same bytes for every ask: the whole list, ranges, pages and their cursors', async () => {
    // The expected bodies are written here from the stored rows, in the contract's key order, so
    // that a change of how the list is read (its statement, its row mapping) must keep every byte.
    await file(minor.patientId, 'A', '2026-09-01T10:00:00.123Z', 'Dr. Ann Lee');
    await file(minor.patientId, 'B', '2026-10-01T10:00:00Z');
    await file(minor.patientId, 'C', '2026-08-01T10:00:00Z');
    await file(minor.patientId, 'D', '2026-08-01T10:00:00Z', 'Zoë "Quote" Núñez');
    await file(minor.patientId, 'E', '2026-11-01T10:00:00Z');
    await file(minor.patientId, 'F', '2026-08-01T09:59:59.999Z');
    await file(guardian.patientId, 'G', '2026-09-15T10:00:00Z');
    // Instants with microseconds (a clinic's feed or now() may store them): the answer cuts them
    // to the millisecond, never rounds.
    const stamp = async (name: string, column: 'date_created' | 'added_on', at: string) =>
      t.db.execute(
        sql`UPDATE patient_document SET ${sql.raw(column)} = ${at}::timestamptz
          WHERE patient_id = ${minor.patientId} AND name = ${name}`,
      );
    await stamp('E', 'date_created', '2026-11-01T10:00:00.999999Z');
    await stamp('A', 'added_on', '2026-11-29T12:00:00.123999Z');
    await stamp('B', 'added_on', '1999-12-31T23:59:59.9995Z');

    const stored = (
      await t.db.select().from(documentTable).where(eq(documentTable.patientId, minor.patientId))
    )
      .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || b.id - a.id)
      .map((row) => ({
        id: row.id,
        name: row.name,
        contentS3Id: row.contentS3Id,
        dateCreated: row.dateCreated.toISOString(),
        addedOn: row.addedOn.toISOString(),
        ownerFullName: row.ownerFullName,
        fileName: row.fileName,
        mimeType: row.mimeType,
        contentLength: row.contentLength,
      }));
    expect(stored.map((d) => Object.keys(d))).toEqual(stored.map(() => Object.keys(patientDocument.shape)));
    const inRange = (from?: string, before?: string) =>
      stored.filter(
        (d) =>
          (from === undefined || d.dateCreated >= new Date(from).toISOString()) &&
          (before === undefined || d.dateCreated < new Date(before).toISOString()),
      );
    const body = async (query: string) => {
      const answer = await ask(query);
      expect(answer.statusCode, query).toBe(200);
      return answer.body;
    };
    // Each page in turn by its cursor, until the last; every body compared whole.
    const pages = async (range: string, limit: number, expected: typeof stored) => {
      let cursor: string | null = null;
      let offset = 0;
      do {
        const query: string = `?${range}limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
        const documents = expected.slice(offset, offset + limit);
        offset += limit;
        const more = offset < expected.length;
        cursor = more ? listCursor.of(minor.patientId, 'DOCUMENTS', documents.at(-1)!.id) : null;
        expect(await body(query), query).toBe(JSON.stringify({ documents, nextCursor: cursor }));
      } while (cursor !== null);
    };

    expect(await body('')).toBe(JSON.stringify(stored));
    const from = '2026-08-01T10:00:00Z';
    const before = '2026-10-01T10:00:00Z';
    expect(await body(`?createdFrom=${from}`)).toBe(JSON.stringify(inRange(from)));
    expect(await body(`?createdBefore=${before}`)).toBe(JSON.stringify(inRange(undefined, before)));
    expect(await body(`?createdFrom=${from}&createdBefore=${before}`)).toBe(
      JSON.stringify(inRange(from, before)),
    );
    expect(await body('?createdFrom=2027-01-01T00:00:00Z')).toBe('[]');
    expect(await body('?createdFrom=2027-01-01T00:00:00Z&limit=3')).toBe(
      '{"documents":[],"nextCursor":null}',
    );
    for (const limit of [1, 2, 5, 6, 20]) {
      await pages('', limit, stored);
      await pages(`createdFrom=${from}&`, limit, inRange(from));
      await pages(`createdBefore=${before}&`, limit, inRange(undefined, before));
      await pages(`createdFrom=${from}&createdBefore=${before}&`, limit, inRange(from, before));
    }
  });

  describe("the Documents block's summary", () => {
    const askSummary = (query: string, patientId = minor.patientId) =>
      ask(query, patientId, token, 'getPatientDocumentsSummary');
    const summary = async (query: string) => {
      const answer = await askSummary(query);
      expect(answer.statusCode).toBe(200);
      return patientDocumentsSummary.parse(answer.json());
    };

    it('answers no documents and no newest for a patient without documents', async () => {
      expect(await summary('')).toEqual({ total: 0, inRange: 0, latest: null });
      expect((await askSummary('')).body).toBe('{"total":0,"inRange":0,"latest":null}');
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
      const list = z.array(patientDocument).parse((await ask('')).json());
      const inList = z.array(patientDocument).parse((await ask(range)).json());

      const answer = await summary(range);
      expect(answer).toEqual({ total: list.length, inRange: inList.length, latest: list[0] });
      expect(answer).toMatchObject({ total: 5, inRange: 2, latest: { name: 'tied-b' } });
      // Byte for byte: the newest written as the list writes it, after the two counts.
      expect((await askSummary(range)).body).toBe(JSON.stringify({ total: 5, inRange: 2, latest: list[0] }));
      // An open range holds everything.
      expect(await summary('')).toMatchObject({ total: 5, inRange: 5 });
      expect(await summary('?createdFrom=2026-05-01T00:00:00Z')).toMatchObject({ total: 5, inRange: 2 });
    });

    it('refuses a bad instant, naming the field', async () => {
      for (const [query, field] of [
        ['?createdFrom=2026-04-01', 'createdFrom'],
        ['?createdBefore=2026-02-30T00:00:00Z', 'createdBefore'],
      ] as const) {
        const refused = await askSummary(query);
        expect(refused.statusCode, query).toBe(400);
        expect(errorResponse.parse(refused.json()).validationMessages?.map((m) => m.field)).toEqual([field]);
      }
    });

    it("refuses another patient's summary", async () => {
      const stranger = await givenUser(t.db, (await givenPracticeWithKey(t.db)).practiceId, {
        username: `dss${Date.now()}`,
      });
      expect((await askSummary('', stranger.patientId)).statusCode).toBe(403);
    });
  });
});
