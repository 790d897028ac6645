/**
 * The building blocks every C-CDA section writer shares: code systems, identifiers, templates,
 * clinical statements, narrative tables and the HL7 data types (names, addresses, telecoms, times).
 * Values only ever reach the document through xmlbuilder2's txt()/att(), which escape them.
 */
import { createHash } from 'node:crypto';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type {
  Coded,
  CodeSystem,
  PersonName,
  PostalAddress,
  Telecom,
} from '../../../lib/health-record/health-record';

export const HL7 = 'urn:hl7-org:v3';
export const SDTC = 'urn:hl7-org:sdtc';
export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

export type WrittenCodeSystem = Exclude<CodeSystem, 'MEDICATION_STATUS_REASON'>;

/** Code system OIDs (HL7 OID registry). MEDICATION_STATUS_REASON codes are written as text (OTH). */
export const codeSystemOid: Readonly<
  Record<WrittenCodeSystem | 'LOINC' | 'ACT_CODE' | 'ACT_CLASS' | 'GENDER' | 'CONFIDENTIALITY', string>
> = {
  SNOMED_CT: '2.16.840.1.113883.6.96',
  RXNORM: '2.16.840.1.113883.6.88',
  CDC_RACE_ETHNICITY: '2.16.840.1.113883.6.238',
  HL7_ROLE_CODE: '2.16.840.1.113883.5.111',
  HL7_MARITAL_STATUS: '2.16.840.1.113883.5.2',
  NUCC_TAXONOMY: '2.16.840.1.113883.6.101',
  // A local code system below the Dermis UUID arc (no standard code exists for these answers).
  LOCAL: '2.25.329800735698586629295641978511506172918',
  LOINC: '2.16.840.1.113883.6.1',
  ACT_CODE: '2.16.840.1.113883.5.4',
  ACT_CLASS: '2.16.840.1.113883.5.6',
  GENDER: '2.16.840.1.113883.5.1',
  CONFIDENTIALITY: '2.16.840.1.113883.5.25',
};

export const codeSystemName: Readonly<Record<string, string>> = {
  [codeSystemOid.SNOMED_CT]: 'SNOMED CT',
  [codeSystemOid.RXNORM]: 'RxNorm',
  [codeSystemOid.CDC_RACE_ETHNICITY]: 'CDC Race and Ethnicity',
  [codeSystemOid.HL7_ROLE_CODE]: 'HL7 RoleCode',
  [codeSystemOid.HL7_MARITAL_STATUS]: 'HL7 MaritalStatus',
  [codeSystemOid.NUCC_TAXONOMY]: 'NUCC Health Care Provider Taxonomy',
  [codeSystemOid.LOINC]: 'LOINC',
  [codeSystemOid.ACT_CODE]: 'HL7 ActCode',
  [codeSystemOid.ACT_CLASS]: 'HL7 ActClass',
  [codeSystemOid.GENDER]: 'HL7 AdministrativeGender',
};

export const NPI_ROOT = '2.16.840.1.113883.4.6';
export const R21 = '2015-08-01';
export const R20 = '2014-06-09';

// ---------------------------------------------------------------------------------------------
// Identifiers

/**
 * Stable UUIDs for the record's things: the same allergy has the same id in every document of the
 * practice. Name-based (SHA-1, RFC 9562 version 5 layout) under a Dermis namespace string.
 */
export class Ids {
  constructor(private readonly practiceId: number) {}
  of(kind: string, key: string | number): string {
    const hash = createHash('sha1').update(`dermis:practice:${this.practiceId}:${kind}:${key}`).digest();
    hash[6] = (hash[6]! & 0x0f) | 0x50;
    hash[8] = (hash[8]! & 0x3f) | 0x80;
    const hex = hash.subarray(0, 16).toString('hex').toUpperCase();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Sections

export interface SectionHead {
  code: string;
  display: string;
  title: string;
}

export function section(
  body: XMLBuilder,
  templates: string[],
  extension: string | null,
  head: SectionHead,
): XMLBuilder {
  const s = body.ele('component').ele('section');
  templateIds(s, templates, extension);
  code(s, 'code', { code: head.code, oid: codeSystemOid.LOINC, display: head.display });
  s.ele('title').txt(head.title);
  return s;
}

/** A section the CCD requires, with nothing in the record: the C-CDA R2.1 nullFlavor form. */
export function nullSection(
  body: XMLBuilder,
  templates: string[],
  extension: string | null,
  head: SectionHead,
): void {
  const s = body.ele('component').ele('section').att('nullFlavor', 'NI');
  templateIds(s, templates, extension);
  code(s, 'code', { code: head.code, oid: codeSystemOid.LOINC, display: head.display });
  s.ele('title').txt(head.title);
  s.ele('text').txt('No information');
}

/** A narrative table: the header row, and one row per entry whose first cell carries `id`. */
export function table(text: XMLBuilder, headings: string[]): XMLBuilder {
  const t = text.ele('table').att('border', '1').att('width', '100%');
  const tr = t.ele('thead').ele('tr');
  for (const h of headings) tr.ele('th').txt(h);
  return t.ele('tbody');
}

/** One column of a narrative table: its heading, the cell's text, and the ID of a cell entries point at. */
export interface Column<T> {
  heading: string;
  text: (item: T) => string | null;
  id?: (item: T) => string;
}

/**
 * The narrative table of a list section from its columns: one row per item, the cells an entry
 * references carrying their ID (so entry text and narrative say the same thing).
 */
export function listTable<T>(text: XMLBuilder, items: readonly T[], columns: readonly Column<T>[]): void {
  const tbody = table(
    text,
    columns.map((c) => c.heading),
  );
  for (const item of items) {
    const tr = tbody.ele('tr');
    for (const c of columns) cell(tr, c.text(item), c.id?.(item));
  }
}

export function cell(row: XMLBuilder, value: string | null, id?: string): XMLBuilder {
  const td = row.ele('td');
  if (id) td.att('ID', id);
  td.txt(value ?? '');
  return td;
}

// ---------------------------------------------------------------------------------------------
// Data types

/**
 * C-CDA R2.1 "compatible with R1.1": a versioned template is asserted twice, the R1.1 root alone and
 * the root with its R2.x extension (the Schematron's compatibility rule for a CCD).
 */
/**
 * A clinical statement (act, observation, procedure, …) in its C-CDA wrapper: `<entry>` directly
 * in a section, `<entryRelationship>` inside another statement. Events (moodCode EVN) unless told.
 */
export function statement(
  parent: XMLBuilder,
  wrapper: 'entry' | 'entryRelationship',
  typeCode: string,
  name: string,
  classCode: string,
  options: { moodCode?: string; negated?: boolean; inversion?: boolean } = {},
): XMLBuilder {
  const outer = parent.ele(wrapper).att('typeCode', typeCode);
  if (options.inversion) outer.att('inversionInd', 'true');
  const inner = outer
    .ele(name)
    .att('classCode', classCode)
    .att('moodCode', options.moodCode ?? 'EVN');
  if (options.negated) inner.att('negationInd', 'true');
  return inner;
}

export function templateIds(parent: XMLBuilder, roots: string[], extension: string | null): void {
  for (const root of roots) {
    parent.ele('templateId').att('root', root);
    if (extension) parent.ele('templateId').att('root', root).att('extension', extension);
  }
}

export interface OidCode {
  code: string;
  oid: string;
  display?: string;
}

export function oidCode(c: Coded): OidCode {
  if (c.system === 'MEDICATION_STATUS_REASON') throw new Error('medication status reasons have no OID here');
  return { code: c.code, oid: codeSystemOid[c.system], display: c.display };
}

export function code(parent: XMLBuilder, name: string, c: OidCode): XMLBuilder {
  const e = parent.ele(name).att('code', c.code).att('codeSystem', c.oid);
  const systemName = codeSystemName[c.oid];
  if (systemName) e.att('codeSystemName', systemName);
  if (c.display) e.att('displayName', c.display);
  return e;
}

/** A record code; a LOCAL code is written as nullFlavor OTH with the text (no standard code exists). */
export function coded(parent: XMLBuilder, name: string, c: Coded, reference?: string): XMLBuilder {
  const local = c.system === 'LOCAL' || c.system === 'MEDICATION_STATUS_REASON';
  const e = local ? parent.ele(name).att('nullFlavor', 'OTH') : code(parent, name, oidCode(c));
  if (reference) e.ele('originalText').ele('reference').att('value', reference);
  else if (local) e.ele('originalText').txt(c.display);
  return e;
}

export function cdValue(parent: XMLBuilder, c: OidCode, reference?: string): void {
  const v = parent.ele('value').att(XSI, 'xsi:type', 'CD').att('code', c.code).att('codeSystem', c.oid);
  const systemName = codeSystemName[c.oid];
  if (systemName) v.att('codeSystemName', systemName);
  if (c.display) v.att('displayName', c.display);
  if (reference) v.ele('originalText').ele('reference').att('value', reference);
}

export function raceCode(parent: XMLBuilder, name: string, codeValue: string, display: string): void {
  const e = name.startsWith('sdtc:') ? parent.ele(SDTC, name) : parent.ele(name);
  e.att('code', codeValue)
    .att('codeSystem', codeSystemOid.CDC_RACE_ETHNICITY)
    .att('codeSystemName', 'CDC Race and Ethnicity')
    .att('displayName', display);
}

export function personName(
  parent: XMLBuilder,
  name: PersonName,
  use: string | null,
  credential?: string | null,
): void {
  const n = parent.ele('name');
  if (use) n.att('use', use);
  if (name.prefix) n.ele('prefix').txt(name.prefix);
  for (const given of name.given) n.ele('given').txt(given);
  n.ele('family').txt(name.family);
  if (name.suffix) n.ele('suffix').txt(name.suffix);
  if (credential) n.ele('suffix').att('qualifier', 'AC').txt(credential);
}

export function fullName(name: PersonName): string {
  return [name.prefix, ...name.given, name.family, name.suffix].filter(Boolean).join(' ');
}

export function addresses(parent: XMLBuilder, list: PostalAddress[], use: string): void {
  if (list.length === 0) parent.ele('addr').att('nullFlavor', 'NI');
  for (const a of list) address(parent, a, use);
}

export function address(parent: XMLBuilder, a: PostalAddress, use: string): void {
  const e = parent.ele('addr').att('use', use);
  for (const line of a.lines) e.ele('streetAddressLine').txt(line);
  if (a.lines.length === 0) e.ele('streetAddressLine').att('nullFlavor', 'NI');
  e.ele('city').txt(a.city ?? '');
  if (a.state) e.ele('state').txt(a.state);
  if (a.postalCode) e.ele('postalCode').txt(a.postalCode);
  if (a.country) e.ele('country').txt(a.country);
}

export function telecoms(parent: XMLBuilder, list: Telecom[]): void {
  let written = 0;
  for (const t of list) if (telecom(parent, t)) written += 1;
  if (written === 0) parent.ele('telecom').att('nullFlavor', 'NI');
}

export const telecomUse = { HOME: 'HP', WORK: 'WP', MOBILE: 'MC' } as const;

/** Writes `t` as a URL (tel:, fax:, mailto:, http(s):); false when it makes no usable URL. */
export function telecom(parent: XMLBuilder, t: Telecom): boolean {
  const url = telecomUrl(t);
  if (!url) return false;
  const e = parent.ele('telecom').att('value', url);
  if (t.use) e.att('use', telecomUse[t.use]);
  return true;
}

export function telecomUrl(t: Telecom): string | null {
  switch (t.system) {
    case 'PHONE':
    case 'FAX': {
      const digits = t.value.replace(/\D/g, '');
      if (digits.length === 0) return null;
      const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
      const number =
        national.length === 10
          ? `+1(${national.slice(0, 3)})${national.slice(3, 6)}-${national.slice(6)}`
          : national;
      const scheme = t.system === 'PHONE' ? 'tel' : 'fax';
      return `${scheme}:${number}${t.extension ? `;ext=${t.extension}` : ''}`;
    }
    case 'EMAIL':
      return t.value.includes('@') ? `mailto:${t.value}` : null;
    case 'URL':
      return /^https?:\/\//i.test(t.value) ? t.value : null;
  }
}

/** HL7 TS with seconds and the UTC offset: 20260301143000+0000. */
export function timestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+0000`;
}

export function displayDate(date: Date): string {
  return displayIsoDate(date.toISOString().slice(0, 10));
}

/** MM/DD/YYYY, the portal's date format. */
export function displayIsoDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

export function displayDateTime(date: Date): string {
  return `${displayDate(date)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** A name as one string ("Olivia Bennett, MD"): the last word before the comma is the family name. */
export function splitDisplayName(display: string): PersonName {
  const [namePart = display, ...credentials] = display.split(',');
  const words = namePart.trim().split(/\s+/).filter(Boolean);
  const family = words.pop() ?? display;
  const suffix = credentials.join(',').trim();
  return { given: words, family, prefix: null, suffix: suffix === '' ? null : suffix };
}
