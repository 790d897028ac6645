/**
 * Document calls (contract `documentsCalls`): the patient's documents and a signed link to one,
 * through the patient-access guard (spec 001 §7); the clinic files or replaces a document with its
 * API key. The demo documents' bytes are written at start when missing (documents.demo.ts).
 */
import { documentMaxBytes, documentsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { listCursor } from '../../lib/list-cursor';
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

export function registerDocumentsCalls(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    await ensureDemoDocumentBlobs(app.db, app.blobs);
  });

  registerCall(app, documentsCalls.list, async ({ patient, query }) => {
    const { patientId } = patient;
    const range = rangeOf(query);
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
  });

  registerCall(app, documentsCalls.summary, ({ patient, query }) =>
    documentsSummary(app.db, patient.patientId, rangeOf(query)),
  );

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
