/**
 * POST patient/viewCCDADocument (spec 001/002 §7: encounterId, patientId; answers `xml`) through the
 * patient-access guard, each view landing in the activity log as VIEW; and the clinic's
 * PUT /api/integration/encounters/{externalId}/clinical-document (API key).
 */
import {
  attachClinicalDocumentRequest,
  attachClinicalDocumentResponse,
  clinicalDocumentMaxBytes,
  clinicalDocumentRoutes as paths,
  errorResponse,
  externalIdParams,
  viewCcdaDocumentRequest,
  viewCcdaDocumentResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../../plugins/activity-log';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { attachClinicalDocument, encounterDocumentXml } from './clinical-documents.service';

export async function clinicalDocumentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.view}`,
    {
      schema: {
        body: viewCcdaDocumentRequest,
        response: {
          200: viewCcdaDocumentResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
      preHandler: requirePatientAccess(),
    },
    async (request, reply) => {
      const caller = authOf(request);
      const { patientId } = accessedPatient(request);
      const xml = await encounterDocumentXml(app.db, patientId, request.body.encounterId);
      await recordActivity(app.db, {
        practiceId: caller.practiceId,
        patientId,
        actorUserId: caller.userId,
        action: 'VIEW',
      });
      // The document is the patient's record: never kept by a shared cache.
      void reply.header('cache-control', 'no-store');
      return { xml };
    },
  );

  return Promise.resolve();
}

export async function clinicalDocumentIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${paths.attach}`,
    {
      bodyLimit: clinicalDocumentMaxBytes * 2 + 64 * 1024,
      schema: {
        summary: 'Attach (or replace) the clinical document (CDA R2 / C-CDA XML) of an encounter',
        description:
          'The XML must be well formed, without DOCTYPE, with the root ClinicalDocument in urn:hl7-org:v3. The patient sees it in the complete-record viewer.',
        security: [{ apiKey: [] }],
        params: externalIdParams,
        body: attachClinicalDocumentRequest,
        response: {
          200: attachClinicalDocumentResponse,
          201: attachClinicalDocumentResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await attachClinicalDocument(
        api.db,
        apiKeyPracticeOf(request),
        request.params.externalId,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  return Promise.resolve();
}
