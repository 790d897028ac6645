/**
 * Document calls (contract `documentsCalls`): the patient's documents and a signed link to one,
 * through the patient-access guard (spec 001 §7); the clinic files or replaces a document with its
 * API key. The demo documents' bytes are written at start when missing (documents.demo.ts).
 */
import { documentMaxBytes, documentsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { ensureDemoDocumentBlobs } from './documents.demo';
import { listDocuments } from './documents.repository';
import { issueDocumentDownload, upsertDocument } from './documents.service';

export function registerDocumentsCalls(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    await ensureDemoDocumentBlobs(app.db, app.blobs);
  });

  registerCall(app, documentsCalls.list, ({ patient }) => listDocuments(app.db, patient.patientId));

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
