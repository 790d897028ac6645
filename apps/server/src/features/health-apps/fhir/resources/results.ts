/**
 * Results as US Core: each lab panel or pathology report a DiagnosticReport (us-core-diagnosticreport-lab)
 * whose `result` names its Observations (us-core-observation-lab). A pathology report's narrative
 * goes whole in `presentedForm` and its diagnosis in `conclusion` and `conclusionCode` (decision 230).
 * Only released results reach here (the repository's read decides, decision 221).
 */
import type { RecordObservation, RecordResult } from '../../../../lib/health-record/clinical-record';
import { fhirIds, fhirPatientId } from '../ids';
import { encounterOf, ref, type BuildContext, type BuiltResource } from './built';
import { instant, profile, systems } from './terminology';

export const laboratoryCategory = {
  system: systems.observationCategory,
  code: 'laboratory',
  display: 'Laboratory',
};

const labService = { system: systems.diagnosticService, code: 'LAB', display: 'Laboratory' };
const pathologyService = { system: systems.diagnosticService, code: 'SP', display: 'Surgical Pathology' };

const interpretations: Record<NonNullable<RecordObservation['interpretation']>, string> = {
  H: 'High',
  L: 'Low',
  N: 'Normal',
  A: 'Abnormal',
  HH: 'Critical high',
  LL: 'Critical low',
};

/** A quantity in UCUM when the clinic gave a unit (units are UCUM on the way in). */
const quantity = (value: number, unit: string | null) =>
  unit ? { value, unit, system: systems.ucum, code: unit } : { value };

function buildLabObservation(
  ctx: BuildContext,
  r: RecordResult,
  o: RecordObservation,
  visits: ReadonlySet<number>,
): BuiltResource {
  const range = {
    ...(o.referenceLow !== null ? { low: quantity(o.referenceLow, o.unit) } : {}),
    ...(o.referenceHigh !== null ? { high: quantity(o.referenceHigh, o.unit) } : {}),
    ...(o.referenceText ? { text: o.referenceText } : {}),
  };
  return {
    author: 'practice',
    recorded: r.recordedAt,
    resource: {
      resourceType: 'Observation',
      id: fhirIds.resultObservation(o.id),
      meta: { lastUpdated: instant(r.recordedAt), profile: [profile('us-core-observation-lab')] },
      status: r.status,
      category: [{ coding: [laboratoryCategory] }],
      code: { coding: [{ system: systems.loinc, code: o.code, display: o.name }], text: o.name },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      ...encounterOf(r.encounterId, visits),
      effectiveDateTime: instant(r.effectiveAt),
      issued: instant(r.issuedAt),
      performer: [{ display: r.authorOrganization }],
      ...(o.valueNumeric !== null
        ? { valueQuantity: quantity(o.valueNumeric, o.unit) }
        : o.valueText
          ? { valueString: o.valueText }
          : {
              dataAbsentReason: {
                coding: [{ system: systems.dataAbsentReason, code: 'unknown', display: 'Unknown' }],
              },
            }),
      ...(o.interpretation
        ? {
            interpretation: [
              {
                coding: [
                  {
                    system: systems.observationInterpretation,
                    code: o.interpretation,
                    display: interpretations[o.interpretation],
                  },
                ],
                text: interpretations[o.interpretation],
              },
            ],
          }
        : {}),
      ...(Object.keys(range).length > 0 ? { referenceRange: [range] } : {}),
    },
  };
}

function presentedForm(r: RecordResult) {
  const text = [
    r.name,
    ...(r.specimen ? [`Specimen: ${r.specimen}`] : []),
    ...(r.narrative ? [r.narrative] : []),
  ].join('\n\n');
  return {
    contentType: 'text/plain; charset=utf-8',
    data: Buffer.from(text, 'utf8').toString('base64'),
    title: r.name,
    creation: instant(r.issuedAt),
  };
}

/** The report first, then its observations in the clinic's order. */
export function buildResult(
  ctx: BuildContext,
  r: RecordResult,
  visits: ReadonlySet<number>,
): BuiltResource[] {
  const observations = r.observations.map((o) => buildLabObservation(ctx, r, o, visits));
  const report: BuiltResource = {
    author: 'practice',
    recorded: r.recordedAt,
    resource: {
      resourceType: 'DiagnosticReport',
      id: fhirIds.resultReport(r.id),
      meta: { lastUpdated: instant(r.recordedAt), profile: [profile('us-core-diagnosticreport-lab')] },
      status: r.status,
      // Pathology is a laboratory service too: US Core's lab profile wants LAB, the finer code follows.
      category: [
        { coding: [labService] },
        ...(r.category === 'pathology' ? [{ coding: [pathologyService] }] : []),
      ],
      code: { coding: [{ system: systems.loinc, code: r.code, display: r.name }], text: r.name },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      ...encounterOf(r.encounterId, visits),
      effectiveDateTime: instant(r.effectiveAt),
      issued: instant(r.issuedAt),
      performer: [{ display: r.authorOrganization }],
      resultsInterpreter: [{ display: r.authorName }],
      ...(observations.length > 0
        ? { result: observations.map((o) => ref('Observation', o.resource.id)) }
        : {}),
      ...(r.diagnosisDisplay ? { conclusion: r.diagnosisDisplay } : {}),
      ...(r.diagnosisCode
        ? {
            conclusionCode: [
              {
                coding: [
                  {
                    system: systems.snomed,
                    code: r.diagnosisCode,
                    ...(r.diagnosisDisplay ? { display: r.diagnosisDisplay } : {}),
                  },
                ],
                ...(r.diagnosisDisplay ? { text: r.diagnosisDisplay } : {}),
              },
            ],
          }
        : {}),
      ...(r.narrative || r.category === 'pathology' ? { presentedForm: [presentedForm(r)] } : {}),
    },
  };
  return [report, ...observations];
}
