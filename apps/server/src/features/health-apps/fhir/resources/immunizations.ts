/** Immunizations as US Core Immunization (CVX vaccine codes), given or declined. */
import type { RecordImmunization } from '../../../../lib/health-record/clinical-record';
import { fhirIds, fhirPatientId } from '../ids';
import { encounterOf, ref, type BuildContext, type BuiltResource } from './built';
import { instant, profile, systems } from './terminology';

export function buildImmunization(
  ctx: BuildContext,
  i: RecordImmunization,
  visits: ReadonlySet<number>,
): BuiltResource {
  return {
    author: 'practice',
    recorded: i.recordedAt,
    resource: {
      resourceType: 'Immunization',
      id: fhirIds.immunization(i.id),
      meta: { lastUpdated: instant(i.recordedAt), profile: [profile('us-core-immunization')] },
      status: i.status,
      ...(i.status === 'not-done' && i.statusReason ? { statusReason: { text: i.statusReason } } : {}),
      vaccineCode: {
        coding: [{ system: systems.cvx, code: i.cvxCode, display: i.vaccineName }],
        text: i.vaccineName,
      },
      patient: ref('Patient', fhirPatientId(ctx.patientId)),
      ...encounterOf(i.encounterId, visits),
      occurrenceDateTime: instant(i.occurredAt),
      recorded: instant(i.recordedAt),
      // The clinic's own system sends what it gave or saw declined: first-hand, not a patient's report.
      primarySource: true,
      ...(i.manufacturer ? { manufacturer: { display: i.manufacturer } } : {}),
      ...(i.lotNumber ? { lotNumber: i.lotNumber } : {}),
      ...(i.performerName ? { performer: [{ actor: { display: i.performerName } }] } : {}),
    },
  };
}
