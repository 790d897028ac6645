/**
 * The search parameters this API answers, per resource type: those US Core 6.1.0 marks SHALL (alone
 * or in a SHALL combination) for the types Dermis holds, plus a few it marks SHOULD that cost nothing.
 * Each says how to read its values from a resource; search.ts matches them. The CapabilityStatement
 * is written from this table, so it can never claim a parameter that does not work.
 */
import type { FhirResource } from './fhir-resource';

export type ParamType = 'token' | 'reference' | 'date' | 'string';

export interface Token {
  system?: string;
  code?: string;
}

export interface DateRange {
  /** Inclusive instants in milliseconds. */
  start: number;
  end: number;
}

export interface SearchParam {
  name: string;
  type: ParamType;
  documentation?: string;
  tokens?: (r: FhirResource) => Token[];
  references?: (r: FhirResource) => string[];
  dates?: (r: FhirResource) => DateRange[];
  strings?: (r: FhirResource) => string[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const codings = (concept: unknown): Token[] => list(obj(concept).coding).map((c) => obj(c) as Token);
const concepts = (v: unknown): Token[] => list(v).flatMap(codings);
const refs = (v: unknown): string[] =>
  list(v)
    .map((r) => obj(r).reference)
    .filter((r): r is string => typeof r === 'string');
const code = (v: unknown): Token[] => (typeof v === 'string' ? [{ code: v }] : []);

/** A FHIR date, dateTime or instant as the range of instants it covers. */
export function rangeOf(value: string): DateRange | null {
  const m =
    /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/.exec(
      value,
    );
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  if (h !== undefined) {
    if (zone === undefined) return null;
    const t = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${frac ?? ''}${zone}`);
    if (Number.isNaN(t)) return null;
    const width = s === undefined ? 60_000 : frac === undefined ? 1000 : 1;
    return { start: t, end: t + width - 1 };
  }
  const year = Number(y);
  const month = mo === undefined ? null : Number(mo);
  const dayOf = d === undefined ? null : Number(d);
  if (month !== null && (month < 1 || month > 12)) return null;
  const start = Date.UTC(year, (month ?? 1) - 1, dayOf ?? 1);
  if (dayOf !== null && new Date(start).getUTCDate() !== dayOf) return null;
  const end =
    dayOf !== null
      ? Date.UTC(year, month! - 1, dayOf + 1)
      : month !== null
        ? Date.UTC(year, month, 1)
        : Date.UTC(year + 1, 0, 1);
  return { start, end: end - 1 };
}

const dateOf = (v: unknown): DateRange[] => {
  if (typeof v === 'string') {
    const r = rangeOf(v);
    return r ? [r] : [];
  }
  const period = obj(v);
  if (period.start === undefined && period.end === undefined) return [];
  const start = typeof period.start === 'string' ? rangeOf(period.start)?.start : undefined;
  const end = typeof period.end === 'string' ? rangeOf(period.end)?.end : undefined;
  return [{ start: start ?? Number.NEGATIVE_INFINITY, end: end ?? Number.POSITIVE_INFINITY }];
};

const humanNames = (v: unknown): string[] =>
  list(v).flatMap((n) => {
    const name = obj(n);
    return [name.text, name.family, ...list(name.given), ...list(name.prefix), ...list(name.suffix)].filter(
      (s): s is string => typeof s === 'string',
    );
  });

const addressStrings = (v: unknown): string[] =>
  list(v).flatMap((a) => {
    const addr = obj(a);
    return [...list(addr.line), addr.city, addr.state, addr.postalCode, addr.country, addr.text].filter(
      (s): s is string => typeof s === 'string',
    );
  });

const identifiers = (v: unknown): Token[] =>
  list(v).map((i) => {
    const id = obj(i);
    return { system: id.system as string | undefined, code: id.value as string | undefined };
  });

const patient = (field: string): SearchParam => ({
  name: 'patient',
  type: 'reference',
  references: (r) => refs(r[field]),
});

const clinicalStatus: SearchParam = {
  name: 'clinical-status',
  type: 'token',
  tokens: (r) => codings(r.clinicalStatus),
};

export const searchParams: Readonly<Record<string, SearchParam[]>> = {
  Patient: [
    { name: 'identifier', type: 'token', tokens: (r) => identifiers(r.identifier) },
    { name: 'name', type: 'string', strings: (r) => humanNames(r.name) },
    {
      name: 'family',
      type: 'string',
      strings: (r) =>
        list(r.name)
          .map((n) => obj(n).family as string)
          .filter(Boolean),
    },
    {
      name: 'given',
      type: 'string',
      strings: (r) => list(r.name).flatMap((n) => list(obj(n).given) as string[]),
    },
    { name: 'birthdate', type: 'date', dates: (r) => dateOf(r.birthDate) },
    { name: 'gender', type: 'token', tokens: (r) => code(r.gender) },
  ],
  AllergyIntolerance: [patient('patient'), clinicalStatus],
  Condition: [
    patient('subject'),
    { name: 'category', type: 'token', tokens: (r) => concepts(r.category) },
    clinicalStatus,
    { name: 'code', type: 'token', tokens: (r) => codings(r.code) },
    { name: 'recorded-date', type: 'date', dates: (r) => dateOf(r.recordedDate) },
    { name: 'onset-date', type: 'date', dates: (r) => dateOf(r.onsetDateTime ?? r.onsetPeriod) },
  ],
  MedicationRequest: [
    patient('subject'),
    { name: 'intent', type: 'token', tokens: (r) => code(r.intent) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
    { name: 'authoredon', type: 'date', dates: (r) => dateOf(r.authoredOn) },
  ],
  Observation: [
    patient('subject'),
    { name: 'category', type: 'token', tokens: (r) => concepts(r.category) },
    { name: 'code', type: 'token', tokens: (r) => codings(r.code) },
    { name: 'date', type: 'date', dates: (r) => dateOf(r.effectiveDateTime ?? r.effectivePeriod) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
  ],
  DiagnosticReport: [
    patient('subject'),
    { name: 'category', type: 'token', tokens: (r) => concepts(r.category) },
    { name: 'code', type: 'token', tokens: (r) => codings(r.code) },
    { name: 'date', type: 'date', dates: (r) => dateOf(r.effectiveDateTime ?? r.effectivePeriod) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
  ],
  Immunization: [
    patient('patient'),
    { name: 'date', type: 'date', dates: (r) => dateOf(r.occurrenceDateTime) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
  ],
  CarePlan: [
    patient('subject'),
    { name: 'category', type: 'token', tokens: (r) => concepts(r.category) },
    { name: 'date', type: 'date', dates: (r) => dateOf(r.period) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
  ],
  Goal: [
    patient('subject'),
    { name: 'lifecycle-status', type: 'token', tokens: (r) => code(r.lifecycleStatus) },
    {
      name: 'target-date',
      type: 'date',
      dates: (r) => list(r.target).flatMap((t) => dateOf(obj(t).dueDate)),
    },
  ],
  Procedure: [
    patient('subject'),
    { name: 'date', type: 'date', dates: (r) => dateOf(r.performedDateTime ?? r.performedPeriod) },
    { name: 'code', type: 'token', tokens: (r) => codings(r.code) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
  ],
  FamilyMemberHistory: [
    patient('patient'),
    { name: 'relationship', type: 'token', tokens: (r) => codings(r.relationship) },
    { name: 'code', type: 'token', tokens: (r) => list(r.condition).flatMap((c) => codings(obj(c).code)) },
  ],
  Encounter: [
    patient('subject'),
    { name: 'date', type: 'date', dates: (r) => dateOf(r.period) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
    { name: 'class', type: 'token', tokens: (r) => list(r.class).map((c) => obj(c) as Token) },
    { name: 'type', type: 'token', tokens: (r) => concepts(r.type) },
    { name: 'identifier', type: 'token', tokens: (r) => identifiers(r.identifier) },
  ],
  CareTeam: [patient('subject'), { name: 'status', type: 'token', tokens: (r) => code(r.status) }],
  Coverage: [patient('beneficiary')],
  DocumentReference: [
    patient('subject'),
    { name: 'category', type: 'token', tokens: (r) => concepts(r.category) },
    { name: 'type', type: 'token', tokens: (r) => codings(r.type) },
    { name: 'date', type: 'date', dates: (r) => dateOf(r.date) },
    { name: 'status', type: 'token', tokens: (r) => code(r.status) },
  ],
  Practitioner: [
    { name: 'name', type: 'string', strings: (r) => humanNames(r.name) },
    { name: 'identifier', type: 'token', tokens: (r) => identifiers(r.identifier) },
  ],
  PractitionerRole: [
    { name: 'specialty', type: 'token', tokens: (r) => concepts(r.specialty) },
    { name: 'practitioner', type: 'reference', references: (r) => refs(r.practitioner) },
  ],
  Organization: [
    {
      name: 'name',
      type: 'string',
      strings: (r) => [r.name].filter((s): s is string => typeof s === 'string'),
    },
    { name: 'address', type: 'string', strings: (r) => addressStrings(r.address) },
  ],
  Location: [
    {
      name: 'name',
      type: 'string',
      strings: (r) => [r.name].filter((s): s is string => typeof s === 'string'),
    },
    { name: 'address', type: 'string', strings: (r) => addressStrings(r.address) },
  ],
  Provenance: [{ name: 'target', type: 'reference', references: (r) => refs(r.target) }],
};

/** The types an app can read; Binary is read only (its DocumentReference points at it). */
export const readableTypes = [...Object.keys(searchParams), 'Binary'] as const;

/**
 * The search parameters of a type the API serves, or undefined. The type comes from the URL, so
 * inherited keys (`__proto__`, `constructor`) must not count as types.
 */
export function searchParamsOf(type: string): readonly SearchParam[] | undefined {
  return Object.hasOwn(searchParams, type) ? searchParams[type] : undefined;
}

/** Types whose resources all belong to the patient (the `patient` parameter applies). */
export function hasPatientParam(type: string): boolean {
  return (searchParamsOf(type) ?? []).some((p) => p.name === 'patient');
}

/** The types a Provenance can target, for `_revinclude=Provenance:target`. */
export const revIncludeTypes = Object.keys(searchParams).filter((t) => t !== 'Provenance');

/** The categories a granular scope filters on (SMART v2 `?category=`). */
export function categoriesOf(resource: FhirResource): Token[] {
  return concepts(resource.category).concat(
    resource.resourceType === 'AllergyIntolerance' ? list(resource.category).flatMap(code) : [],
  );
}
