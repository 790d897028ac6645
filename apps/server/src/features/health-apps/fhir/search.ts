/**
 * Search-type interaction: the request's parameters checked against search-params.ts (an unknown
 * parameter, modifier or prefix, or a value that cannot be read, is a 400 rather than silently
 * ignored, so an app never takes a wider answer for a narrower one), then matched in memory over
 * the resources of the one patient the token grants (decision 211).
 */
import { badParameter, forbidden } from './outcome';
import type { FhirResource } from './fhir-resource';
import { rangeOf, searchParamsOf, type DateRange, type SearchParam, type Token } from './search-params';

export type Query = Record<string, string | string[] | undefined>;

export interface SearchRequest {
  filters: ((r: FhirResource) => boolean)[];
  count: number;
  offset: number;
  revIncludeProvenance: boolean;
  /** The parameters as given, without paging: the self and next links repeat them. */
  echo: [string, string][];
}

export const defaultCount = 50;
export const maxCount = 1000;

const ignored = new Set(['_format', '_pretty']);
const unsupported = new Set([
  '_sort',
  '_include',
  '_summary',
  '_elements',
  '_contained',
  '_has',
  '_list',
  '_text',
  '_content',
  '_filter',
  '_query',
  '_total',
  '_since',
  '_lastUpdated',
  '_tag',
  '_profile',
  '_security',
  '_source',
  '_type',
]);

/** `patientRef` is `Patient/<id>`: a `patient=` naming anyone else is refused (403). */
export function parseSearch(type: string, query: Query, patientRef: string): SearchRequest {
  const params = searchParamsOf(type);
  if (!params) throw badParameter(`${type} cannot be searched`);
  const request: SearchRequest = {
    filters: [],
    count: defaultCount,
    offset: 0,
    revIncludeProvenance: false,
    echo: [],
  };
  for (const [key, raw] of Object.entries(query)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    for (const value of values) {
      if (key === '_cursor') {
        request.offset = parseCursor(value);
        continue;
      }
      request.echo.push([key, value]);
      if (ignored.has(key)) {
        if (key === '_format' && !/^(json|application\/(fhir\+)?json)$/.test(value))
          throw badParameter('_format: this server answers JSON only');
        continue;
      }
      if (key === '_count') {
        if (!/^\d{1,7}$/.test(value) || Number(value) < 1)
          throw badParameter('_count must be a whole number from 1');
        request.count = Math.min(Number(value), maxCount);
        continue;
      }
      if (key === '_revinclude') {
        if (value !== 'Provenance:target')
          throw badParameter(`_revinclude: only Provenance:target is supported`);
        request.revIncludeProvenance = true;
        continue;
      }
      if (unsupported.has(key)) throw badParameter(`${key} is not supported by this server`);
      const [name = '', modifier] = key.split(':', 2);
      if (value === '') throw badParameter(`${name}: the value is empty`);
      if (name === '_id') {
        if (modifier !== undefined) throw badParameter(`_id:${modifier} is not supported`);
        const ids = new Set(value.split(','));
        request.filters.push((r) => ids.has(r.id ?? ''));
        continue;
      }
      const param = params.find((p) => p.name === name);
      if (!param) throw badParameter(`${name} is not a search parameter of ${type} on this server`);
      request.filters.push(filterOf(param, modifier, value, patientRef));
    }
  }
  request.echo.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return request;
}

function filterOf(
  param: SearchParam,
  modifier: string | undefined,
  value: string,
  patientRef: string,
): (r: FhirResource) => boolean {
  const alternatives = value.split(',');
  switch (param.type) {
    case 'token': {
      if (modifier !== undefined) throw badParameter(`${param.name}:${modifier} is not supported`);
      const wanted = alternatives.map(tokenOf);
      return (r) => param.tokens!(r).some((t) => wanted.some((w) => tokenMatches(w, t)));
    }
    case 'reference': {
      if (modifier !== undefined && modifier !== 'Patient' && modifier !== 'Practitioner')
        throw badParameter(`${param.name}:${modifier} is not supported`);
      const wanted = alternatives.map((v) => referenceOf(param, modifier, v));
      if (param.name === 'patient' && wanted.some((w) => w !== patientRef))
        throw forbidden('patient: this token grants access to one patient only');
      return (r) => param.references!(r).some((ref) => wanted.includes(ref));
    }
    case 'date': {
      if (modifier !== undefined) throw badParameter(`${param.name}:${modifier} is not supported`);
      const tests = alternatives.map((v) => dateTest(param.name, v));
      return (r) => param.dates!(r).some((range) => tests.some((test) => test(range)));
    }
    case 'string': {
      if (modifier !== undefined && modifier !== 'exact' && modifier !== 'contains')
        throw badParameter(`${param.name}:${modifier} is not supported`);
      const wanted = alternatives.map((v) => (modifier === 'exact' ? v : fold(v)));
      return (r) =>
        param.strings!(r).some((s) =>
          wanted.some((w) =>
            modifier === 'exact'
              ? s === w
              : modifier === 'contains'
                ? fold(s).includes(w)
                : fold(s).startsWith(w),
          ),
        );
    }
  }
}

/** Case and accents do not matter to a string search (FHIR R4 search.html#string). */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokenOf(value: string): Token & { anySystem: boolean } {
  const bar = value.indexOf('|');
  if (bar < 0) return { code: value, anySystem: true };
  const system = value.slice(0, bar);
  const code = value.slice(bar + 1);
  if (system === '' && code === '') throw badParameter('a token needs a system or a code');
  return { ...(system ? { system } : {}), ...(code ? { code } : {}), anySystem: false };
}

function tokenMatches(wanted: Token & { anySystem: boolean }, actual: Token): boolean {
  if (wanted.code !== undefined && wanted.code !== actual.code) return false;
  if (wanted.anySystem) return true;
  // `|code` asks for a code without a system; `system|` for any code of the system.
  return wanted.system === undefined ? actual.system === undefined : wanted.system === actual.system;
}

function referenceOf(param: SearchParam, modifier: string | undefined, value: string): string {
  const target = param.name === 'patient' ? 'Patient' : param.name === 'practitioner' ? 'Practitioner' : null;
  const parts = value.split('/');
  const id = parts.at(-1) ?? '';
  const type = modifier ?? (parts.length >= 2 ? parts.at(-2) : target);
  if (!/^[A-Za-z0-9\-.]{1,64}$/.test(id) || (target && type !== target))
    throw badParameter(`${param.name}: not a reference this server can resolve`);
  return `${type}/${id}`;
}

function dateTest(name: string, value: string): (range: DateRange) => boolean {
  const match = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(.*)$/.exec(value);
  const prefix = match?.[1] ?? 'eq';
  const bound = rangeOf(match?.[2] ?? '');
  if (!bound) throw badParameter(`${name}: '${value.slice(0, 40)}' is not a FHIR date`);
  switch (prefix) {
    case 'eq':
      return (r) => r.start >= bound.start && r.end <= bound.end;
    case 'ge':
      return (r) => r.end >= bound.start;
    case 'le':
      return (r) => r.start <= bound.end;
    case 'gt':
      return (r) => r.end > bound.end;
    case 'lt':
      return (r) => r.start < bound.start;
    default:
      throw badParameter(`${name}: the prefix ${prefix} is not supported`);
  }
}

/** The cursor is the position of the page in the result, opaque to the app. */
export function cursorOf(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function parseCursor(value: string): number {
  const decoded = /^[A-Za-z0-9_-]{1,16}$/.test(value) ? Buffer.from(value, 'base64url').toString() : '';
  const m = /^o:(\d{1,9})$/.exec(decoded);
  if (!m) throw badParameter('_cursor: not a cursor this server gave');
  return Number(m[1]);
}
