/**
 * Consent calls (contract `consentsCalls`, spec 002 §7). The patient's calls name a consent or an
 * encounter, not a patient: the guard runs the access rule on its owner (`ownerOf`), and an unknown id
 * is refused like a stranger's (403), so ids do not leak; the responsible person acting is recorded as
 * the signer. The clinic feeds consent forms and reads consents back, with their evidence, through its
 * API key.
 */
import { consentsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { encounterIdByExternalId, findEncounterPatient } from '../../lib/encounter-lookup';
import { notFound } from '../../lib/http-error';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { registerCall } from '../../plugins/register-call';
import { integrationConsents, upsertConsentProfile } from './consent-forms.service';
import {
  consentsByEncounter,
  findConsentOwner,
  loadConsent,
  signConsent,
  unsignedOf,
} from './consent-signing.service';

const consentOwner = async (db: Db, consentId: number) =>
  (await findConsentOwner(db, consentId))?.patientId ?? null;

export function registerConsentsCalls(app: FastifyInstance): void {
  /** A consent named with another of the patient's visits is not found (spec §4: both ids name it). */
  const assertConsentOfVisit = async (consentId: number, encounterId: number) => {
    const owner = await findConsentOwner(app.db, consentId);
    if (owner?.encounterId !== encounterId) throw notFound('consent.error.notFound');
  };

  registerCall(
    app,
    consentsCalls.getUnsigned,
    async ({ body }) => {
      const { encounterId } = body;
      const consents = (await consentsByEncounter(app.db, [encounterId])).get(encounterId) ?? [];
      return { consents: unsignedOf(consents) };
    },
    { ownerOf: findEncounterPatient },
  );

  registerCall(
    app,
    consentsCalls.getById,
    async ({ body }) => {
      await assertConsentOfVisit(body.consentId, body.encounterId);
      return loadConsent(app.db, body.consentId, true);
    },
    { ownerOf: consentOwner },
  );

  registerCall(
    app,
    consentsCalls.update,
    async ({ body, request, caller, patient }) => {
      const input = body.consent;
      await assertConsentOfVisit(input.id, input.encounterId);
      const userAgent = request.headers['user-agent'];
      return signConsent(app.db, input, {
        userId: caller.userId,
        patientId: caller.patientId,
        self: patient.self,
        ipAddress: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      });
    },
    { ownerOf: consentOwner },
  );

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
