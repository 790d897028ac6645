import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { birthSex, gender, contactType } from './patient';
import { apiPrefix } from './routes';
import { int32, safeString } from './rules';

/**
 * The integration API: how clinic systems (and the `dermis` CLI) feed Dermis. Authenticated with a
 * practice API key in the `X-Api-Key` header; the practice is the key's practice.
 */
const isoDate = safeString.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD.' });

export const createPracticeRequest = z.object({
  name: safeString.trim().min(1).max(200),
  mfaRequiredByPracticeAdmin: z.boolean().default(false),
  /** The practice's organisation (type 2) NPI: the C-CDA names the practice by it. */
  npi: safeString
    .trim()
    .regex(/^\d{10}$/, { message: 'An NPI has 10 digits.' })
    .nullish()
    .transform((v) => v ?? null),
});
export const createPracticeResponse = z.object({
  practiceId: z.number().int(),
  /** Shown once: only its hash is stored. */
  apiKey: z.string(),
});

export const createClinicRequest = z.object({
  name: safeString.trim().min(1).max(200),
  phone: safeString.trim().max(40).optional(),
  addressLine1: safeString.trim().max(200).optional(),
  city: safeString.trim().max(100).optional(),
  state: safeString.trim().max(2).optional(),
  zipCode: safeString.trim().max(10).optional(),
  addressLine2: safeString.trim().max(200).optional(),
  /** The clinic's site, shown as a link on appointments: http(s) only. */
  website: safeString
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s]+$/i, { message: 'Use an http:// or https:// address.' })
    .optional(),
});
export const clinicResponse = z.object({ id: z.number().int(), name: z.string() });
/** PUT /api/integration/clinics/{externalId}: create or update a clinic by the clinic system's id. */
export const upsertClinicRequest = createClinicRequest;
export const upsertClinicResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  name: z.string(),
  created: z.boolean(),
});

export const upsertPatientRequest = z.object({
  /** The clinic system's own identifier; a second call with the same one updates the patient. */
  externalId: safeString.trim().min(1).max(64),
  firstName: safeString.trim().min(1).max(100),
  lastName: safeString.trim().min(1).max(100),
  dateOfBirth: isoDate,
  gender: gender.default('UNKNOWN'),
  /** Sex assigned at birth (F, M or UNK); null clears it; left out, the stored answer stays. */
  birthSex: birthSex.nullable().optional(),
  active: z.boolean().default(true),
  deceased: z.boolean().default(false),
  contacts: z
    .array(
      z.object({
        type: contactType,
        value: safeString.trim().min(1).max(255),
        active: z.boolean().default(true),
      }),
    )
    .default([]),
});
export type UpsertPatientRequest = z.infer<typeof upsertPatientRequest>;
export const patientResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  created: z.boolean(),
});

export const linkResponsiblePersonRequest = z.object({
  /** The patient being cared for (for example a minor). */
  patientExternalId: safeString.trim().min(1).max(64),
  /** The person responsible for that patient; also a patient record of the practice. */
  responsibleExternalId: safeString.trim().min(1).max(64),
  /** HL7 personal relationship code, as a number (see docs/decisions). */
  relationship: int32.nonnegative(),
  active: z.boolean().default(true),
});
/** The `:externalId` of the integration routes about one patient. */
export const externalIdParams = z.object({ externalId: safeString.trim().min(1).max(64) });

export const linkResponsiblePersonResponse = z.object({ id: z.number().int(), active: z.boolean() });

const integrationFailures = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** How a clinic's system feeds its practice: clinics, patients and who is responsible for whom. */
export const integrationCalls = {
  createClinic: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/clinics`,
    who: who.apiKey,
    summary: 'Create a clinic of the key’s practice',
    body: createClinicRequest,
    response: clinicResponse,
    status: 201,
    answers: integrationFailures,
  }),
  upsertPatient: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/patients/:externalId`,
    who: who.apiKey,
    summary: 'Create or update a patient by external id; contacts are replaced',
    params: externalIdParams,
    // The path names the patient; repeating externalId in the body is allowed if it matches.
    body: upsertPatientRequest.partial({ externalId: true }),
    response: patientResponse,
    answers: { 201: patientResponse, ...integrationFailures },
  }),
  linkResponsiblePerson: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/responsible-persons`,
    who: who.apiKey,
    summary: 'Make one patient the responsible person of another, or update that link',
    body: linkResponsiblePersonRequest,
    response: linkResponsiblePersonResponse,
    answers: integrationFailures,
  }),
};
