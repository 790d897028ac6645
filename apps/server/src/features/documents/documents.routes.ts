/**
 * Document calls (contract `documentsCalls`): the patient's documents and a signed link to one,
 * through the patient-access guard (spec 001 §7); the clinic files or replaces a document with its
 * API key. The demo documents' bytes are written at start when missing (documents.demo.ts).
 */
import { documentMaxBytes, documentsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { fastStringify, sendJsonText } from '../../lib/fast-serializer';
import { listCursor } from '../../lib/list-cursor';
import { PatientRevisionAnswers } from '../../lib/patient-revision';
import { registerCall } from '../../plugins/register-call';
import { ensureDemoDocumentBlobs } from './documents.demo';
import { documentsSummary, listDocuments } from './documents.repository';
import { issueDocumentDownload, upsertDocument } from './documents.service';

/** The list's name in its cursors. */
const documentList = 'DOCUMENTS';

/** The creation range a list or a summary asks about; an end left out is open. */
function rangeOf(query: { createdFrom?: string | undefined; createdBefore?: string | undefined }) {
  return {
    createdFrom: query.createdFrom === undefined ? undefined : new Date(query.createdFrom),
    createdBefore: query.createdBefore === undefined ? undefined : new Date(query.createdBefore),
  };
}

/** A range as the statements bind it: each instant to the millisecond, an open end as nothing. */
function rangeKey(range: ReturnType<typeof rangeOf>): string {
  return `${range.createdFrom?.toISOString() ?? ''} ${range.createdBefore?.toISOString() ?? ''}`;
}

export function registerDocumentsCalls(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    await ensureDemoDocumentBlobs(app.db, app.blobs);
  });

  // The list's pages and the summary are kept as their answer's text by the patient's documents
  // revision (decision 326), which every change of the patient's documents moves on. The range is
  // the request's own instants (the web sends the last 7 days' bounds), so an answer holds until a
  // document changes and needs no instant of its own; it is keyed by every part of the request.
  const listJson = fastStringify(documentsCalls.list.response);
  const summaryJson = fastStringify(documentsCalls.summary.response);
  const kept = new PatientRevisionAnswers<string>('documents');

  registerCall(app, documentsCalls.list, async ({ patient, query, reply }) => {
    const { patientId } = patient;
    const range = rangeOf(query);
    const key = `list ${patientId} ${rangeKey(range)} ${query.limit ?? ''} ${query.cursor ?? ''}`;
    const text = await kept.answer(app.db, patientId, key, async () => ({
      text: listJson(await documentsOf(patientId, range, query)),
    }));
    return sendJsonText(reply, text);
  });

  /** The list's answer: every document in the range, or its page after the cursor with `limit`. */
  async function documentsOf(
    patientId: number,
    range: ReturnType<typeof rangeOf>,
    query: { limit?: number | undefined; cursor?: string | undefined },
  ) {
    // Without a limit, the spec's answer: every document (in the range) as a bare array.
    if (query.limit === undefined) return listDocuments(app.db, patientId, range);
    let afterId: number | undefined;
    if (query.cursor !== undefined) {
      const id = listCursor.read(query.cursor, patientId, documentList);
      // Another patient's cursor, or one that is not a cursor: nothing follows it in this list.
      if (id === null) return { documents: [], nextCursor: null };
      afterId = id;
    }
    // One more than the page is read to know whether another page follows.
    const rows = await listDocuments(app.db, patientId, { ...range, afterId, limit: query.limit + 1 });
    const more = rows.length > query.limit;
    const documents = more ? rows.slice(0, query.limit) : rows;
    const last = documents.at(-1);
    return {
      documents,
      nextCursor: more && last ? listCursor.of(patientId, documentList, last.id) : null,
    };
  }

  registerCall(app, documentsCalls.summary, async ({ patient, query, reply }) => {
    const { patientId } = patient;
    const range = rangeOf(query);
    const text = await kept.answer(
      app.db,
      patientId,
      `summary ${patientId} ${rangeKey(range)}`,
      async () => ({
        text: summaryJson(await documentsSummary(app.db, patientId, range)),
      }),
    );
    return sendJsonText(reply, text);
  });

  registerCall(app, documentsCalls.downloadUrl, ({ patient, caller, query }) =>
    issueDocumentDownload(
      app,
      { userId: caller.userId, practiceId: caller.practiceId },
      patient.patientId,
      query.documentId,
    ),
  );

  registerCall(
    app,
    documentsCalls.upsert,
    async ({ params, body, practiceId, reply }) => {
      const result = await upsertDocument(
        app,
        practiceId,
        params.externalId,
        params.documentExternalId,
        body,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
    // Base64 of the largest document, plus the other fields.
    { bodyLimit: Math.ceil(documentMaxBytes / 3) * 4 + 64 * 1024 },
  );
}
