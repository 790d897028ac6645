import { z } from 'zod';
import { gender, contactType } from './patient';

/**
 * The integration API: how clinic systems (and the `dermis` CLI) feed Dermis. Authenticated with a
 * practice API key in the `X-Api-Key` header; the practice is the key's practice.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD.' });

export const createPracticeRequest = z.object({
  name: z.string().trim().min(1).max(200),
  mfaRequiredByPracticeAdmin: z.boolean().default(false),
});
export const createPracticeResponse = z.object({
  practiceId: z.number().int(),
  /** Shown once: only its hash is stored. */
  apiKey: z.string(),
});

export const createClinicRequest = z.object({
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().max(40).optional(),
  addressLine1: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(2).optional(),
  zipCode: z.string().trim().max(10).optional(),
});
export const clinicResponse = z.object({ id: z.number().int(), name: z.string() });

export const upsertPatientRequest = z.object({
  /** The clinic system's own identifier; a second call with the same one updates the patient. */
  externalId: z.string().trim().min(1).max(64),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  dateOfBirth: isoDate,
  gender: gender.default('UNKNOWN'),
  active: z.boolean().default(true),
  deceased: z.boolean().default(false),
  contacts: z
    .array(
      z.object({
        type: contactType,
        value: z.string().trim().min(1).max(255),
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
  patientExternalId: z.string().trim().min(1),
  /** The person responsible for that patient; also a patient record of the practice. */
  responsibleExternalId: z.string().trim().min(1),
  /** HL7 personal relationship code, as a number (see docs/decisions). */
  relationship: z.number().int().nonnegative(),
  active: z.boolean().default(true),
});
export const linkResponsiblePersonResponse = z.object({ id: z.number().int(), active: z.boolean() });
