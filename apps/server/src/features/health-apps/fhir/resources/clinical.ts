/**
 * The lists of the health history as US Core resources: allergies, problems, medications (the
 * patient's list and the practice's prescriptions), social history, surgical history and family
 * history. Mapping choices that are not obvious are in decision 212.
 */
import type {
  Allergy,
  FamilyHistoryEntry,
  Medication,
  Problem,
  Procedure,
  SocialHistoryObservation,
} from '../../../../lib/health-record/health-record';
import { fhirIds, fhirPatientId } from '../ids';
import { ref, type BuildContext, type BuiltResource } from './built';
import { coding, concept, day, instant, profile, systems } from './terminology';

const authorOf = (enteredByClinic: boolean) => (enteredByClinic ? 'practice' : 'patient');

const allergyCategory: Record<Allergy['allergenKind'], string | null> = {
  DRUG: 'medication',
  DRUG_CLASS: 'medication',
  FOOD: 'food',
  ENVIRONMENTAL: 'environment',
  OTHER: null,
};

/** A code of this product's own (LOCAL) has no meaning to an app: it goes as text only. */
function codeable(value: Allergy['allergen'], text?: string) {
  return value.system === 'LOCAL' ? { text: text ?? value.display } : concept(value, text);
}

export function buildAllergy(ctx: BuildContext, a: Allergy): BuiltResource {
  const category = allergyCategory[a.allergenKind];
  return {
    author: authorOf(a.enteredByClinic),
    recorded: a.recordedAt,
    resource: {
      resourceType: 'AllergyIntolerance',
      id: fhirIds.allergy(a.id),
      meta: { lastUpdated: instant(a.recordedAt), profile: [profile('us-core-allergyintolerance')] },
      clinicalStatus: { coding: [{ system: systems.allergyClinical, code: 'active', display: 'Active' }] },
      verificationStatus: {
        coding: [
          a.enteredByClinic
            ? { system: systems.allergyVerification, code: 'confirmed', display: 'Confirmed' }
            : { system: systems.allergyVerification, code: 'unconfirmed', display: 'Unconfirmed' },
        ],
      },
      ...(category ? { category: [category] } : {}),
      code: codeable(a.allergen),
      patient: ref('Patient', fhirPatientId(ctx.patientId)),
      recordedDate: instant(a.recordedAt),
      ...(a.reactions.length > 0
        ? { reaction: a.reactions.map((r) => ({ manifestation: [codeable(r.reaction, r.text)] })) }
        : {}),
    },
  };
}

export const problemListCategory = {
  system: systems.conditionCategory,
  code: 'problem-list-item',
  display: 'Problem List Item',
};

export function buildProblem(ctx: BuildContext, p: Problem): BuiltResource {
  return {
    author: authorOf(p.enteredByClinic),
    recorded: p.recordedAt,
    resource: {
      resourceType: 'Condition',
      id: fhirIds.problem(p.id),
      meta: {
        lastUpdated: instant(p.recordedAt),
        profile: [profile('us-core-condition-problems-health-concerns')],
      },
      clinicalStatus: { coding: [{ system: systems.conditionClinical, code: 'active', display: 'Active' }] },
      category: [{ coding: [problemListCategory] }],
      code: concept(p.problem),
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      recordedDate: instant(p.recordedAt),
    },
  };
}

export function buildMedicationRequest(ctx: BuildContext, m: Medication): BuiltResource {
  const listEntry = m.source === 'HISTORY';
  const id = Number(m.key.slice(m.key.indexOf('-') + 1));
  const status = m.status === 'ACTIVE' ? 'active' : m.status === 'DISCONTINUED' ? 'stopped' : 'completed';
  const patient = ref('Patient', fhirPatientId(ctx.patientId));
  const authoredOn = m.startDate ?? instant(m.recordedAt);
  return {
    author: listEntry ? 'patient' : 'practice',
    recorded: m.recordedAt,
    resource: {
      resourceType: 'MedicationRequest',
      id: listEntry ? fhirIds.medicationListEntry(id) : fhirIds.prescription(id),
      meta: { lastUpdated: instant(m.recordedAt), profile: [profile('us-core-medicationrequest')] },
      status,
      ...(m.discontinuationReason ? { statusReason: concept(m.discontinuationReason) } : {}),
      // The patient's own list says what they take (a plan, reported by them); a prescription is an order.
      intent: listEntry ? 'plan' : 'order',
      category: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/medicationrequest-category',
              code: listEntry ? 'community' : 'outpatient',
              display: listEntry ? 'Community' : 'Outpatient',
            },
          ],
        },
      ],
      ...(listEntry ? { reportedReference: patient } : { reportedBoolean: false }),
      medicationCodeableConcept: concept(m.drug),
      subject: patient,
      authoredOn,
      requester: listEntry
        ? patient
        : m.prescriber
          ? { display: m.prescriber }
          : ref('Organization', fhirIds.practice(ctx.practiceId)),
      ...(m.instructions ? { dosageInstruction: [{ text: m.instructions }] } : {}),
      ...(m.startDate || m.endDate
        ? {
            dispenseRequest: {
              validityPeriod: {
                ...(m.startDate ? { start: m.startDate } : {}),
                ...(m.endDate ? { end: m.endDate } : {}),
              },
            },
          }
        : {}),
    },
  };
}

export const socialHistoryCategory = {
  system: systems.observationCategory,
  code: 'social-history',
  display: 'Social History',
};

const socialCode = {
  alcohol: { system: systems.loinc, code: '11331-6', display: 'History of Alcohol use' },
  drugUse: { system: systems.loinc, code: '11343-1', display: 'History of Other nonmedical drug use' },
  exposures: { system: systems.snomed, code: '425400000', display: 'Toxic exposure status' },
} as const;

export function buildSmokingStatus(ctx: BuildContext, o: SocialHistoryObservation): BuiltResource {
  return {
    author: authorOf(o.enteredByClinic),
    recorded: o.recordedAt,
    resource: {
      resourceType: 'Observation',
      id: fhirIds.socialHistory(o.id),
      meta: { lastUpdated: instant(o.recordedAt), profile: [profile('us-core-smokingstatus')] },
      status: 'final',
      category: [{ coding: [socialHistoryCategory] }],
      code: {
        coding: [{ system: systems.loinc, code: '72166-2', display: 'Tobacco smoking status' }],
        text: 'Tobacco smoking status',
      },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      effectiveDateTime: instant(o.recordedAt),
      valueCodeableConcept: codeable(o.value),
    },
  };
}

export function buildSocialObservation(
  ctx: BuildContext,
  kind: keyof typeof socialCode,
  o: SocialHistoryObservation,
): BuiltResource {
  const code = socialCode[kind];
  return {
    author: authorOf(o.enteredByClinic),
    recorded: o.recordedAt,
    resource: {
      resourceType: 'Observation',
      id: fhirIds.socialHistory(o.id),
      meta: { lastUpdated: instant(o.recordedAt), profile: [profile('us-core-simple-observation')] },
      status: 'final',
      category: [{ coding: [socialHistoryCategory] }],
      code: { coding: [code], text: code.display },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      effectiveDateTime: instant(o.recordedAt),
      valueCodeableConcept: codeable(o.value),
    },
  };
}

export function buildProcedure(ctx: BuildContext, p: Procedure): BuiltResource {
  return {
    author: authorOf(p.enteredByClinic),
    recorded: p.recordedAt,
    resource: {
      resourceType: 'Procedure',
      id: fhirIds.procedure(p.id),
      meta: { lastUpdated: instant(p.recordedAt), profile: [profile('us-core-procedure')] },
      status: 'completed',
      code: concept(p.procedure),
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      // Surgical history gives no date of surgery, only when it was told: the surgery ended by then.
      performedPeriod: { end: instant(p.recordedAt) },
    },
  };
}

/** An entry naming no relative is still family history: of a "family member", RoleCode's general code. */
const anyFamilyMember = { code: 'FAMMEMB', system: 'HL7_ROLE_CODE' as const, display: 'family member' };

export function buildFamilyHistory(ctx: BuildContext, f: FamilyHistoryEntry): BuiltResource[] {
  const relatives = f.relatives.length > 0 ? f.relatives : [anyFamilyMember];
  return relatives.map((relative) => ({
    author: authorOf(f.enteredByClinic),
    recorded: f.recordedAt,
    resource: {
      resourceType: 'FamilyMemberHistory',
      id: fhirIds.familyHistory(f.id, relative.code),
      meta: { lastUpdated: instant(f.recordedAt) },
      status: 'completed',
      patient: ref('Patient', fhirPatientId(ctx.patientId)),
      date: day(f.recordedAt),
      relationship: { coding: [coding(relative)], text: relative.display },
      condition: [{ code: concept(f.condition) }],
    },
  }));
}
