/**
 * SMART App Launch scopes as the authorization server reads them: which resource types a request asks
 * for (so the patient can approve some of them), and the scopes granted once the patient chose. The
 * FHIR API enforces what a scope allows (fhir/scopes.ts); here only `patient/` scopes are grantable.
 */

/** The resource types the FHIR API serves, offered when an app asks for `patient/*`. */
export const smartResourceTypes = [
  'Patient',
  'AllergyIntolerance',
  'CareTeam',
  'Condition',
  'Coverage',
  'DocumentReference',
  'Encounter',
  'FamilyMemberHistory',
  'Location',
  'MedicationRequest',
  'Observation',
  'Organization',
  'Practitioner',
  'PractitionerRole',
  'Procedure',
  'Provenance',
] as const;

/** Scopes that are not about resources and that every app may be granted. */
export const contextScopes = ['openid', 'fhirUser', 'launch/patient', 'offline_access'] as const;

// v1 `read` (and `*`, read and write, of which only reading is ever served), v2 letters in c-r-u-d-s
// order; v2 may carry a granular query (`?category=…`).
const patientScope = /^patient\/(\*|[A-Z][A-Za-z]{1,63})\.(read|\*|c?r?u?d?s?)(\?[^\s?#]{1,500})?$/;

export interface PatientScope {
  scope: string;
  /** A resource type or `*`. */
  type: string;
  /** `.read`, `.rs`, …, with the query when there is one: what follows the type. */
  rest: string;
}

export function parsePatientScope(scope: string): PatientScope | null {
  const match = patientScope.exec(scope);
  if (!match || match[2] === '') return null;
  const [, type = '', permissions = '', query = ''] = match;
  if (query && (permissions === 'read' || permissions === '*')) return null;
  return { scope, type, rest: `.${permissions}${query}` };
}

/** Every patient scope an app may be allowed by default: all types, v1 and v2. */
export const allPatientScopes = ['patient/*.read', 'patient/*.rs'];

/**
 * Whether an app whose registration allows `allowed` may be granted `scope`. `patient/*.rs` allows any
 * `patient/<Type>.rs…` and `patient/<Type>.r` or `.s`, and its v1 twin `patient/*.read` likewise.
 */
export function scopeAllowed(allowed: readonly string[], scope: string): boolean {
  if ((contextScopes as readonly string[]).includes(scope)) return true;
  const wanted = parsePatientScope(scope);
  if (!wanted) return false;
  return allowed.some((entry) => {
    if (entry === scope) return true;
    const grant = parsePatientScope(entry);
    if (!grant || (grant.type !== '*' && grant.type !== wanted.type)) return false;
    const permissionsOf = (rest: string) => rest.slice(1).split('?')[0] ?? '';
    const has = permissionsOf(grant.rest);
    const asks = permissionsOf(wanted.rest);
    const readSearch = (p: string) => (p === 'read' || p === '*' ? 'rs' : p);
    const hasLetters = readSearch(has);
    const grantQuery = grant.rest.includes('?');
    if (grantQuery && grant.rest !== wanted.rest) return false;
    return [...readSearch(asks)].every((letter) => hasLetters.includes(letter));
  });
}

/** The resource types a request asks for, `*` expanded, in the FHIR API's order. */
export function requestedResourceTypes(scopes: readonly string[]): string[] {
  const types = new Set<string>();
  for (const scope of scopes) {
    const parsed = parsePatientScope(scope);
    if (!parsed) continue;
    if (parsed.type === '*') smartResourceTypes.forEach((type) => types.add(type));
    else types.add(parsed.type);
  }
  const known = smartResourceTypes.filter((type) => types.has(type));
  const others = [...types]
    .filter((type) => !(smartResourceTypes as readonly string[]).includes(type))
    .sort();
  return [...known, ...others];
}

/**
 * The requested scopes narrowed to the approved resource types: a scope for an approved type stays
 * as asked; a `*` scope stays whole when every type is approved, else becomes one scope per approved
 * type with the same permissions and query. Context scopes stay.
 */
export function narrowScopes(requested: readonly string[], approvedTypes: readonly string[]): string[] {
  const approved = new Set(approvedTypes);
  const everyType = smartResourceTypes.every((type) => approved.has(type));
  const granted: string[] = [];
  for (const scope of requested) {
    if ((contextScopes as readonly string[]).includes(scope)) {
      granted.push(scope);
      continue;
    }
    const parsed = parsePatientScope(scope);
    if (!parsed) continue;
    if (parsed.type !== '*') {
      if (approved.has(parsed.type)) granted.push(scope);
    } else if (everyType) {
      granted.push(scope);
    } else {
      for (const type of smartResourceTypes)
        if (approved.has(type)) granted.push(`patient/${type}${parsed.rest}`);
    }
  }
  return [...new Set(granted)];
}

/** The resource types a set of granted scopes covers (for the Connected apps list). */
export function grantedResourceTypes(scopes: readonly string[]): string[] {
  return requestedResourceTypes(scopes);
}
