/** Every resource of one patient's record, in a stable order (the order searches answer in). */
import type { PatientData } from '../patient-data';
import type { BuildContext, BuiltResource } from './built';
import {
  buildCareTeam,
  buildCareTeamMember,
  buildCoverage,
  buildEncounter,
  buildEncounterProvider,
  buildLocation,
  buildPractice,
} from './care';
import {
  buildAllergy,
  buildFamilyHistory,
  buildMedicationRequest,
  buildProblem,
  buildProcedure,
  buildSmokingStatus,
  buildSocialObservation,
} from './clinical';
import { buildPracticeDocument, buildSummaryDocument, buildVisitDocument } from './documents';
import { buildCarePlan, buildGoal, buildHealthConcern, buildHealthStatus } from './care-plan';
import { buildImmunization } from './immunizations';
import { buildClinicalNote } from './notes';
import { buildPatient } from './patient';
import { buildResult } from './results';
import { buildVitalSigns } from './vital-signs';

export function buildPatientResources(ctx: BuildContext, data: PatientData): BuiltResource[] {
  const { record } = data;
  const updatedAt = data.patientUpdatedAt;
  const out: BuiltResource[] = [buildPatient(ctx, record, updatedAt), buildPractice(ctx, record, updatedAt)];
  out.push(...record.allergies.map((a) => buildAllergy(ctx, a)));
  out.push(...record.problems.map((p) => buildProblem(ctx, p)));
  out.push(...record.medications.map((m) => buildMedicationRequest(ctx, m)));
  const social = record.socialHistory;
  if (social.smokingStatus) out.push(buildSmokingStatus(ctx, social.smokingStatus));
  out.push(...social.alcohol.map((o) => buildSocialObservation(ctx, 'alcohol', o)));
  out.push(...social.drugUse.map((o) => buildSocialObservation(ctx, 'drugUse', o)));
  out.push(...social.exposures.map((o) => buildSocialObservation(ctx, 'exposures', o)));
  out.push(...record.procedures.map((p) => buildProcedure(ctx, p)));
  out.push(...record.familyHistory.flatMap((f) => buildFamilyHistory(ctx, f)));
  const visits = new Set(record.encounters.map((e) => e.id));
  const { clinical } = data;
  out.push(...clinical.results.flatMap((r) => buildResult(ctx, r, visits)));
  out.push(...clinical.vitalSigns.flatMap((v) => buildVitalSigns(ctx, v, visits)));
  out.push(...clinical.immunizations.map((i) => buildImmunization(ctx, i, visits)));
  out.push(...clinical.carePlan.concerns.map((c) => buildHealthConcern(ctx, c, visits)));
  out.push(...clinical.carePlan.goals.map((g) => buildGoal(ctx, g)));
  out.push(...clinical.carePlan.healthStatuses.map((h) => buildHealthStatus(ctx, h, visits)));
  const plan = buildCarePlan(ctx, clinical.carePlan);
  if (plan) out.push(plan);
  const seen = new Set<string>();
  for (const e of record.encounters) {
    out.push(buildEncounter(ctx, e));
    const location = buildLocation(ctx, e, updatedAt);
    const shared = [
      ...(location ? [location] : []),
      ...e.providers.flatMap((p) => buildEncounterProvider(ctx, p, record.practice.phone, updatedAt)),
    ];
    for (const r of shared) {
      const key = `${r.resource.resourceType}/${r.resource.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(r);
    }
  }
  out.push(...record.careTeam.flatMap((m) => buildCareTeamMember(ctx, m, updatedAt)));
  const team = buildCareTeam(ctx, record.careTeam, updatedAt);
  if (team) out.push(team);
  out.push(...data.insurance.flatMap((c) => buildCoverage(ctx, c)));
  out.push(...data.documents.map((d) => buildPracticeDocument(ctx, d)));
  out.push(...clinical.notes.map((n) => buildClinicalNote(ctx, n, visits)));
  out.push(...data.visitDocuments.map((d) => buildVisitDocument(ctx, d, visits.has(d.encounterId))));
  const name = `${record.patient.name.given[0] ?? ''} ${record.patient.name.family}`.trim();
  // The summary is made from the record at each read: it is as new as the record's newest change.
  const asOf = new Date(Math.max(...out.map((b) => b.recorded.getTime())));
  out.push(buildSummaryDocument(ctx, asOf, name));
  return out;
}
