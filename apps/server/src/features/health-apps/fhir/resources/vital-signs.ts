/**
 * Vital signs as US Core: each measurement of a set its own Observation under the specific vital-sign
 * profile of its LOINC code (and the general us-core-vital-signs), except systolic and diastolic,
 * which together are one blood-pressure Observation with two components (decision 231). A pressure
 * missing one half goes as that half alone, under the general profile.
 */
import type { RecordVitalSigns } from '../../../../lib/health-record/clinical-record';
import { fhirIds, fhirPatientId } from '../ids';
import { encounterOf, ref, type BuildContext, type BuiltResource } from './built';
import { instant, profile, systems } from './terminology';

export const vitalSignsCategory = {
  system: systems.observationCategory,
  code: 'vital-signs',
  display: 'Vital Signs',
};

const loinc = (code: string, display: string) => ({ system: systems.loinc, code, display });

/** LOINC display and the specific US Core profile of each vital sign the record holds. */
const vitals: Record<
  string,
  { display: string; profile: string | null; codings?: ReturnType<typeof loinc>[] }
> = {
  '8480-6': { display: 'Systolic blood pressure', profile: null },
  '8462-4': { display: 'Diastolic blood pressure', profile: null },
  '8867-4': { display: 'Heart rate', profile: 'us-core-heart-rate' },
  '9279-1': { display: 'Respiratory rate', profile: 'us-core-respiratory-rate' },
  '8310-5': { display: 'Body temperature', profile: 'us-core-body-temperature' },
  '8302-2': { display: 'Body height', profile: 'us-core-body-height' },
  '29463-7': { display: 'Body weight', profile: 'us-core-body-weight' },
  '39156-5': { display: 'Body mass index (BMI) [Ratio]', profile: 'us-core-bmi' },
  // US Core's pulse oximetry wants both codes: arterial saturation and its pulse-oximetry measure.
  '59408-5': {
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
    profile: 'us-core-pulse-oximetry',
    codings: [
      loinc('2708-6', 'Oxygen saturation in Arterial blood'),
      loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
    ],
  },
};

type Measurement = RecordVitalSigns['measurements'][number];

/** US Core's height profile takes centimetres or inches; metres (accepted on the way in) become centimetres. */
function valueQuantity(m: Measurement) {
  const [value, unit] = m.unit === 'm' ? [Math.round(m.value * 10000) / 100, 'cm'] : [m.value, m.unit];
  return { value, unit, system: systems.ucum, code: unit };
}

export function buildVitalSigns(
  ctx: BuildContext,
  set: RecordVitalSigns,
  visits: ReadonlySet<number>,
): BuiltResource[] {
  const base = (id: string, profiles: string[], code: object) => ({
    resourceType: 'Observation',
    id,
    meta: { lastUpdated: instant(set.recordedAt), profile: profiles.map(profile) },
    status: 'final',
    category: [{ coding: [vitalSignsCategory] }],
    code,
    subject: ref('Patient', fhirPatientId(ctx.patientId)),
    ...encounterOf(set.encounterId, visits),
    effectiveDateTime: instant(set.effectiveAt),
    performer: [{ display: set.authorName }],
  });
  const built = (resource: ReturnType<typeof base> & Record<string, unknown>): BuiltResource => ({
    author: 'practice',
    recorded: set.recordedAt,
    resource,
  });
  const out: BuiltResource[] = [];
  const systolic = set.measurements.find((m) => m.code === '8480-6');
  const diastolic = set.measurements.find((m) => m.code === '8462-4');
  const paired = systolic !== undefined && diastolic !== undefined;
  if (paired) {
    const display = 'Blood pressure panel with all children optional';
    out.push(
      built({
        ...base(fhirIds.vitalSign(set.id, 'bp'), ['us-core-blood-pressure', 'us-core-vital-signs'], {
          coding: [loinc('85354-9', display)],
          text: 'Blood pressure',
        }),
        component: [systolic, diastolic].map((m) => ({
          code: { coding: [loinc(m.code, vitals[m.code]!.display)], text: vitals[m.code]!.display },
          valueQuantity: valueQuantity(m),
        })),
      }),
    );
  }
  for (const m of set.measurements) {
    const known = vitals[m.code];
    if (!known || (paired && (m === systolic || m === diastolic))) continue;
    const profiles = known.profile ? [known.profile, 'us-core-vital-signs'] : ['us-core-vital-signs'];
    out.push(
      built({
        ...base(fhirIds.vitalSign(set.id, m.code), profiles, {
          coding: known.codings ?? [loinc(m.code, known.display)],
          text: known.display,
        }),
        valueQuantity: valueQuantity(m),
      }),
    );
  }
  return out;
}
