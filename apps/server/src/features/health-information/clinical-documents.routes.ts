/**
 * POST patient/viewCCDADocument (spec 001/002 §7: encounterId, patientId; answers `xml`), guarded by
 * the registrar on its patientId, each view landing in the activity log as VIEW; and the clinic's
 * PUT /api/integration/encounters/{externalId}/clinical-document (API key). Contract
 * `clinicalDocumentCalls`.
 */
import { clinicalDocumentCalls, clinicalDocumentMaxBytes } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../../plugins/activity-log';
import { registerCall } from '../../plugins/register-call';
import { attachClinicalDocument, encounterDocumentXml } from './clinical-documents.service';

export function registerClinicalDocumentCalls(app: FastifyInstance): void {
  registerCall(app, clinicalDocumentCalls.view, async ({ patient, caller, body, reply }) => {
    const xml = await encounterDocumentXml(app.db, patient.patientId, body.encounterId);
    await recordActivity(app.db, {
      practiceId: caller.practiceId,
      patientId: patient.patientId,
      actorUserId: caller.userId,
      action: 'VIEW',
    });
    // The document is the patient's record: never kept by a shared cache.
    void reply.header('cache-control', 'no-store');
    return { xml };
  });

  registerCall(
    app,
    clinicalDocumentCalls.attach,
    async ({ params, body, practiceId, reply }) => {
      const result = await attachClinicalDocument(app.db, practiceId, params.externalId, body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
    // The XML travels as a JSON string, where escaping can double it.
    { bodyLimit: clinicalDocumentMaxBytes * 2 + 64 * 1024 },
  );
}
