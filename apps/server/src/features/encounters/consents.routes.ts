/**
 * consent/getUnsigned, consent/getById and consent/update (spec 002 §7). Each names a consent or an
 * encounter, not a patient: the guard runs on its patient, and an unknown id is refused like a
 * stranger's (403), so ids do not leak. The responsible person acting is recorded as the signer.
 */
import {
  appRoutes as paths,
  errorResponse,
  getConsentByIdRequest,
  getConsentByIdResponse,
  getUnsignedConsentsRequest,
  unsignedConsentsResponse,
  updateConsentRequest,
  updateConsentResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { authenticate, authOf } from '../../plugins/authenticate';
import { assertPatientAccess } from '../../plugins/patient-access';
import { findEncounterPatient } from './encounters.service';
import {
  consentsByEncounter,
  findConsentOwner,
  loadConsent,
  signConsent,
  unsignedOf,
} from './consents.service';

const failures = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export async function consentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.getUnsignedConsents}`,
    {
      schema: { body: getUnsignedConsentsRequest, response: { 200: unsignedConsentsResponse, ...failures } },
    },
    async (request) => {
      const { encounterId } = request.body;
      await assertPatientAccess(request, await findEncounterPatient(app.db, encounterId), { encounterId });
      const consents = (await consentsByEncounter(app.db, [encounterId])).get(encounterId) ?? [];
      return { consents: unsignedOf(consents) };
    },
  );

  app.post(
    `/${paths.getConsentById}`,
    { schema: { body: getConsentByIdRequest, response: { 200: getConsentByIdResponse, ...failures } } },
    async (request) => {
      const { consentId, encounterId } = request.body;
      const owner = await findConsentOwner(app.db, consentId);
      await assertPatientAccess(request, owner?.patientId ?? null, { consentId });
      if (owner?.encounterId !== encounterId) throw notFound('consent.error.notFound');
      return loadConsent(app.db, consentId, true);
    },
  );

  app.post(
    `/${paths.updateConsent}`,
    { schema: { body: updateConsentRequest, response: { 200: updateConsentResponse, ...failures } } },
    async (request) => {
      const input = request.body.consent;
      const owner = await findConsentOwner(app.db, input.id);
      const access = await assertPatientAccess(request, owner?.patientId ?? null, { consentId: input.id });
      if (owner?.encounterId !== input.encounterId) throw notFound('consent.error.notFound');
      const caller = authOf(request);
      const userAgent = request.headers['user-agent'];
      return signConsent(app.db, input, {
        userId: caller.userId,
        patientId: caller.patientId,
        self: access.self,
        ipAddress: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      });
    },
  );

  return Promise.resolve();
}
