/**
 * Health information (spec 001 §7): `GET patient/healthInfo/_rid/{id}`, `POST
 * patient/exportCCDAByFilter` and `GET patient/fhir/getInviteCode?patientId=`, each through the
 * patient-access guard; and the integration API's FHIR invite issue and revoke.
 */
import {
  appRoutes,
  exportCcdaRequest,
  exportCcdaResponse,
  externalIdParams,
  fhirInviteCodeQuery,
  fhirInviteCodeResponse,
  fhirInviteIssueResponse,
  healthInfoResponse,
  integrationRoutes,
  ridParams,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError, notFound } from '../../lib/http-error';
import { translatorFor, requestLanguage } from '../../lib/i18n';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { buildCcdaDocument } from './ccda-document';
import { exportHealthRecord } from './export.service';
import { loadHealthInfo } from './health-info.repository';
import { currentInvite, fhirAllowed, issueInvite, revokeInvite } from './fhir-invite.repository';

export async function healthInformationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${appRoutes.healthInfo}`,
    {
      schema: { params: ridParams, response: { 200: healthInfoResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const info = await loadHealthInfo(app.db, accessedPatient(request).patientId);
      if (!info) throw notFound();
      return info;
    },
  );

  app.post(
    `/${appRoutes.exportCcdaByFilter}`,
    {
      schema: { body: exportCcdaRequest, response: { 200: exportCcdaResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const caller = authOf(request);
      return exportHealthRecord(
        {
          db: app.db,
          buildCcda: buildCcdaDocument,
          patientId: accessedPatient(request).patientId,
          actor: { userId: caller.userId, practiceId: caller.practiceId },
          translate: translatorFor(requestLanguage(request)),
          language: requestLanguage(request),
        },
        request.body,
      );
    },
  );

  app.get(
    `/${appRoutes.fhirInviteCode}`,
    {
      schema: { querystring: fhirInviteCodeQuery, response: { 200: fhirInviteCodeResponse } },
      preHandler: requirePatientAccess((request) => (request.query as { patientId?: unknown }).patientId),
    },
    async (request) => {
      const patientId = accessedPatient(request).patientId;
      const invite = (await fhirAllowed(app.db, patientId))
        ? await currentInvite(app.db, patientId)
        : undefined;
      if (!invite) throw httpError(404, 'DA01', 'server.error.noFhirInvite');
      const url = app.config.fhirBaseUrl ?? `${request.protocol}://${request.host}/fhir/r4`;
      return { url, code: invite.code, issuedAt: invite.issuedAt.toISOString() };
    },
  );

  return Promise.resolve();
}

const revokeResponse = z.object({ patientExternalId: z.string(), revoked: z.boolean() });

/** Integration API: the practice issues (or reissues) and revokes a patient's FHIR invite code. */
export async function fhirInviteIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticateApiKey);

  app.post(
    `/${integrationRoutes.fhirInvite}`,
    { schema: { params: externalIdParams, response: { 201: fhirInviteIssueResponse } } },
    async (request, reply) => {
      const { externalId } = request.params;
      const patientId = await patientIdByExternalId(app.db, apiKeyPracticeOf(request), externalId);
      const invite = await issueInvite(app.db, patientId);
      return reply
        .status(201)
        .send({ patientExternalId: externalId, code: invite.code, issuedAt: invite.issuedAt.toISOString() });
    },
  );

  app.delete(
    `/${integrationRoutes.fhirInvite}`,
    { schema: { params: externalIdParams, response: { 200: revokeResponse } } },
    async (request) => {
      const { externalId } = request.params;
      const patientId = await patientIdByExternalId(app.db, apiKeyPracticeOf(request), externalId);
      return { patientExternalId: externalId, revoked: await revokeInvite(app.db, patientId) };
    },
  );

  return Promise.resolve();
}
