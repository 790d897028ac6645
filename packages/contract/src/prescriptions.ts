/**
 * Prescriptions (spec 001 §3 Prescription, §7 prescription/getHistory and
 * prescription/getPatientEducationMonograph, §8): read-only for the patient, fed by the clinic through
 * the integration API (idempotent by the clinic's prescription id).
 *
 * `fdbId` / `fdbDrugType` keep the spec's names: they are the clinic drug database's drug id and
 * concept type (with RxNorm, the RXCUI and its term type, e.g. SCD, SBD, IN).
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { externalIdParams } from './integration';
import { entityId, int32, safeString } from './rules';

export const prescriptionStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type PrescriptionStatus = z.infer<typeof prescriptionStatus>;

export const prescription = z.object({
  id: z.number().int(),
  fdbId: z.string(),
  fdbDescription: z.string(),
  fdbDrugType: z.string(),
  status: prescriptionStatus,
  /** Directions for the patient ("Apply a thin layer twice daily"), or null. */
  sig: z.string().nullable(),
  /** YYYY-MM-DD */
  dateWritten: z.string().nullable(),
  /** YYYY-MM-DD, when the prescription ended (INACTIVE). */
  dateInactive: z.string().nullable(),
  prescriberName: z.string().nullable(),
  /** True when a monograph exists for this drug (the web shows the monograph link only then). */
  hasMonograph: z.boolean(),
});
export type Prescription = z.infer<typeof prescription>;

/** Most prescriptions one page of prescription/getHistory answers. */
export const prescriptionPageSizeMax = 500;
/** What the web's prescriptions list asks for at a time (decision 255). */
export const prescriptionListPageSize = 50;

/**
 * POST prescription/getHistory {patientId}: every prescription, ACTIVE first, newest first. With
 * `limit`, a page of that many and the `nextCursor` of the page after it (decision 255); `cursor`
 * is a `nextCursor` of an earlier answer, and the page then starts after the prescription it names.
 * A cursor of another patient, or one that is not a cursor, answers an empty page.
 */
export const getPrescriptionHistoryRequest = z.object({
  patientId: entityId,
  limit: int32.min(1).max(prescriptionPageSizeMax).optional(),
  cursor: safeString
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type GetPrescriptionHistoryRequest = z.input<typeof getPrescriptionHistoryRequest>;
export const prescriptionHistoryResponse = z.object({
  patientId: z.number().int(),
  prescriptions: z.array(prescription),
  /** The `cursor` of the next page; null on the last page (and on an answer without `limit`). */
  nextCursor: z.string().nullable().optional(),
});
export type PrescriptionHistoryResponse = z.infer<typeof prescriptionHistoryResponse>;

export const monographFormat = z.enum(['TEXT_PLAIN']);

/**
 * POST prescription/getPatientEducationMonograph. Drug information, not patient data: any signed-in
 * caller may read it. 404 NOT_FOUND when the clinic supplied none for that drug (the web shows
 * 'Medication monograph fetch failed. Please check your connection and try again.').
 */
export const getPatientEducationMonographRequest = z.object({
  fdbId: safeString.trim().min(1).max(64),
  fdbDrugType: safeString.trim().max(20).default(''),
  monographFormat: monographFormat.default('TEXT_PLAIN'),
});
export const patientEducationMonographResponse = z.object({
  fdbId: z.string(),
  fdbDrugType: z.string(),
  monographFormat,
  title: z.string(),
  /** Free text; split by lines to show (spec §3). */
  monograph: z.string(),
});
export type PatientEducationMonographResponse = z.infer<typeof patientEducationMonographResponse>;

// Integration API (clinic side) ----------------------------------------------------------------

/** A real calendar day (YYYY-MM-DD, years 1900-2200): the database refuses 2026-02-30. */
const isoDate = safeString.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD.' }).refine(
  (value) => {
    const date = new Date(`${value}T00:00:00Z`);
    const year = Number(value.slice(0, 4));
    // Zod runs this check even when the format above failed: an unparsable value must not throw.
    if (Number.isNaN(date.getTime())) return false;
    return year >= 1900 && year <= 2200 && date.toISOString().slice(0, 10) === value;
  },
  { message: 'Use a real date (YYYY-MM-DD).' },
);

/** PUT /api/integration/prescriptions/{externalId}: create or update by the clinic's id. */
export const upsertPrescriptionRequest = z.object({
  patientExternalId: safeString.trim().min(1).max(64),
  fdbId: safeString.trim().min(1).max(64),
  fdbDescription: safeString.trim().min(1).max(500),
  fdbDrugType: safeString.trim().max(20).default(''),
  status: prescriptionStatus.default('ACTIVE'),
  sig: safeString.trim().max(1000).nullable().default(null),
  dateWritten: isoDate.nullable().default(null),
  dateInactive: isoDate.nullable().default(null),
  prescriberName: safeString.trim().max(200).nullable().default(null),
  // Structured medication (decision 220), what a C-CDA medication entry carries; all optional.
  /** RxNorm concept id of the drug. */
  rxnormCode: safeString
    .trim()
    .regex(/^\d{1,10}$/, { message: 'Use an RxNorm concept id (digits).' })
    .nullable()
    .default(null),
  /** The dose: quantity and UCUM unit (mg, mL, {tbl} for a tablet). */
  dose: z
    .object({ quantity: z.number().finite().positive().max(1e6), unit: safeString.trim().min(1).max(64) })
    .nullable()
    .default(null),
  /** The route: NCI Thesaurus code of the C-CDA route value set (C38288 oral) and its text. */
  route: z
    .object({
      code: safeString
        .trim()
        .regex(/^C\d{4,6}$/, { message: 'Use an NCI Thesaurus route code such as C38288.' }),
      text: safeString.trim().min(1).max(200),
    })
    .nullable()
    .default(null),
  /** How often: once every period value + unit (1 wk; 12 h), and/or as text ("twice daily"). */
  frequency: z
    .object({
      periodValue: z.number().finite().positive().max(1000).nullable().default(null),
      periodUnit: z.enum(['h', 'd', 'wk', 'mo']).nullable().default(null),
      text: safeString.trim().min(1).max(200).nullable().default(null),
    })
    .refine((f) => (f.periodValue === null) === (f.periodUnit === null), {
      message: 'Give periodValue and periodUnit together.',
      path: ['periodUnit'],
    })
    .refine((f) => f.periodValue !== null || f.text !== null, {
      message: 'Give a period or a text.',
      path: ['text'],
    })
    .nullable()
    .default(null),
  prescriberNpi: safeString
    .trim()
    .regex(/^\d{10}$/, { message: 'An NPI has 10 digits.' })
    .nullable()
    .default(null),
  /** The prescriber's specialty (NUCC taxonomy code, e.g. 207N00000X Dermatology). */
  prescriberTaxonomyCode: safeString
    .trim()
    .regex(/^[0-9]{3}[0-9A-Z]{6}X$/, {
      message: 'Use a NUCC Health Care Provider Taxonomy code such as 207N00000X.',
    })
    .nullable()
    .default(null),
  /** The organisation that prescribed (provenance). */
  organization: safeString.trim().min(1).max(200).nullable().default(null),
  /** When the clinic recorded it; default: when received. */
  recordedAt: safeString.datetime({ offset: true }).nullable().default(null),
});
export type UpsertPrescriptionRequest = z.input<typeof upsertPrescriptionRequest>;
export const upsertPrescriptionResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  created: z.boolean(),
});

/** PUT /api/integration/drug-monographs: the patient education text of one drug (by fdbId + type). */
export const upsertMonographRequest = z.object({
  fdbId: safeString.trim().min(1).max(64),
  fdbDrugType: safeString.trim().max(20).default(''),
  title: safeString.trim().min(1).max(500),
  monograph: safeString.trim().min(1).max(100_000),
});
export const upsertMonographResponse = z.object({
  fdbId: z.string(),
  fdbDrugType: z.string(),
  created: z.boolean(),
});

const prescriptionIntegrationFailures = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** The prescription calls: the patient reads, the clinic writes prescriptions and drug monographs. */
export const prescriptionsCalls = {
  /** The prescriptions the clinic wrote for the patient (read-only). */
  getHistory: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/prescription/getHistory`,
    who: who.patientInBody('patientId'),
    body: getPrescriptionHistoryRequest,
    response: prescriptionHistoryResponse,
    answers: { 400: errorResponse, 403: errorResponse },
  }),
  /** Drug information of the caller's practice: names no patient. */
  getEducationMonograph: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/prescription/getPatientEducationMonograph`,
    who: who.account,
    body: getPatientEducationMonographRequest,
    response: patientEducationMonographResponse,
    answers: { 400: errorResponse, 404: errorResponse },
  }),
  upsert: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/prescriptions/:externalId`,
    who: who.apiKey,
    summary: 'Create or update a prescription by external id',
    description:
      'The prescriber is named by prescriberName, prescriberNpi and, for the C-CDA author’s specialty, a NUCC taxonomy code (prescriberTaxonomyCode, e.g. 207N00000X Dermatology).',
    params: externalIdParams,
    body: upsertPrescriptionRequest,
    response: upsertPrescriptionResponse,
    answers: { 201: upsertPrescriptionResponse, ...prescriptionIntegrationFailures },
  }),
  upsertMonograph: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/drug-monographs`,
    who: who.apiKey,
    summary: 'Create or update the patient education monograph of a drug (by fdbId and fdbDrugType)',
    body: upsertMonographRequest,
    response: upsertMonographResponse,
    answers: { 201: upsertMonographResponse, ...prescriptionIntegrationFailures },
  }),
};
