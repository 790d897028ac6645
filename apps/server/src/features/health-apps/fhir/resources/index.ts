/**
 * The resources of one patient's record, in a stable order (the order searches answer in): every
 * type, or only the types a request asks for, built from the parts of the patient's data that
 * `partsOfType` names for them.
 */
import type { ClinicalRecord } from '../../../../lib/health-record/clinical-record';
import { patientDataParts, type PatientData, type PatientDataPart } from '../patient-data';
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

/**
 * What each type is built from: the parts of the patient's data (patient-data.ts) a request for
 * it loads. A type made in several places names every part it comes from. The summary
 * DocumentReference is dated with the newest change of every resource, so a DocumentReference
 * (and its Binary) needs all of them; so does a Provenance, which may be of any resource.
 */
export const partsOfType: Readonly<Record<string, readonly PatientDataPart[]>> = {
  Patient: ['demographics'],
  // The practice, and the payer of each insurance policy.
  Organization: ['demographics', 'insurance'],
  AllergyIntolerance: ['record'],
  // Problems (record), and the health concerns of the plan of care.
  Condition: ['record', 'carePlan'],
  MedicationRequest: ['record'],
  // Social history (record), results, vital signs, and the health status of the plan of care.
  Observation: ['record', 'results', 'vitalSigns', 'carePlan'],
  Procedure: ['record'],
  FamilyMemberHistory: ['record'],
  DiagnosticReport: ['visits', 'results'],
  Immunization: ['visits', 'immunizations'],
  Goal: ['carePlan'],
  CarePlan: ['carePlan'],
  // The record's visits, with their place and providers, and its care team.
  Encounter: ['record'],
  Location: ['record'],
  Practitioner: ['record'],
  PractitionerRole: ['record'],
  CareTeam: ['record'],
  Coverage: ['insurance'],
  DocumentReference: patientDataParts,
  Provenance: patientDataParts,
};

/** The parts `type` is built from; every part for a type the table does not name. */
export function partsOf(type: string): readonly PatientDataPart[] {
  return (Object.hasOwn(partsOfType, type) ? partsOfType[type] : undefined) ?? patientDataParts;
}

/** A part the builder needs that was not loaded is a gap in `partsOfType`: fail rather than answer less. */
function loaded<T>(value: T | undefined, part: PatientDataPart): T {
  if (value === undefined) throw new Error(`The patient's ${part} was not loaded for the types asked`);
  return value;
}

/**
 * Every resource of the types in `only` (every type when absent). A DocumentReference asked for
 * builds everything first: the summary is dated from all of it.
 */
export function buildPatientResources(
  ctx: BuildContext,
  data: PatientData,
  only?: readonly string[],
): BuiltResource[] {
  const all = !only || only.includes('DocumentReference');
  const wants = (...types: string[]) => all || types.some((t) => only.includes(t));
  const record = () => loaded(data.record, 'record');
  const demographics = () => data.record ?? loaded(data.demographics, 'demographics');
  const clinical = <K extends keyof ClinicalRecord>(piece: K): ClinicalRecord[K] =>
    loaded<ClinicalRecord[K]>(data.clinical?.[piece], piece);
  // The visits served as Encounters: an entry links to its visit only when the visit is served.
  let served: ReadonlySet<number> | undefined;
  const visits = () =>
    (served ??= data.record
      ? new Set(data.record.encounters.map((e) => e.id))
      : loaded(data.visits, 'visits'));
  const updatedAt = data.patientUpdatedAt;
  const out: BuiltResource[] = [];
  if (wants('Patient')) out.push(buildPatient(ctx, demographics(), updatedAt));
  if (wants('Organization')) out.push(buildPractice(ctx, demographics(), updatedAt));
  if (wants('AllergyIntolerance')) out.push(...record().allergies.map((a) => buildAllergy(ctx, a)));
  if (wants('Condition')) out.push(...record().problems.map((p) => buildProblem(ctx, p)));
  if (wants('MedicationRequest'))
    out.push(...record().medications.map((m) => buildMedicationRequest(ctx, m)));
  if (wants('Observation')) {
    const social = record().socialHistory;
    if (social.smokingStatus) out.push(buildSmokingStatus(ctx, social.smokingStatus));
    out.push(...social.alcohol.map((o) => buildSocialObservation(ctx, 'alcohol', o)));
    out.push(...social.drugUse.map((o) => buildSocialObservation(ctx, 'drugUse', o)));
    out.push(...social.exposures.map((o) => buildSocialObservation(ctx, 'exposures', o)));
  }
  if (wants('Procedure')) out.push(...record().procedures.map((p) => buildProcedure(ctx, p)));
  if (wants('FamilyMemberHistory'))
    out.push(...record().familyHistory.flatMap((f) => buildFamilyHistory(ctx, f)));
  if (wants('DiagnosticReport', 'Observation'))
    out.push(...clinical('results').flatMap((r) => buildResult(ctx, r, visits())));
  if (wants('Observation'))
    out.push(...clinical('vitalSigns').flatMap((v) => buildVitalSigns(ctx, v, visits())));
  if (wants('Immunization'))
    out.push(...clinical('immunizations').map((i) => buildImmunization(ctx, i, visits())));
  if (wants('Condition'))
    out.push(...clinical('carePlan').concerns.map((c) => buildHealthConcern(ctx, c, visits())));
  if (wants('Goal')) out.push(...clinical('carePlan').goals.map((g) => buildGoal(ctx, g)));
  if (wants('Observation'))
    out.push(...clinical('carePlan').healthStatuses.map((h) => buildHealthStatus(ctx, h, visits())));
  if (wants('CarePlan')) {
    const plan = buildCarePlan(ctx, clinical('carePlan'));
    if (plan) out.push(plan);
  }
  if (wants('Encounter', 'Location', 'Practitioner', 'PractitionerRole')) {
    const { encounters, practice } = record();
    const seen = new Set<string>();
    for (const e of encounters) {
      out.push(buildEncounter(ctx, e));
      const location = buildLocation(ctx, e, updatedAt);
      const shared = [
        ...(location ? [location] : []),
        ...e.providers.flatMap((p) => buildEncounterProvider(ctx, p, practice.phone, updatedAt)),
      ];
      for (const r of shared) {
        const key = `${r.resource.resourceType}/${r.resource.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(r);
      }
    }
  }
  if (wants('Practitioner', 'PractitionerRole', 'CareTeam')) {
    const { careTeam } = record();
    out.push(...careTeam.flatMap((m) => buildCareTeamMember(ctx, m, updatedAt)));
    const team = buildCareTeam(ctx, careTeam, updatedAt);
    if (team) out.push(team);
  }
  if (wants('Coverage', 'Organization'))
    out.push(...loaded(data.insurance, 'insurance').flatMap((c) => buildCoverage(ctx, c)));
  if (all) {
    out.push(...loaded(data.documents, 'documents').map((d) => buildPracticeDocument(ctx, d)));
    out.push(...clinical('notes').map((n) => buildClinicalNote(ctx, n, visits())));
    out.push(
      ...loaded(data.visitDocuments, 'visitDocuments').map((d) =>
        buildVisitDocument(ctx, d, visits().has(d.encounterId)),
      ),
    );
    const { patient } = record();
    const name = `${patient.name.given[0] ?? ''} ${patient.name.family}`.trim();
    // The summary is made from the record at each read: it is as new as the record's newest change.
    const asOf = new Date(Math.max(...out.map((b) => b.recorded.getTime())));
    out.push(buildSummaryDocument(ctx, asOf, name));
  }
  return only ? out.filter((b) => only.includes(b.resource.resourceType)) : out;
}
