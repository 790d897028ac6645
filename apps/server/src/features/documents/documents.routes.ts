/**
 * GET dms/getPatientDocuments/_rid/{id} and GET dms/url/getDermisDownloadURL?patientId&documentId
 * (spec 001 §7), both through the patient-access guard.
 */
import {
  appRoutes,
  documentDownloadUrlQuery,
  documentDownloadUrlResponse,
  errorResponse,
  patientDocumentsResponse,
  ridParams,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { listDocuments } from './documents.repository';
import { issueDocumentDownload } from './documents.service';

export async function documentsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${appRoutes.patientDocuments}`,
    {
      schema: { params: ridParams, response: { 200: patientDocumentsResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => listDocuments(app.db, accessedPatient(request).patientId),
  );

  app.get(
    `/${appRoutes.documentDownloadUrl}`,
    {
      schema: {
        querystring: documentDownloadUrlQuery,
        response: { 200: documentDownloadUrlResponse, 403: errorResponse, 404: errorResponse },
      },
      preHandler: requirePatientAccess((request) => (request.query as { patientId?: unknown }).patientId),
    },
    async (request) => {
      const caller = authOf(request);
      return issueDocumentDownload(
        app,
        { userId: caller.userId, practiceId: caller.practiceId },
        accessedPatient(request).patientId,
        request.query.documentId,
      );
    },
  );

  return Promise.resolve();
}
