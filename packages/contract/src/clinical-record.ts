/**
 * The clinical record a clinic feeds (decision 220): results (lab panels and pathology reports),
 * vital signs, immunizations, clinical notes and the plan of care. The clinic writes each entry
 * through the integration API, idempotent by its own id; the patient reads the record on the Health
 * Information page through the patient-access guard. Result release and notification: decision 221.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { externalIdParams } from './integration';
import { apiPrefix } from './routes';
import { entityId, int32Text, ridParams, safeString } from './rules';

// ------------------------------------------------------------------------------------ value lists

export const resultCategory = z.enum(['lab', 'pathology']);
export type ResultCategory = z.infer<typeof resultCategory>;
export const resultStatus = z.enum(['preliminary', 'final', 'corrected']);
export type ResultStatus = z.infer<typeof resultStatus>;
export const resultInterpretation = z.enum(['H', 'L', 'N', 'A', 'HH', 'LL']);
export type ResultInterpretation = z.infer<typeof resultInterpretation>;
export const immunizationStatus = z.enum(['completed', 'not-done']);
export const carePlanKind = z.enum(['visit', 'procedure', 'medication', 'education']);
export type CarePlanKind = z.infer<typeof carePlanKind>;
export const carePlanStatus = z.enum(['active', 'completed', 'cancelled']);
export const carePlanCodeSystem = z.enum(['SNOMED', 'CPT', 'LOINC', 'RXNORM']);
export const careGoalStatus = z.enum(['active', 'achieved', 'cancelled']);
export type CareGoalStatus = z.infer<typeof careGoalStatus>;
/** The C-CDA Priority Level value set (SNOMED CT High, Normal, Delayed priority). */
export const careGoalPriority = z.enum(['high', 'normal', 'delayed']);
export type CareGoalPriority = z.infer<typeof careGoalPriority>;
export const healthConcernStatus = z.enum(['active', 'inactive', 'resolved']);
export type HealthConcernStatus = z.infer<typeof healthConcernStatus>;
export const healthConcernCodeSystem = z.enum(['SNOMED', 'ICD10']);

/**
 * The HL7 HealthStatus value set (urn:oid:2.16.840.1.113883.1.11.20.12), SNOMED CT, with its
 * display names: the clinician's assessment of the patient's overall health status (decision 251).
 * The keys are integer-like, so JavaScript lists them in numeric order, not in this one.
 */
export const healthStatusCodes = {
  '81323004': 'Normal general body function',
  '135815002': 'General health good',
  '135818000': 'General health poor',
  '162467007': 'Free of symptoms',
  '765205004': 'Disorder in remission',
  '161901003': 'Chronic sick',
  '21134002': 'Disability',
  '161045001': 'Disability - severe',
  '271593001': 'Moribund',
  '419099009': 'Dead',
} as const;
export type HealthStatusCode = keyof typeof healthStatusCodes;
export const isHealthStatusCode = (code: string): code is HealthStatusCode =>
  Object.hasOwn(healthStatusCodes, code);
/** 'entered-in-error' withdraws an assessment sent by mistake: no reader shows it. */
export const healthStatusStatus = z.enum(['final', 'entered-in-error']);

/**
 * The vital signs of the C-CDA vital signs section, by LOINC code, with the UCUM units accepted for
 * each (the first is the one the portal shows; others are converted on the way in).
 */
export const vitalSignCodes = {
  '8480-6': { key: 'systolic', units: ['mm[Hg]'] },
  '8462-4': { key: 'diastolic', units: ['mm[Hg]'] },
  '8867-4': { key: 'heartRate', units: ['/min'] },
  '9279-1': { key: 'respiratoryRate', units: ['/min'] },
  '8310-5': { key: 'temperature', units: ['Cel', '[degF]'] },
  '8302-2': { key: 'height', units: ['cm', '[in_i]', 'm'] },
  '29463-7': { key: 'weight', units: ['kg', '[lb_av]', 'g'] },
  '39156-5': { key: 'bmi', units: ['kg/m2'] },
  '59408-5': { key: 'oxygenSaturation', units: ['%'] },
} as const;
export type VitalSignCode = keyof typeof vitalSignCodes;

const unitText: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  Cel: '°C',
  '[degF]': '°F',
  '[in_i]': 'in',
  '[lb_av]': 'lb',
  'kg/m2': 'kg/m²',
  '/min': '/min',
  '[IU]/mL': 'IU/mL',
  '{tbl}': 'tablet',
};

/** A UCUM unit as people write it (mm[Hg] → mmHg, Cel → °C): the portal page and the PDF. */
export const unitLabel = (unit: string | null) => (unit ? (unitText[unit] ?? unit) : '');
export const vitalSignCode = z.enum(Object.keys(vitalSignCodes) as [VitalSignCode, ...VitalSignCode[]], {
  message: `Use one of the LOINC vital-sign codes: ${Object.keys(vitalSignCodes).join(', ')}.`,
});

// --------------------------------------------------------------------------------- input building

/** An ISO 8601 date-time with an offset, or a day (YYYY-MM-DD, taken as noon UTC), years 1900-2200. */
const instant = safeString
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
    message: 'Use an ISO 8601 date-time with offset (2026-03-01T14:30:00Z) or a day (2026-03-01).',
  })
  .refine(
    (value) => {
      const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
      const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
      // A day that does not exist (2026-02-30) must not roll over into the next month.
      const calendar = new Date(Date.UTC(y, m - 1, d));
      const real = calendar.getUTCMonth() === m - 1 && calendar.getUTCDate() === d;
      return real && !Number.isNaN(date.getTime()) && y >= 1900 && y <= 2200;
    },
    { message: 'Use a real date between 1900 and 2200.' },
  )
  .transform((value) => new Date(value.length === 10 ? `${value}T12:00:00Z` : value).toISOString());

/** A real calendar day (YYYY-MM-DD). */
const day = safeString
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD.' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      const year = Number(value.slice(0, 4));
      return (
        !Number.isNaN(date.getTime()) && year >= 1900 && year <= 2200 && date.toISOString().startsWith(value)
      );
    },
    { message: 'Use a real date (YYYY-MM-DD).' },
  );

const text = (max: number) => safeString.trim().min(1).max(max);
const optionalText = (max: number) =>
  safeString
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const loinc = safeString.trim().regex(/^\d{1,7}-\d$/, { message: 'Use a LOINC code such as 1742-6.' });
/** A finite number a double precision column stores exactly enough for a clinical value. */
const measure = z.number().finite().min(-1e9).max(1e9);

/** A NUCC Health Care Provider Taxonomy code: ten characters ending in X (207N00000X Dermatology). */
export const taxonomyCode = safeString.trim().regex(/^[0-9]{3}[0-9A-Z]{6}X$/, {
  message: 'Use a NUCC Health Care Provider Taxonomy code such as 207N00000X.',
});

/** Who recorded the entry, for which organisation and when (C-CDA author, FHIR Provenance). */
export const recordAuthor = z.object({
  name: text(200),
  npi: safeString
    .trim()
    .regex(/^\d{10}$/, { message: 'An NPI has 10 digits.' })
    .nullish()
    .transform((v) => v ?? null),
  /**
   * The author's specialty (NUCC taxonomy, e.g. 207N00000X Dermatology); without it the export
   * uses the provider directory's primary taxonomy of the NPI, when the directory has it.
   */
  taxonomyCode: taxonomyCode.nullish().transform((v) => v ?? null),
  organization: text(200),
});
export type RecordAuthor = z.infer<typeof recordAuthor>;

/** The fields every entry carries: its patient and visit by the clinic's ids, and its provenance. */
const entryBase = {
  patientExternalId: text(64),
  /** The visit it belongs to, by the clinic's encounter id (fed before). */
  encounterExternalId: safeString
    .trim()
    .min(1)
    .max(64)
    .nullish()
    .transform((v) => v ?? null),
  author: recordAuthor,
  /** When the clinic recorded it; default: when received. */
  recordedAt: instant.optional(),
};

const upsertResponse = z.object({ id: z.number().int(), externalId: z.string(), created: z.boolean() });
export type ClinicalUpsertResponse = z.infer<typeof upsertResponse>;
const answers = {
  201: upsertResponse,
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
} as const;

// ---------------------------------------------------------------------------------------- results

export const resultObservationInput = z
  .object({
    code: loinc,
    name: text(500),
    valueNumeric: measure.nullish().transform((v) => v ?? null),
    valueText: optionalText(2000),
    /** UCUM, e.g. U/L, mg/dL, 10*3/uL. */
    unit: optionalText(64),
    referenceLow: measure.nullish().transform((v) => v ?? null),
    referenceHigh: measure.nullish().transform((v) => v ?? null),
    referenceText: optionalText(500),
    interpretation: resultInterpretation.nullish().transform((v) => v ?? null),
  })
  .refine((o) => o.valueNumeric !== null || o.valueText !== null, {
    message: 'Give valueNumeric or valueText.',
    path: ['valueNumeric'],
  })
  .refine((o) => o.referenceLow === null || o.referenceHigh === null || o.referenceLow <= o.referenceHigh, {
    message: 'referenceLow must not be above referenceHigh.',
    path: ['referenceLow'],
  });

export const upsertResultRequest = z
  .object({
    ...entryBase,
    category: resultCategory,
    /** LOINC code of the panel or report, e.g. 24325-3 hepatic function panel, 60567-5 pathology. */
    code: loinc,
    name: text(500),
    status: resultStatus,
    /** When the specimen was taken. */
    effectiveAt: instant,
    issuedAt: instant,
    specimen: optionalText(1000),
    /** The report text (required for pathology). */
    narrative: optionalText(100_000),
    diagnosis: z
      .object({
        code: safeString.trim().regex(/^\d{6,18}$/, { message: 'Use a SNOMED CT concept id.' }),
        display: text(500),
      })
      .nullish()
      .transform((v) => v ?? null),
    observations: z.array(resultObservationInput).max(200).default([]),
  })
  .refine((r) => r.category === 'lab' || r.narrative !== null, {
    message: 'A pathology report needs its narrative.',
    path: ['narrative'],
  })
  .refine((r) => r.category === 'pathology' || r.observations.length > 0, {
    message: 'A lab result needs at least one observation.',
    path: ['observations'],
  })
  .refine((r) => new Set(r.observations.map((o) => o.code)).size === r.observations.length, {
    message: 'Each observation code may appear once in a report.',
    path: ['observations'],
  });
export type UpsertResultRequest = z.input<typeof upsertResultRequest>;

export const releaseDelayParams = z.object({ category: resultCategory });
export const releaseDelayRequest = z.object({
  /** Hours after receipt before patients see a result of this category; 0: at once. At most a year. */
  delayHours: z.number().int().min(0).max(8760),
});
export const releaseDelaysResponse = z.object({
  delays: z.array(z.object({ category: resultCategory, delayHours: z.number().int() })),
});
export type ReleaseDelaysResponse = z.infer<typeof releaseDelaysResponse>;

// ----------------------------------------------------------------------------------- vital signs

export const upsertVitalSignsRequest = z
  .object({
    ...entryBase,
    /** When they were measured. */
    effectiveAt: instant,
    measurements: z
      .array(z.object({ code: vitalSignCode, value: measure.positive(), unit: text(64) }))
      .min(1)
      .max(9),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.measurements.forEach((m, i) => {
      if (seen.has(m.code))
        ctx.addIssue({
          code: 'custom',
          message: `${m.code} appears twice.`,
          path: ['measurements', i, 'code'],
        });
      seen.add(m.code);
      const units: readonly string[] = vitalSignCodes[m.code].units;
      if (!units.includes(m.unit))
        ctx.addIssue({
          code: 'custom',
          message: `The unit of ${m.code} must be one of ${units.join(', ')} (UCUM).`,
          path: ['measurements', i, 'unit'],
        });
    });
  });
export type UpsertVitalSignsRequest = z.input<typeof upsertVitalSignsRequest>;

// --------------------------------------------------------------------------------- immunizations

export const upsertImmunizationRequest = z
  .object({
    ...entryBase,
    cvxCode: safeString.trim().regex(/^\d{1,3}$/, { message: 'Use a CVX code (1 to 3 digits).' }),
    vaccineName: text(500),
    /** When it was given, or declined. */
    occurredAt: instant,
    status: immunizationStatus,
    statusReason: optionalText(500),
    lotNumber: optionalText(64),
    manufacturer: optionalText(200),
    performerName: optionalText(200),
    /** The dose given, e.g. { quantity: 0.5, unit: 'mL' } (UCUM unit). */
    dose: z
      .object({ quantity: z.number().finite().positive().max(1e6), unit: text(64) })
      .nullish()
      .transform((v) => v ?? null),
    /** Which dose of its series it was (1 for the first dose of a two-dose series). */
    doseNumber: z
      .number()
      .int()
      .min(1)
      .max(20)
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((i) => i.status === 'not-done' || i.statusReason === null, {
    message: 'statusReason is only for an immunization not done.',
    path: ['statusReason'],
  });
export type UpsertImmunizationRequest = z.input<typeof upsertImmunizationRequest>;

// ---------------------------------------------------------------------------------------- notes

/** The largest PDF note accepted (bytes). */
export const clinicalNotePdfMaxBytes = 10 * 1024 * 1024;

export const upsertClinicalNoteRequest = z
  .object({
    ...entryBase,
    /** LOINC document type, e.g. 11506-3 progress note, 28570-0 procedure note. */
    noteTypeCode: loinc,
    noteTypeName: text(200),
    title: text(500),
    authoredAt: instant,
    text: optionalText(100_000),
    /** A PDF note instead of (or beside) text: base64 of the file, checked by its bytes. */
    pdf: z
      .object({
        fileName: text(200),
        contentBase64: safeString.min(1).max(Math.ceil(clinicalNotePdfMaxBytes / 3) * 4 + 16),
      })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((n) => n.text !== null || n.pdf !== null, { message: 'Give text or pdf.', path: ['text'] });
export type UpsertClinicalNoteRequest = z.input<typeof upsertClinicalNoteRequest>;

// ---------------------------------------------------------------------------------- plan of care

const codeHasSystem = <T extends { code: string | null; codeSystem: string | null }>(v: T) =>
  (v.code === null) === (v.codeSystem === null);

export const upsertCarePlanItemRequest = z
  .object({
    ...entryBase,
    kind: carePlanKind,
    description: text(2000),
    code: optionalText(64),
    codeSystem: carePlanCodeSystem.nullish().transform((v) => v ?? null),
    plannedAt: instant.nullish().transform((v) => v ?? null),
    status: carePlanStatus.default('active'),
  })
  .refine(codeHasSystem, { message: 'Give code and codeSystem together.', path: ['codeSystem'] });
export type UpsertCarePlanItemRequest = z.input<typeof upsertCarePlanItemRequest>;

export const upsertCareGoalRequest = z.object({
  ...entryBase,
  description: text(2000),
  targetDate: day.nullish().transform((v) => v ?? null),
  status: careGoalStatus.default('active'),
  /** How the clinic weighs the goal: high, normal or delayed. */
  priority: careGoalPriority.nullish().transform((v) => v ?? null),
});
export type UpsertCareGoalRequest = z.input<typeof upsertCareGoalRequest>;

export const upsertHealthConcernRequest = z
  .object({
    ...entryBase,
    code: optionalText(64),
    codeSystem: healthConcernCodeSystem.nullish().transform((v) => v ?? null),
    description: text(2000),
    status: healthConcernStatus.default('active'),
    onsetDate: day.nullish().transform((v) => v ?? null),
  })
  .refine(codeHasSystem, { message: 'Give code and codeSystem together.', path: ['codeSystem'] });
export type UpsertHealthConcernRequest = z.input<typeof upsertHealthConcernRequest>;

export const upsertHealthStatusRequest = z.object({
  ...entryBase,
  /** A SNOMED CT code of the HealthStatus value set (healthStatusCodes); others are refused by name. */
  code: safeString.trim().regex(/^\d{6,18}$/, { message: 'Use a SNOMED CT concept id.' }),
  status: healthStatusStatus.default('final'),
});
export type UpsertHealthStatusRequest = z.input<typeof upsertHealthStatusRequest>;

// ------------------------------------------------------------------------------- what the patient reads

const provenance = {
  authorName: z.string(),
  authorOrganization: z.string(),
  recordedAt: z.string(),
};

export const recordObservation = z.object({
  code: z.string(),
  name: z.string(),
  valueNumeric: z.number().nullable(),
  valueText: z.string().nullable(),
  unit: z.string().nullable(),
  referenceLow: z.number().nullable(),
  referenceHigh: z.number().nullable(),
  referenceText: z.string().nullable(),
  interpretation: resultInterpretation.nullable(),
});
export type RecordObservationView = z.infer<typeof recordObservation>;

export const recordResult = z.object({
  id: z.number().int(),
  category: resultCategory,
  code: z.string(),
  name: z.string(),
  status: resultStatus,
  effectiveAt: z.string(),
  issuedAt: z.string(),
  specimen: z.string().nullable(),
  narrative: z.string().nullable(),
  diagnosisCode: z.string().nullable(),
  diagnosisDisplay: z.string().nullable(),
  observations: z.array(recordObservation),
  /** Not yet read by the signed-in person in this version (new, or corrected since read). */
  unread: z.boolean(),
  /** The report was issued before in another status (a corrected result lists its preliminary one). */
  previousStatuses: z.array(resultStatus),
  ...provenance,
});
export type RecordResultView = z.infer<typeof recordResult>;

export const recordVitalSigns = z.object({
  id: z.number().int(),
  effectiveAt: z.string(),
  measurements: z.array(z.object({ code: vitalSignCode, value: z.number(), unit: z.string() })),
  ...provenance,
});
export type RecordVitalSignsView = z.infer<typeof recordVitalSigns>;

export const recordImmunization = z.object({
  id: z.number().int(),
  cvxCode: z.string(),
  vaccineName: z.string(),
  occurredAt: z.string(),
  status: immunizationStatus,
  statusReason: z.string().nullable(),
  lotNumber: z.string().nullable(),
  performerName: z.string().nullable(),
  ...provenance,
});
export type RecordImmunizationView = z.infer<typeof recordImmunization>;

/**
 * A note as the list shows it: its title, type and date. Its text or PDF is read when the patient
 * opens it (`getNote`): the texts of a long record's notes were most of the page's first answer.
 */
export const recordNote = z.object({
  id: z.number().int(),
  noteTypeName: z.string(),
  title: z.string(),
  authoredAt: z.string(),
  ...provenance,
});
export type RecordNoteView = z.infer<typeof recordNote>;

/** What an opened note shows: its text, its PDF, or both. */
export const recordNoteContent = z.object({
  id: z.number().int(),
  text: z.string().nullable(),
  /** A PDF note: a signed, expiring download address. */
  pdf: z.object({ url: z.string(), fileName: z.string(), contentLength: z.number().int() }).nullable(),
});
export type RecordNoteContentView = z.infer<typeof recordNoteContent>;

export const recordNoteParams = ridParams.extend({ noteId: z.coerce.number().pipe(entityId) });

export const recordCarePlan = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      kind: carePlanKind,
      description: z.string(),
      plannedAt: z.string().nullable(),
      status: carePlanStatus,
      ...provenance,
    }),
  ),
  goals: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      targetDate: z.string().nullable(),
      status: careGoalStatus,
      ...provenance,
    }),
  ),
  concerns: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      code: z.string().nullable(),
      codeSystem: healthConcernCodeSystem.nullable(),
      status: healthConcernStatus,
      onsetDate: z.string().nullable(),
      ...provenance,
    }),
  ),
  /** The latest assessment of the patient's overall health status in the range. */
  healthStatus: z
    .object({ id: z.number().int(), code: z.string(), display: z.string(), ...provenance })
    .nullable(),
});
export type RecordCarePlanView = z.infer<typeof recordCarePlan>;

/** How many entries each list of the range holds, whether or not the answer carries them all. */
export const recordTotals = z.object({
  results: z.number().int(),
  vitalSigns: z.number().int(),
  immunizations: z.number().int(),
  notes: z.number().int(),
  carePlanItems: z.number().int(),
  goals: z.number().int(),
  concerns: z.number().int(),
});
export type RecordTotals = z.infer<typeof recordTotals>;

/**
 * The trend chart of a limited answer: every numeric lab test measured at least twice in the range
 * (oldest first seen first), and every value of one of them, so the chart stays whole while the
 * result list holds only the newest. The chosen test's values are three lists of one length, oldest
 * first, rather than one object a value: a long record's series held hundreds of values, and their
 * repeated names were a quarter of the page's first answer.
 */
export const recordTrends = z.object({
  tests: z.array(z.object({ code: z.string(), name: z.string() })),
  chosen: z
    .object({
      code: z.string(),
      name: z.string(),
      unit: z.string().nullable(),
      referenceLow: z.number().nullable(),
      referenceHigh: z.number().nullable(),
      /** When each specimen was taken, in milliseconds since 1970 (UTC). */
      takenAt: z.array(z.number().int()),
      values: z.array(z.number()),
      interpretations: z.array(resultInterpretation.nullable()),
    })
    .nullable(),
});
export type RecordTrendsView = z.infer<typeof recordTrends>;

export const clinicalRecordResponse = z.object({
  results: z.array(recordResult),
  vitalSigns: z.array(recordVitalSigns),
  immunizations: z.array(recordImmunization),
  notes: z.array(recordNote),
  carePlan: recordCarePlan,
  totals: recordTotals,
  /** Present when `limit` was asked (and no `section`). */
  trends: recordTrends.optional(),
});
export type ClinicalRecordResponse = z.infer<typeof clinicalRecordResponse>;

/** A card of the Health Information page; the care plan holds its items, goals and concerns. */
export const recordSection = z.enum(['results', 'vitalSigns', 'immunizations', 'notes', 'carePlan']);
export type RecordSection = z.infer<typeof recordSection>;

/** The most a limited answer holds of each list. */
export const recordLimitMax = 500;

/** The page's From/To as sent to the export (start of day, next day's midnight, both UTC). */
export const clinicalRecordQuery = z
  .object({
    from: safeString.datetime({ offset: true }).optional(),
    to: safeString.datetime({ offset: true }).optional(),
    /** At most this many of each list, the newest (the plan: the soonest); absent: every entry. */
    limit: int32Text.pipe(z.number().min(1).max(recordLimitMax)).optional(),
    /** Only this card's lists; the others answer empty (their totals still counted). */
    section: recordSection.optional(),
    /** The test (LOINC code) whose values the trend chart shows; default a flagged one, or the first. */
    trend: safeString.max(64).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to.',
    path: ['from'],
  });

export const markResultReadRequest = z.object({ patientId: entityId, resultId: entityId });
export const markResultReadResponse = z.object({ read: z.literal(true) });

// ------------------------------------------------------------------------------------------ calls

const entry = <B extends z.ZodType>(path: string, summary: string, body: B, description: string) =>
  describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/${path}/:externalId`,
    who: who.apiKey,
    summary,
    description: `${description} Idempotent by the clinic’s own id (externalId, unique per practice); the patient is named by patientExternalId, the visit by encounterExternalId. The author is named by name, NPI and, for the C-CDA author's specialty, a NUCC taxonomy code (author.taxonomyCode, e.g. 207N00000X Dermatology).`,
    params: externalIdParams,
    body,
    response: upsertResponse,
    answers,
  });

export const clinicalRecordCalls = {
  upsertResult: entry(
    'results',
    'Create, update or correct a result (lab panel or pathology report)',
    upsertResultRequest,
    'A corrected or final report sent under the same externalId replaces the earlier one (its observations too) and keeps the earlier status in its history. A new or changed result e-mails the patient once released (practice delay per category).',
  ),
  upsertVitalSigns: entry(
    'vital-signs',
    'Create or replace the vital signs measured at a visit',
    upsertVitalSignsRequest,
    'LOINC-coded measurements with UCUM units; the set replaces the previous one of this externalId.',
  ),
  upsertImmunization: entry(
    'immunizations',
    'Create or update an immunization (given or not done)',
    upsertImmunizationRequest,
    'CVX-coded, with the performer, the dose given (dose.quantity and its UCUM dose.unit, e.g. 0.5 mL) and which dose of its series it was (doseNumber).',
  ),
  upsertClinicalNote: entry(
    'clinical-notes',
    'Create or replace a clinical note (text or PDF)',
    upsertClinicalNoteRequest,
    'The PDF is checked by its bytes.',
  ),
  upsertCarePlanItem: entry(
    'care-plan-items',
    'Create or update a planned item of the plan of treatment',
    upsertCarePlanItemRequest,
    'A planned visit, procedure, medication or education.',
  ),
  upsertCareGoal: entry(
    'care-goals',
    'Create or update a goal of care',
    upsertCareGoalRequest,
    'A goal in words, with its target date and its priority (high, normal or delayed).',
  ),
  upsertHealthConcern: entry(
    'health-concerns',
    'Create or update a health concern',
    upsertHealthConcernRequest,
    'SNOMED CT or ICD-10 coded.',
  ),
  upsertHealthStatus: entry(
    'health-statuses',
    'Create or update an assessment of the patient’s overall health status',
    upsertHealthStatusRequest,
    `The clinician’s assessment, a SNOMED CT code of the HL7 HealthStatus value set (${Object.keys(healthStatusCodes).join(', ')}); the latest is the one the summary shows. status entered-in-error withdraws one sent by mistake.`,
  ),
  setReleaseDelay: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/result-release-delays/:category`,
    who: who.apiKey,
    summary: 'Set how long after receipt patients see a result of a category (lab, pathology)',
    description:
      'Applies to results received from now on; 0 shows them at once (the default). A result already received keeps the release time it was given.',
    params: releaseDelayParams,
    body: releaseDelayRequest,
    response: releaseDelaysResponse,
    answers: { 400: errorResponse, 401: errorResponse },
  }),
  getReleaseDelays: describeCall({
    method: 'GET',
    path: `${apiPrefix.integration}/result-release-delays`,
    who: who.apiKey,
    summary: 'The practice’s result release delays',
    response: releaseDelaysResponse,
    answers: { 401: errorResponse },
  }),
  /** The page's results, vital signs, immunizations, notes and plan of care in the From/To range. */
  getRecord: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/healthInfo/clinicalRecord/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    query: clinicalRecordQuery,
    response: clinicalRecordResponse,
  }),
  /** One note's text and PDF, asked for when the patient opens it in the list. */
  getNote: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/healthInfo/clinicalRecord/_rid/:id/notes/:noteId`,
    who: who.patientInPath('id'),
    params: recordNoteParams,
    response: recordNoteContent,
    answers: { 404: errorResponse },
  }),
  /** The signed-in person has seen a result (the version shown). */
  markResultRead: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/healthInfo/results/markRead`,
    who: who.patientInBody('patientId'),
    body: markResultReadRequest,
    response: markResultReadResponse,
  }),
};
