/**
 * FHIR errors as OperationOutcome resources. Every refusal under the FHIR base answers one, with the
 * HTTP status a FHIR client expects (FHIR R4 http.html): a health app must never be handed the web
 * page or the portal's own error shape.
 */
import type { FhirResource } from './fhir-resource';

/** The IssueType codes we answer (http://hl7.org/fhir/issue-type). */
export type IssueCode =
  | 'invalid'
  | 'value'
  | 'not-supported'
  | 'not-found'
  | 'login'
  | 'forbidden'
  | 'suppressed'
  | 'processing'
  | 'transient'
  | 'exception';

export class FhirError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 406 | 410 | 413 | 415 | 422 | 503,
    readonly issue: IssueCode,
    /** Said to the app's developer; never holds data of the record. */
    readonly diagnostics: string,
  ) {
    super(diagnostics);
    this.name = 'FhirError';
  }
}

export const notFound = (what: string) =>
  new FhirError(404, 'not-found', `${what} is not known to this server`);
export const badParameter = (diagnostics: string) => new FhirError(400, 'invalid', diagnostics);
export const forbidden = (diagnostics: string) => new FhirError(403, 'forbidden', diagnostics);

export function operationOutcome(
  issue: IssueCode,
  diagnostics: string,
  severity: 'error' | 'fatal' | 'information' = 'error',
): FhirResource {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code: issue, diagnostics }] };
}
