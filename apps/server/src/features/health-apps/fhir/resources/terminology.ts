/** Code systems and profile addresses the FHIR resources use. */
import type {
  CodeSystem,
  Coded,
  PersonName,
  PostalAddress,
  Telecom,
} from '../../../../lib/health-record/health-record';
import type { CodeableConcept, Coding } from '../fhir-resource';

export const systems = {
  snomed: 'http://snomed.info/sct',
  loinc: 'http://loinc.org',
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  cdcRace: 'urn:oid:2.16.840.1.113883.6.238',
  roleCode: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
  maritalStatus: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus',
  nullFlavor: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor',
  nucc: 'http://nucc.org/provider-taxonomy',
  npi: 'http://hl7.org/fhir/sid/us-npi',
  bcp47: 'urn:ietf:bcp:47',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  allergyClinical: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
  allergyVerification: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
  medicationStatusReason: 'http://terminology.hl7.org/CodeSystem/medicationrequest-status-reason',
  usCoreDocumentCategory: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
  provenanceParticipant: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  subscriberRelationship: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship',
  payerType: 'urn:oid:2.16.840.1.113883.3.221.5',
  coverageClass: 'http://terminology.hl7.org/CodeSystem/coverage-class',
  participationType: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
  formatCode: 'http://ihe.net/fhir/ihe.formatcode.fhir/CodeSystem/formatcode',
  ucum: 'http://unitsofmeasure.org',
  cvx: 'http://hl7.org/fhir/sid/cvx',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  cpt: 'http://www.ama-assn.org/go/cpt',
  diagnosticService: 'http://terminology.hl7.org/CodeSystem/v2-0074',
  observationInterpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  usCoreConditionCategory: 'http://hl7.org/fhir/us/core/CodeSystem/condition-category',
  usCoreCarePlanCategory: 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category',
  goalAchievement: 'http://terminology.hl7.org/CodeSystem/goal-achievement',
  dataAbsentReason: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
  /** This product's own codes (the C-CDA writes the same codes under the same OID). */
  local: 'urn:oid:2.25.329800735698586629295641978511506172918',
} as const;

const systemOf: Record<CodeSystem, string> = {
  SNOMED_CT: systems.snomed,
  RXNORM: systems.rxnorm,
  CDC_RACE_ETHNICITY: systems.cdcRace,
  HL7_ROLE_CODE: systems.roleCode,
  HL7_MARITAL_STATUS: systems.maritalStatus,
  MEDICATION_STATUS_REASON: systems.medicationStatusReason,
  NUCC_TAXONOMY: systems.nucc,
  LOCAL: systems.local,
};

export const profile = (name: string) => `http://hl7.org/fhir/us/core/StructureDefinition/${name}`;

export function coding(value: Coded): Coding {
  // The marital-status list's "Unknown" is a null flavour, not a MaritalStatus code.
  if (value.system === 'HL7_MARITAL_STATUS' && value.code === 'UNK')
    return { system: systems.nullFlavor, code: 'UNK', display: value.display };
  return { system: systemOf[value.system], code: value.code, display: value.display };
}

export function concept(value: Coded, text?: string): CodeableConcept {
  return { coding: [coding(value)], text: text ?? value.display };
}

export function humanName(name: PersonName, use?: 'official' | 'old') {
  return {
    ...(use ? { use } : {}),
    family: name.family,
    ...(name.given.length > 0 ? { given: name.given } : {}),
    ...(name.prefix ? { prefix: [name.prefix] } : {}),
    ...(name.suffix ? { suffix: [name.suffix] } : {}),
  };
}

export function address(value: PostalAddress) {
  const out: Record<string, unknown> = {};
  if (value.use) out.use = value.use === 'HOME' ? 'home' : 'work';
  if (value.lines.length > 0) out.line = value.lines;
  if (value.city) out.city = value.city;
  if (value.state) out.state = value.state;
  if (value.postalCode) out.postalCode = value.postalCode;
  if (value.country) out.country = value.country;
  return out;
}

export function telecom(value: Telecom) {
  const system = { PHONE: 'phone', FAX: 'fax', EMAIL: 'email', URL: 'url' }[value.system];
  const use = value.use ? { HOME: 'home', WORK: 'work', MOBILE: 'mobile' }[value.use] : undefined;
  return {
    system,
    value: value.extension ? `${value.value} ext. ${value.extension}` : value.value,
    ...(use ? { use } : {}),
  };
}

/** An instant as FHIR writes it (UTC, milliseconds dropped). */
export function instant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Text as the XHTML of a resource's narrative (FHIR narrative: a div in the XHTML namespace). */
export function xhtml(paragraphs: string[]): string {
  const escape = (t: string) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<div xmlns="http://www.w3.org/1999/xhtml">${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}</div>`;
}
