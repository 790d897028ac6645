/**
 * Consent calls (contract `consentsCalls`, spec 002 §7). The patient's calls name a consent or an
 * encounter, not a patient: the access rule runs on its patient, and an unknown id is refused like a
 * stranger's (403), so ids do not leak; the responsible person acting is recorded as the signer. The
 * clinic feeds consent forms and reads consents back, with their evidence, through its API key.
 */
import { consentsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { encounterIdByExternalId, findEncounterPatient } from '../../lib/encounter-lookup';
import { notFound } from '../../lib/http-error';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { assertPatientAccess } from '../../plugins/patient-access';
import { registerCall } from '../../plugins/register-call';
import { integrationConsents, upsertConsentProfile } from './consent-forms.service';
import {
  consentsByEncounter,
  findConsentOwner,
  loadConsent,
  signConsent,
  unsignedOf,
} from './consent-signing.service';

export function registerConsentsCalls(app: FastifyInstance): void {
  registerCall(app, consentsCalls.getUnsigned, async ({ body, request }) => {
    const { encounterId } = body;
    await assertPatientAccess(request, await findEncounterPatient(app.db, encounterId), { encounterId });
    const consents = (await consentsByEncounter(app.db, [encounterId])).get(encounterId) ?? [];
    return { consents: unsignedOf(consents) };
  });

  registerCall(app, consentsCalls.getById, async ({ body, request }) => {
    const { consentId, encounterId } = body;
    const owner = await findConsentOwner(app.db, consentId);
    await assertPatientAccess(request, owner?.patientId ?? null, { consentId });
    if (owner?.encounterId !== encounterId) throw notFound('consent.error.notFound');
    return loadConsent(app.db, consentId, true);
  });

  registerCall(app, consentsCalls.update, async ({ body, request, caller }) => {
    const input = body.consent;
    const owner = await findConsentOwner(app.db, input.id);
    const access = await assertPatientAccess(request, owner?.patientId ?? null, { consentId: input.id });
    if (owner?.encounterId !== input.encounterId) throw notFound('consent.error.notFound');
    const userAgent = request.headers['user-agent'];
    return signConsent(app.db, input, {
      userId: caller.userId,
      patientId: caller.patientId,
      self: access.self,
      ipAddress: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    });
  });

  registerCall(app, consentsCalls.upsertProfile, async ({ params, body, practiceId, reply }) => {
    const row = await upsertConsentProfile(app.db, practiceId, params.externalId, body);
    return reply.status(row.created ? 201 : 200).send(row);
  });

  registerCall(app, consentsCalls.ofEncounter, async ({ params, practiceId }) => {
    const encounterId = await encounterIdByExternalId(app.db, practiceId, params.externalId);
    return integrationConsents(app.db, practiceId, { encounterId });
  });

  registerCall(app, consentsCalls.ofPatient, async ({ params, practiceId }) => {
    const patientId = await patientIdByExternalId(app.db, practiceId, params.externalId);
    return integrationConsents(app.db, practiceId, { patientId });
  });
}
