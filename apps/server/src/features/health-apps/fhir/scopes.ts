/**
 * SMART App Launch scopes, as the FHIR API enforces them (SMART 2.x "Scopes and launch context"):
 * v1 `patient/Observation.read` (read and search) and v2 `patient/Observation.rs`, with `*` for every
 * type and, in v2, a granular query (`?category=system|code`) narrowing what the scope covers.
 *
 * Only `patient/` scopes give data: this API serves one patient's record, and `user/` or `system/`
 * scopes are never granted by the portal's authorization server. A v2 query on any parameter other
 * than `category` grants nothing (never more than was meant).
 */

export type Interaction = 'read' | 'search';

export interface ResourceScope {
  /** A resource type, or `*`. */
  type: string;
  read: boolean;
  search: boolean;
  /** The v2 granular query's category tokens (`system|code` or a bare code); null when unrestricted. */
  categories: CategoryToken[] | null;
}

export interface CategoryToken {
  system: string | null;
  code: string;
}

/** A resource's categories, for a granular scope to match. */
export type CategoryOf<R> = (resource: R) => { system?: string; code?: string }[];

const scopePattern = /^patient\/(\*|[A-Z][A-Za-z]+)\.(read|write|\*|c?r?u?d?s?)(?:\?(.+))?$/;

/** The scopes of a grant that concern resources; anything else (openid, launch/patient, …) is ignored. */
export function parseScopes(scopes: readonly string[]): ResourceScope[] {
  const parsed: ResourceScope[] = [];
  for (const scope of scopes) {
    const match = scopePattern.exec(scope);
    if (!match) continue;
    const [, type = '', permissions = '', query] = match;
    if (permissions === '') continue;
    const v1 = permissions === 'read' || permissions === 'write' || permissions === '*';
    // A v1 `.read` means read and search; a v2 scope says each letter itself.
    const read = v1 ? permissions !== 'write' : permissions.includes('r');
    const search = v1 ? permissions !== 'write' : permissions.includes('s');
    if (!read && !search) continue;
    let categories: CategoryToken[] | null = null;
    if (query !== undefined) {
      if (v1) continue;
      const tokens = categoryQuery(query);
      if (!tokens) continue;
      categories = tokens;
    }
    parsed.push({ type, read, search, categories });
  }
  return parsed;
}

/** `category=a|b` (one parameter, comma for "or"); null for any other query, which grants nothing. */
function categoryQuery(query: string): CategoryToken[] | null {
  const params = new URLSearchParams(query);
  const keys = [...params.keys()];
  if (keys.length !== 1 || keys[0] !== 'category') return null;
  const value = params.get('category') ?? '';
  const tokens = value.split(',').map((part): CategoryToken | null => {
    const bar = part.indexOf('|');
    const system = bar < 0 ? null : part.slice(0, bar);
    const code = bar < 0 ? part : part.slice(bar + 1);
    return code === '' ? null : { system: system === '' ? null : system, code };
  });
  return tokens.some((t) => t === null) ? null : (tokens as CategoryToken[]);
}

/** The scopes that give `interaction` on `type`. */
export function scopesFor(scopes: readonly ResourceScope[], type: string, interaction: Interaction) {
  return scopes.filter((s) => (s.type === '*' || s.type === type) && s[interaction]);
}

/** Whether `resource` of `type` is covered by one of the scopes giving `interaction` on it. */
export function allows<R>(
  scopes: readonly ResourceScope[],
  type: string,
  interaction: Interaction,
  resource: R,
  categoryOf: CategoryOf<R>,
): boolean {
  return scopesFor(scopes, type, interaction).some(
    (scope) => scope.categories === null || matchesCategory(scope.categories, categoryOf(resource)),
  );
}

function matchesCategory(tokens: readonly CategoryToken[], codings: { system?: string; code?: string }[]) {
  return tokens.some((token) =>
    codings.some((c) => c.code === token.code && (token.system === null || c.system === token.system)),
  );
}
