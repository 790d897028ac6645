/**
 * The plan of care as US Core: one CarePlan of the patient's whole plan (assessment and plan, with
 * its narrative: the concerns addressed, the planned activities, the goals), each goal a Goal, each
 * health concern a Condition of category health-concern (decision 232); each assessment of the
 * patient's overall health status an Observation (us-core-simple-observation, decision 251).
 */
import type {
  RecordCarePlan,
  RecordCarePlanItem,
  RecordGoal,
  RecordHealthConcern,
  RecordHealthStatus,
} from '../../../../lib/health-record/clinical-record';
import { fhirIds, fhirPatientId } from '../ids';
import { encounterOf, ref, type BuildContext, type BuiltResource } from './built';
import { day, instant, profile, systems, xhtml } from './terminology';

export const healthConcernCategory = {
  system: systems.usCoreConditionCategory,
  code: 'health-concern',
  display: 'Health Concern',
};

const carePlanSystems: Record<NonNullable<RecordCarePlanItem['codeSystem']>, string> = {
  SNOMED: systems.snomed,
  CPT: systems.cpt,
  LOINC: systems.loinc,
  RXNORM: systems.rxnorm,
};

/** What kind of request each planned activity would be (CarePlan.activity.detail.kind). */
const activityKind: Record<RecordCarePlanItem['kind'], string> = {
  visit: 'Appointment',
  procedure: 'ServiceRequest',
  medication: 'MedicationRequest',
  education: 'CommunicationRequest',
};

function activityStatus(item: RecordCarePlanItem) {
  if (item.status === 'completed') return 'completed';
  if (item.status === 'cancelled') return 'cancelled';
  return item.plannedAt ? 'scheduled' : 'not-started';
}

const plain = { active: 'active', completed: 'completed', cancelled: 'cancelled', achieved: 'achieved' };

export function buildHealthConcern(
  ctx: BuildContext,
  c: RecordHealthConcern,
  visits: ReadonlySet<number>,
): BuiltResource {
  const system = c.codeSystem === 'ICD10' ? systems.icd10cm : systems.snomed;
  return {
    author: 'practice',
    recorded: c.recordedAt,
    resource: {
      resourceType: 'Condition',
      id: fhirIds.healthConcern(c.id),
      meta: {
        lastUpdated: instant(c.recordedAt),
        profile: [profile('us-core-condition-problems-health-concerns')],
      },
      clinicalStatus: {
        coding: [
          {
            system: systems.conditionClinical,
            code: c.status,
            display: c.status[0]!.toUpperCase() + c.status.slice(1),
          },
        ],
      },
      category: [{ coding: [healthConcernCategory] }],
      code: c.code
        ? { coding: [{ system, code: c.code, display: c.description }], text: c.description }
        : { text: c.description },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      ...encounterOf(c.encounterId, visits),
      ...(c.onsetDate ? { onsetDateTime: c.onsetDate } : {}),
      recordedDate: instant(c.recordedAt),
    },
  };
}

/**
 * A clinician's assessment of overall health: LOINC 11323-3 Health status, valued from the HL7
 * HealthStatus value set, of category exam (an observation a clinician made).
 */
export function buildHealthStatus(
  ctx: BuildContext,
  h: RecordHealthStatus,
  visits: ReadonlySet<number>,
): BuiltResource {
  return {
    author: 'practice',
    recorded: h.recordedAt,
    resource: {
      resourceType: 'Observation',
      id: fhirIds.healthStatus(h.id),
      meta: { lastUpdated: instant(h.recordedAt), profile: [profile('us-core-simple-observation')] },
      status: 'final',
      category: [{ coding: [{ system: systems.observationCategory, code: 'exam', display: 'Exam' }] }],
      code: {
        coding: [{ system: systems.loinc, code: '11323-3', display: 'Health status' }],
        text: 'Health status',
      },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      ...encounterOf(h.encounterId, visits),
      effectiveDateTime: instant(h.recordedAt),
      performer: [{ display: h.authorName }],
      valueCodeableConcept: {
        coding: [{ system: systems.snomed, code: h.code, display: h.display }],
        text: h.display,
      },
    },
  };
}

export function buildGoal(ctx: BuildContext, g: RecordGoal): BuiltResource {
  return {
    author: 'practice',
    recorded: g.recordedAt,
    resource: {
      resourceType: 'Goal',
      id: fhirIds.goal(g.id),
      meta: { lastUpdated: instant(g.recordedAt), profile: [profile('us-core-goal')] },
      // FHIR's lifecycle has no "achieved": an achieved goal is completed, and says it was achieved.
      lifecycleStatus: g.status === 'achieved' ? 'completed' : g.status,
      ...(g.status === 'achieved'
        ? {
            achievementStatus: {
              coding: [{ system: systems.goalAchievement, code: 'achieved', display: 'Achieved' }],
            },
          }
        : {}),
      description: { text: g.description },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      startDate: day(g.recordedAt),
      ...(g.targetDate ? { target: [{ dueDate: g.targetDate }] } : {}),
    },
  };
}

/** Null when the clinic recorded no planned activity and no goal. */
export function buildCarePlan(ctx: BuildContext, plan: RecordCarePlan): BuiltResource | null {
  const { items, goals, concerns } = plan;
  if (items.length === 0 && goals.length === 0) return null;
  const times = [...items, ...goals, ...concerns].map((e) => e.recordedAt.getTime());
  const recorded = new Date(Math.max(...times));
  const ongoing = items.some((i) => i.status === 'active') || goals.some((g) => g.status === 'active');
  const narrative = [
    ...concerns.map((c) => `Health concern (${c.status}): ${c.description}`),
    ...items.map(
      (i) =>
        `Plan (${plain[i.status]}${i.plannedAt ? `, planned ${day(i.plannedAt)}` : ''}): ${i.description}`,
    ),
    ...goals.map(
      (g) => `Goal (${plain[g.status]}${g.targetDate ? `, by ${g.targetDate}` : ''}): ${g.description}`,
    ),
  ];
  return {
    author: 'practice',
    recorded,
    resource: {
      resourceType: 'CarePlan',
      id: fhirIds.carePlan(ctx.patientId),
      meta: { lastUpdated: instant(recorded), profile: [profile('us-core-careplan')] },
      text: { status: 'generated', div: xhtml(narrative) },
      status: ongoing ? 'active' : 'completed',
      intent: 'plan',
      category: [
        {
          coding: [
            {
              system: systems.usCoreCarePlanCategory,
              code: 'assess-plan',
              display: 'Assessment and Plan of Treatment',
            },
          ],
        },
      ],
      title: 'Plan of care',
      // The plan covers the record from the clinic's first entry on: it is the plan as it stands.
      period: { start: instant(new Date(Math.min(...times))) },
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      author: ref('Organization', fhirIds.practice(ctx.practiceId)),
      ...(concerns.length > 0
        ? { addresses: concerns.map((c) => ref('Condition', fhirIds.healthConcern(c.id))) }
        : {}),
      ...(goals.length > 0 ? { goal: goals.map((g) => ref('Goal', fhirIds.goal(g.id))) } : {}),
      ...(items.length > 0
        ? {
            activity: items.map((i) => ({
              detail: {
                kind: activityKind[i.kind],
                ...(i.code && i.codeSystem
                  ? {
                      code: {
                        coding: [{ system: carePlanSystems[i.codeSystem], code: i.code }],
                        text: i.description,
                      },
                    }
                  : {}),
                status: activityStatus(i),
                ...(i.plannedAt ? { scheduledPeriod: { start: instant(i.plannedAt) } } : {}),
                description: i.description,
              },
            })),
          }
        : {}),
    },
  };
}
