/**
 * Consents of a visit and their signing (spec 002 §2 consent signing modal, §3 Consent, §4 consent
 * signing, §5 consent rule, §7 consent/getUnsigned, consent/getById, consent/update).
 * Decision 101: a consent is PENDING until its PATIENT_OR_LEGAL_GUARDIAN cosigner signs; the
 * server then stores an evidence record and answers SIGNED; a clinic may waive it (IGNORED). A signed
 * consent never changes again.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { externalIdParams } from './integration';
import { entityId, safeString } from './rules';

export const consentStatus = z.enum(['PENDING', 'SIGNED', 'IGNORED']);
export type ConsentStatus = z.infer<typeof consentStatus>;

/** EVERY_VISIT: each visit's consent is signed; ONE_TIME: signed once per patient (decision 101). */
export const consentFrequency = z.enum(['EVERY_VISIT', 'ONE_TIME']);
export type ConsentFrequency = z.infer<typeof consentFrequency>;

export const consentCosignerType = z.enum(['PATIENT_OR_LEGAL_GUARDIAN']);

/** Spec §9: the signature canvas (1080x524, shown at 540x262, pen width 2, black, PNG). */
export const signatureCanvas = {
  width: 1080,
  height: 524,
  displayWidth: 540,
  displayHeight: 262,
  penWidth: 2,
} as const;
/** Spec §5: the web strips this 22-character prefix before sending; the server also accepts it. */
export const signatureDataUrlPrefix = 'data:image/png;base64,';
/** Decoded PNG bytes a signature may have (a drawn 1080x524 signature is typically 10-60 kB). */
export const signatureMaxBytes = 512 * 1024;
/** Base64 characters for signatureMaxBytes, plus the optional prefix. */
const signatureMaxChars = Math.ceil(signatureMaxBytes / 3) * 4 + signatureDataUrlPrefix.length;
/** Largest width or height a signature image may declare. */
export const signatureMaxDimension = 4096;

export const consentProfileInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** Starts at 1 and grows whenever the clinic changes the title or text: the version a signature covers. */
  version: z.number().int(),
  frequencyOfSigning: consentFrequency,
  /** Spec §3: present when frequencyOfSigning is ONE_TIME. */
  patientId: z.number().int().optional(),
});
export type ConsentProfileInfo = z.infer<typeof consentProfileInfo>;

export const consentSigner = z.object({
  /** PATIENT when the patient signed for themself, RESPONSIBLE_PERSON when someone acting for them did. */
  kind: z.enum(['PATIENT', 'RESPONSIBLE_PERSON']),
  firstName: z.string(),
  lastName: z.string(),
});

export const consentCosigner = z.object({
  type: consentCosignerType,
  /** Base64 PNG without the data-URL prefix; null while unsigned. */
  signature: z.string().nullable(),
  /** When it was signed (ISO 8601), null while unsigned. */
  dateSigned: z.string().nullable().optional(),
  signer: consentSigner.nullable().optional(),
});
export type ConsentCosigner = z.infer<typeof consentCosigner>;

export const consent = z.object({
  id: z.number().int(),
  encounterId: z.number().int(),
  patientId: z.number().int(),
  title: z.string(),
  consentProfileInfo,
  status: consentStatus,
  /** ISO 8601 with Z. */
  dateModified: z.string(),
  cosigners: z.array(consentCosigner),
});
export type Consent = z.infer<typeof consent>;

/** True when the consent still waits for the patient's (or responsible person's) signature. */
export function isConsentUnsigned(value: Consent): boolean {
  return (
    value.status === 'PENDING' &&
    !value.cosigners.some((c) => c.type === 'PATIENT_OR_LEGAL_GUARDIAN' && c.signature)
  );
}

/** POST consent/getUnsigned {encounterId}: the visit's consents that still wait for a signature. */
export const getUnsignedConsentsRequest = z.object({ encounterId: entityId });
export const unsignedConsentsResponse = z.object({ consents: z.array(consent) });

/** POST consent/getById {consentId, encounterId} (spec §4: detail fetches need both ids). */
export const getConsentByIdRequest = z.object({ consentId: entityId, encounterId: entityId });
export const getConsentByIdResponse = consent;

/** The signature as the web sends it: base64 PNG, the data-URL prefix stripped (or left on). */
export const signatureRule = safeString
  .max(signatureMaxChars, { message: 'consent.error.signatureTooLarge' })
  .transform((value) =>
    value.startsWith(signatureDataUrlPrefix) ? value.slice(signatureDataUrlPrefix.length) : value,
  )
  .refine((value) => value.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0, {
    message: 'consent.error.signatureNotPng',
  });

/**
 * POST consent/update {consent}: the whole consent as the client holds it (spec §4), with status
 * PENDING and the signature on the PATIENT_OR_LEGAL_GUARDIAN cosigner. The server keeps only the
 * signature from it: id and encounterId name the consent, consentProfileInfo.version must be the
 * version stored (the text the patient read), and everything else is the server's. Answers the
 * consent as stored (status SIGNED).
 */
export const updateConsentRequest = z.object({
  consent: z.object({
    id: entityId,
    encounterId: entityId,
    patientId: entityId.optional(),
    title: safeString.max(500).optional(),
    consentProfileInfo: z.object({
      id: entityId.optional(),
      title: safeString.max(500).optional(),
      text: safeString.max(100_000).optional(),
      version: entityId,
      frequencyOfSigning: consentFrequency.optional(),
      patientId: entityId.optional(),
    }),
    status: z.enum(['PENDING', 'SIGNED'], { message: 'consent.error.status' }),
    dateModified: safeString.max(64).optional(),
    cosigners: z
      .array(
        z.object({
          type: consentCosignerType,
          signature: signatureRule.nullable(),
        }),
      )
      .min(1)
      .max(5),
  }),
});
export type UpdateConsentRequest = z.input<typeof updateConsentRequest>;
export const updateConsentResponse = consent;

// Integration API (clinic side) ----------------------------------------------------------------

/** PUT /api/integration/consent-profiles/{externalId}: a consent form of the practice. */
export const upsertConsentProfileRequest = z.object({
  title: safeString.trim().min(1).max(500),
  text: safeString.trim().min(1).max(100_000),
  frequencyOfSigning: consentFrequency.default('EVERY_VISIT'),
});
export const upsertConsentProfileResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  version: z.number().int(),
  created: z.boolean(),
});

/** One consent of a visit in the encounter upsert, by the clinic's own consent id. */
export const encounterConsentInput = z.object({
  externalId: safeString.trim().min(1).max(64),
  consentProfileExternalId: safeString.trim().min(1).max(64),
  /** IGNORED waives it; a signed consent cannot be changed (409). */
  status: z.enum(['PENDING', 'IGNORED']).default('PENDING'),
});

/** The evidence a practice can show in a dispute (decision 101), as the clinic reads it back. */
export const consentEvidence = z.object({
  consentExternalId: z.string(),
  encounterExternalId: z.string(),
  patientExternalId: z.string(),
  consentProfileExternalId: z.string(),
  /** The version, title and text exactly as signed. */
  profileVersion: z.number().int(),
  title: z.string(),
  text: z.string(),
  frequencyOfSigning: consentFrequency,
  /** The signature image, base64 PNG (no prefix). */
  signaturePng: z.string(),
  signer: z.object({
    kind: z.enum(['PATIENT', 'RESPONSIBLE_PERSON']),
    firstName: z.string(),
    lastName: z.string(),
    /** The signer's patient record at the clinic (the responsible person's own, when acting). */
    patientExternalId: z.string().nullable(),
    /** The signing account's username. */
    username: z.string(),
  }),
  signedAt: z.string(),
  ipAddress: z.string(),
  userAgent: z.string().nullable(),
  /** Hex SHA-256 over the UTF-8 text, one 0x00 byte, then the PNG bytes (decision 101). */
  sha256: z.string(),
});
export type ConsentEvidence = z.infer<typeof consentEvidence>;

export const integrationConsent = z.object({
  externalId: z.string(),
  encounterExternalId: z.string(),
  consentProfileExternalId: z.string(),
  status: consentStatus,
  /** Present once signed (here or, for ONE_TIME, at an earlier visit: then it is that visit's evidence). */
  evidence: consentEvidence.nullable(),
});
export const integrationConsentsResponse = z.object({ consents: z.array(integrationConsent) });

const consentFailures = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const consentIntegrationFailures = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * The consent calls (spec 002 §7). The patient's name a consent or an encounter, not a patient: the
 * guard runs the access rule on its patient, and an unknown id is refused like a stranger's (403).
 */
export const consentsCalls = {
  getUnsigned: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/consent/getUnsigned`,
    who: who.patientOf('encounter', 'body', 'encounterId'),
    body: getUnsignedConsentsRequest,
    response: unsignedConsentsResponse,
    answers: consentFailures,
  }),
  getById: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/consent/getById`,
    who: who.patientOf('consent', 'body', 'consentId'),
    body: getConsentByIdRequest,
    response: getConsentByIdResponse,
    answers: consentFailures,
  }),
  /** Signs: the responsible person acting is recorded as the signer. */
  update: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/consent/update`,
    who: who.patientOf('consent', 'body', 'consent.id'),
    body: updateConsentRequest,
    response: updateConsentResponse,
    answers: consentFailures,
  }),
  upsertProfile: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/consent-profiles/:externalId`,
    who: who.apiKey,
    summary: 'Create or update a consent form; a changed title or text becomes a new version',
    params: externalIdParams,
    body: upsertConsentProfileRequest,
    response: upsertConsentProfileResponse,
    answers: { 201: upsertConsentProfileResponse, ...consentIntegrationFailures },
  }),
  ofEncounter: describeCall({
    method: 'GET',
    path: `${apiPrefix.integration}/encounters/:externalId/consents`,
    who: who.apiKey,
    summary: 'The consents of an encounter, with the signature evidence of those signed',
    params: externalIdParams,
    response: integrationConsentsResponse,
    answers: consentIntegrationFailures,
  }),
  ofPatient: describeCall({
    method: 'GET',
    path: `${apiPrefix.integration}/patients/:externalId/consents`,
    who: who.apiKey,
    summary: 'Every consent of a patient, with the signature evidence of those signed',
    params: externalIdParams,
    response: integrationConsentsResponse,
    answers: consentIntegrationFailures,
  }),
};
