import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { int32, ridParams, safeString } from './rules';

/**
 * Insurance (spec 001 §3 "Insurance", §4 "Insurance", spec 002 enumerations): read-only for the patient
 * (`GET insurance/getActivePatientInsuranceProfile/_rid/{id}`), fed by the clinic through the
 * integration API. The list is sorted by `order`; a policy whose validThrough is in the past is flagged.
 */
export const insuranceRelationship = z.enum([
  'SELF',
  'SPOUSE',
  'CHILD',
  'EMPLOYEE',
  'LIFE_PARTNER',
  'OTHER',
  'UNKNOWN',
]);
export type InsuranceRelationship = z.infer<typeof insuranceRelationship>;

export const insurancePolicyTypeCode = z.enum([
  'UNDEFINED',
  'CAPITATION',
  'CHAMPUS_VA',
  'CHAMPUS',
  'COMMERCIAL_INSURANCE_CO',
  'FLAT_FEE_ARRANGEMENT',
  'HMO_MEDICAID',
  'HMO_MEDICARE',
  'HMO',
  'HEALTH_MAINTENANCE_ORGANIZATION',
  'MEDICAID',
  'MEDICARE_SUPPLEMENT',
  'MEDICARE',
  'MEDIKIDS',
  'MEDIPASS',
  'OPEN_ACCESS',
  'POINT_OF_SERVICE',
  'PREFERRED_PROVIDER_ORGANIZATION',
  'WORKERS_COMPENSATION_HEALTH_CLAIM',
]);
export type InsurancePolicyTypeCode = z.infer<typeof insurancePolicyTypeCode>;

export const insuranceAddress = z.object({
  streetAddressLn1: z.string().nullable(),
  streetAddressLn2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});

export const insurancePolicy = z.object({
  id: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD or null. */
  validFrom: z.string().nullable(),
  validThrough: z.string().nullable(),
  dateTerminated: z.string().nullable(),
  title: z.string().nullable(),
  memberNumber: z.string().nullable(),
  groupName: z.string().nullable(),
  coInsurance: z.string().nullable(),
  coPayment: z.string().nullable(),
  deductible: z.string().nullable(),
  insuranceCompany: z.object({ name: z.string() }),
  insurancePolicyType: z.object({ code: insurancePolicyTypeCode, description: z.string() }),
  relationshipToResponsiblePerson: insuranceRelationship.nullable(),
  responsibleFirstName: z.string().nullable(),
  responsibleMiddleName: z.string().nullable(),
  responsibleLastName: z.string().nullable(),
  responsibleDateOfBirth: z.string().nullable(),
  responsibleGender: z.string().nullable(),
  responsiblePhone: z.string().nullable(),
  responsibleOtherContact: z.string().nullable(),
  addressInformation: insuranceAddress.nullable(),
});
export type InsurancePolicy = z.infer<typeof insurancePolicy>;

export const insuranceProfile = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  active: z.boolean(),
  /** Sorted by order. */
  insurancePolicies: z.array(insurancePolicy),
});
export type InsuranceProfile = z.infer<typeof insuranceProfile>;

export const patientInsuranceResponse = z.object({
  activePatientInsuranceProfiles: z.array(insuranceProfile),
  inactivePatientInsuranceProfiles: z.array(insuranceProfile),
});
export type PatientInsuranceResponse = z.infer<typeof patientInsuranceResponse>;

/** A policy is expired when its validThrough day is before today (local day, YYYY-MM-DD compare). */
export function isPolicyExpired(policy: Pick<InsurancePolicy, 'validThrough'>, today: string): boolean {
  return policy.validThrough !== null && policy.validThrough < today;
}

// --- Integration API: PUT /api/integration/patients/{externalId}/insurance-profiles/{profileExternalId} ---

const isoDate = safeString.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the format YYYY-MM-DD.' });
const optionalText = (max: number) => safeString.trim().max(max).nullable().optional();

export const upsertInsurancePolicyRequest = z.object({
  /** The clinic's own id of the policy: policies are matched by it inside the profile. */
  externalId: safeString.trim().min(1).max(64),
  order: int32.min(1).max(1000),
  name: safeString.trim().min(1).max(200),
  validFrom: isoDate.nullable().optional(),
  validThrough: isoDate.nullable().optional(),
  dateTerminated: isoDate.nullable().optional(),
  title: optionalText(200),
  memberNumber: optionalText(100),
  groupName: optionalText(200),
  coInsurance: optionalText(50),
  coPayment: optionalText(50),
  deductible: optionalText(50),
  insuranceCompanyName: safeString.trim().min(1).max(200),
  policyType: insurancePolicyTypeCode.default('UNDEFINED'),
  relationshipToResponsiblePerson: insuranceRelationship.nullable().optional(),
  responsibleFirstName: optionalText(100),
  responsibleMiddleName: optionalText(100),
  responsibleLastName: optionalText(100),
  responsibleDateOfBirth: isoDate.nullable().optional(),
  responsibleGender: optionalText(20),
  responsiblePhone: optionalText(40),
  responsibleOtherContact: optionalText(255),
  address: z
    .object({
      streetAddressLn1: optionalText(200),
      streetAddressLn2: optionalText(200),
      city: optionalText(100),
      state: optionalText(50),
      zip: optionalText(20),
      country: optionalText(50),
    })
    .nullable()
    .optional(),
});
export type UpsertInsurancePolicyRequest = z.infer<typeof upsertInsurancePolicyRequest>;

export const upsertInsuranceProfileRequest = z.object({
  name: optionalText(200),
  active: z.boolean().default(true),
  /** The complete set: policies of the profile not listed are removed. */
  policies: z.array(upsertInsurancePolicyRequest).max(50),
});
export type UpsertInsuranceProfileRequest = z.infer<typeof upsertInsuranceProfileRequest>;

export const insuranceProfileExternalIdParams = z.object({
  externalId: safeString.trim().min(1).max(64),
  profileExternalId: safeString.trim().min(1).max(64),
});

export const upsertInsuranceProfileResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  created: z.boolean(),
  policies: z.number().int(),
});

/** The insurance calls: the patient reads, the clinic writes. */
export const insuranceCalls = {
  /** Spec 001 §7: the active and past insurance of the patient viewed. */
  getActiveProfile: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/insurance/getActivePatientInsuranceProfile/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: patientInsuranceResponse,
  }),
  upsertProfile: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/patients/:externalId/insurance-profiles/:profileExternalId`,
    who: who.apiKey,
    summary: 'Create or replace an insurance profile of a patient with its complete set of policies',
    description:
      'Idempotent by the clinic’s own ids: the profile by profileExternalId, each policy by its externalId. Policies of the profile not listed are removed.',
    params: insuranceProfileExternalIdParams,
    body: upsertInsuranceProfileRequest,
    response: upsertInsuranceProfileResponse,
    answers: {
      201: upsertInsuranceProfileResponse,
      400: errorResponse,
      401: errorResponse,
      404: errorResponse,
    },
  }),
};
