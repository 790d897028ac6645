/**
 * What a health app's access token grants, as the FHIR API needs it. The authorization server makes
 * it from a token on every request (re-checking the portal's patient-access rule, so a deactivated
 * account, patient or responsible-person link ends access at once); the FHIR API only reads it.
 */
import type { FastifyRequest } from 'fastify';

export interface FhirGrant {
  practiceId: number;
  /** The patient whose record the app was granted, checked through the access rule on this request. */
  patientId: number;
  /** The portal account that approved the app: the patient or one of their responsible persons. */
  userId: number;
  clientId: string;
  /** The app's name as registered, for the patient's activity log. */
  clientName: string;
  /** Scopes as granted, e.g. `patient/Observation.rs?category=laboratory`, `patient/*.read`, `openid`. */
  scopes: readonly string[];
}

/** Reads the bearer token of a FHIR request; throws `FhirAuthError` when it grants nothing. */
export type FhirGrantResolver = (request: FastifyRequest) => Promise<FhirGrant>;

export class FhirAuthError extends Error {
  constructor(
    /** 401: no token, or it is unknown, expired or revoked. 403: it holds no longer for this patient. */
    readonly status: 401 | 403,
    /** The RFC 6750 error code for `WWW-Authenticate`. */
    readonly code: 'invalid_token' | 'insufficient_scope',
    message: string,
  ) {
    super(message);
    this.name = 'FhirAuthError';
  }
}
