/**
 * Visit calls (contract `appointmentsCalls`): the patient's visits through the guard (spec 002 §7), the
 * end of a screening (spec 001 §7), and the clinic's encounters and clinics with its API key,
 * idempotent by the clinic's own ids. setHistoryFinished names an encounter, not a patient: the
 * access rule runs on the encounter's patient, and an unknown encounter is refused like a stranger's
 * (403), so ids do not leak.
 */
import { appointmentsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { findEncounterPatient } from '../../lib/encounter-lookup';
import { fastStringify, sendJsonText } from '../../lib/fast-serializer';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { registerCall } from '../../plugins/register-call';
import { assertOwnClinic, clinicIdByExternalId, upsertClinic } from './clinics.repository';
import {
  filterEncounters,
  setHistoryFinished,
  unfinishedEncounters,
  upsertEncounter,
  visitListAsk,
} from './appointments.service';
import { keptVisitLists } from './visit-list-kept';
import { filterEncountersJson } from './visit-page-json';
import { storeProviderAvatars } from './provider-avatar';
import type { VisitConsents } from './visit-consents';

/** `consents` is the consents feature's part in a visit (compose/visit-consents.ts). */
export function registerAppointmentsCalls(app: FastifyInstance, deps: { consents: VisitConsents }): void {
  registerCall(
    app,
    appointmentsCalls.setHistoryFinished,
    ({ body }) => setHistoryFinished(app.db, deps.consents, body.encounterId, body.historyFinished),
    { ownerOf: findEncounterPatient },
  );

  // The Appointments page asks without the whole consent list: its answer is JSON text written by
  // the database (decision 299). Any other ask is serialised by fast-json-stringify (decision 045),
  // as the call's own serialiser writes it. Either is kept by the patient's visits (decision 321).
  const visitsJson = fastStringify(appointmentsCalls.getByFilter.response);
  const keptVisitList = keptVisitLists();
  registerCall(app, appointmentsCalls.getByFilter, async ({ patient, body, reply }) => {
    const ask = visitListAsk(patient.patientId, body);
    const everyConsent = body.consents !== false;
    const text = await keptVisitList(app.db, ask, everyConsent, async () =>
      everyConsent
        ? visitsJson(await filterEncounters(app.db, deps.consents, ask))
        : filterEncountersJson(app.db, deps.consents, ask),
    );
    return sendJsonText(reply, text);
  });

  registerCall(app, appointmentsCalls.getUnfinished, async ({ patient }) => {
    const encounters = await unfinishedEncounters(app.db, deps.consents, patient.patientId);
    return { encounters, total: encounters.length };
  });

  registerCall(app, appointmentsCalls.upsert, async ({ params, body, practiceId, reply }) => {
    const patientId = await patientIdByExternalId(app.db, practiceId, body.patientExternalId);
    const visit = { ...body };
    if (visit.clinicExternalId !== null)
      visit.clinicId = await clinicIdByExternalId(app.db, practiceId, visit.clinicExternalId);
    else if (visit.clinicId !== null) await assertOwnClinic(app.db, practiceId, visit.clinicId);
    const avatars = await storeProviderAvatars(app.blobs, visit.providers);
    const result = await upsertEncounter(
      app.db,
      deps.consents,
      practiceId,
      patientId,
      params.externalId,
      visit,
      avatars,
    );
    return reply.status(result.created ? 201 : 200).send(result);
  });

  registerCall(app, appointmentsCalls.upsertClinic, async ({ params, body, practiceId, reply }) => {
    const row = await upsertClinic(app.db, practiceId, params.externalId, body);
    return reply.status(row.created ? 201 : 200).send(row);
  });
}
