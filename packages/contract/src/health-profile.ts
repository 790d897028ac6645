/**
 * Health history ("subjective items", spec 001 §3 History items, §4 Wizard, §5 History, §8):
 * the seven history lists of the health profile and of the first-time wizard / screening.
 *
 * ## The model
 * A history entry is a `SubjectiveItem` of one `sectionId`. Its `attributes` are ordered:
 * - order 1 (`primary`): the thing itself, one value: `value` is its code (allergen id, drugNameId,
 *   SNOMED conceptId, or the option code of a social-history section), `description` its name,
 *   `customValue` the concept type where the search gives one (allergen `typeInt`, drug
 *   `conceptType`), else null. `primaryAttributeValue` repeats `value` for quick matching.
 * - order 2 (`status`): one value from `historyStatuses` (default per section: `defaultStatusBySection`).
 * - order 3 (`detail`): ALLERGIES → the reactions (codes of `allergyReactions`, any number, may be
 *   empty); FAMILY_HISTORY → the affected relatives (codes of `familyRelations`, at least one);
 *   MEDICATIONS → the discontinuation reason (exactly one code of `discontinuationReasons`) when the
 *   medication is discontinued, otherwise absent. Other sections have no order 3.
 *
 * A medication is discontinued exactly when `active` is false; it then must carry its reason (the
 * server refuses it otherwise with `history.error.discontinuationReasonRequired`). Every other item is
 * `active: true`. Removing an item from a list = leaving it out of the next save of its section
 * (medications are discontinued instead, spec §4: "Removing an active medication opens the reason
 * dialog").
 *
 * Negative answers ("none"): an item with `specialType` DENIES or UNKNOWN and the code of the
 * matching entry of `negativeItems` as its primary value. In one section negatives and real items
 * exclude each other; the server drops the section's DENIES/UNKNOWN items when a save of that
 * section also carries real items (spec §4).
 *
 * Display: `description` is English. For a fixed code (reactions, relatives, reasons, statuses,
 * social-history options, negatives) show `t(historyCodeKey(value))`, which has the Spanish too;
 * names found by terminology search are shown as stored.
 *
 * ## Saving
 * `savePatientSubjectiveItems` REPLACES the listed sections: after the save, each section in
 * `sections` (default: the sections of the sent items) holds exactly the sent items of that section.
 * Items with an `id` keep it (their row is updated), items without one are created. So to delete the
 * last allergy, send `items: []` with `sections: ['ALLERGIES']`.
 *
 * ## Codes and their sources (shipped as data here, their origin noted per list)
 * - SNOMED CT codes: SNOMED International Global Patient Set 2020 (CC BY 4.0, "SNOMED CT® is © and ®
 *   SNOMED International") where `gps: true`; the others are International/US-extension codes free to
 *   use in the US (refdata clinical-picklists/SOURCES.md).
 * - Family relations: HL7 v3 RoleCode, value set FamilyMember (CC0, hl7.terminology.r4 7.0.1).
 * - Marital status: HL7 v3 MaritalStatus (code system 2.16.840.1.113883.5.2, CC0) plus UNK.
 * - Discontinuation reasons: SNOMED drug-therapy-status codes (FHIR R4 ValueSet
 *   reason-medication-status-codes) plus three of HL7 medicationrequest-status-reason (CC0).
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { externalIdParams } from './integration';
import { entityId, int32, safeString } from './rules';

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

/** Spec 002 "Subjective types". The health history is HISTORY; ROS and HPI answer empty lists. */
export const subjectiveType = z.enum(['ROS', 'HPI', 'HISTORY']);
export type SubjectiveType = z.infer<typeof subjectiveType>;

export const historySection = z.enum([
  'ALLERGIES',
  'MEDICATIONS',
  'PAST_MEDICAL_HISTORY',
  'FAMILY_HISTORY',
  'SURGICAL_HISTORY',
  'ALCOHOL',
  'DRUG',
  'SMOKING',
  'EXPOSURE',
  'MARITAL',
]);
export type HistorySection = z.infer<typeof historySection>;

/** The five lists searched through terminology (one item per concept). */
export const listSections = [
  'ALLERGIES',
  'MEDICATIONS',
  'PAST_MEDICAL_HISTORY',
  'FAMILY_HISTORY',
  'SURGICAL_HISTORY',
] as const satisfies readonly HistorySection[];
export type ListSection = (typeof listSections)[number];

/** The social-history categories (spec §3): options picked from fixed lists. */
export const socialHistorySections = [
  'SMOKING',
  'ALCOHOL',
  'DRUG',
  'MARITAL',
  'EXPOSURE',
] as const satisfies readonly HistorySection[];
export type SocialHistorySection = (typeof socialHistorySections)[number];

/** Social history's two wizard pages (spec §4): page 1 smoking, alcohol, drug; page 2 marital, exposure. */
export const socialHistoryPages: readonly (readonly SocialHistorySection[])[] = [
  ['SMOKING', 'ALCOHOL', 'DRUG'],
  ['MARITAL', 'EXPOSURE'],
];

export const specialType = z.enum(['DENIES', 'UNKNOWN']);
export type SpecialType = z.infer<typeof specialType>;

/** Attribute orders (spec §3): 1 primary item, 2 status, 3 reactions / relatives / discontinuation reason. */
export const attributeOrder = { primary: 1, status: 2, detail: 3 } as const;

// ---------------------------------------------------------------------------------------------
// Fixed ids of the templates (one template per section) and of their attributes
// ---------------------------------------------------------------------------------------------

/** templateId of each section; attributeId = templateId * 10 + order. Stable: stored with items. */
export const templateIdBySection: Readonly<Record<HistorySection, number>> = {
  ALLERGIES: 1,
  MEDICATIONS: 2,
  PAST_MEDICAL_HISTORY: 3,
  FAMILY_HISTORY: 4,
  SURGICAL_HISTORY: 5,
  ALCOHOL: 6,
  DRUG: 7,
  SMOKING: 8,
  EXPOSURE: 9,
  MARITAL: 10,
};

export function attributeIdOf(section: HistorySection, order: 1 | 2 | 3): number {
  return templateIdBySection[section] * 10 + order;
}

// ---------------------------------------------------------------------------------------------
// Coded lists
// ---------------------------------------------------------------------------------------------

export interface CodedOption {
  /** The code stored as the attribute value. */
  readonly code: string;
  /** English display text (the catalogs hold the Spanish). */
  readonly display: string;
  readonly system: string;
}

const sct = 'http://snomed.info/sct';
const roleCode = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
const maritalSystem = 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus';
const nullFlavor = 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor';
const statusReason = 'http://terminology.hl7.org/CodeSystem/medicationrequest-status-reason';
/** Codes of this product (no standard code exists for the answer). */
export const dermisSystem = 'urn:dermis:history';

/**
 * Status attribute (order 2). Only the four of spec §3 are used; `hiddenStatusTexts` are the texts
 * the lists never show (spec §3 "Status texts filtered out").
 */
export const historyStatuses = [
  { code: 'KNOWN_PRESENT', display: 'Known present', system: dermisSystem },
  { code: 'KNOWN_ABSENT', display: 'Known absent', system: dermisSystem },
  { code: 'MEDICATION_COMMENCED', display: 'Medication commenced', system: dermisSystem },
  { code: 'PERFORMED', display: 'Performed', system: dermisSystem },
] as const satisfies readonly CodedOption[];
export const historyStatusCode = z.enum([
  'KNOWN_PRESENT',
  'KNOWN_ABSENT',
  'MEDICATION_COMMENCED',
  'PERFORMED',
]);
export type HistoryStatusCode = z.infer<typeof historyStatusCode>;
export const hiddenStatusTexts = ['Unknown', 'Known absent', 'Not Done', 'Action status unknown'] as const;

export const defaultStatusBySection: Readonly<Record<HistorySection, HistoryStatusCode>> = {
  ALLERGIES: 'KNOWN_PRESENT',
  MEDICATIONS: 'MEDICATION_COMMENCED',
  PAST_MEDICAL_HISTORY: 'KNOWN_PRESENT',
  FAMILY_HISTORY: 'KNOWN_PRESENT',
  SURGICAL_HISTORY: 'PERFORMED',
  ALCOHOL: 'KNOWN_PRESENT',
  DRUG: 'KNOWN_PRESENT',
  SMOKING: 'KNOWN_PRESENT',
  EXPOSURE: 'KNOWN_PRESENT',
  MARITAL: 'KNOWN_PRESENT',
};

/**
 * The 15 allergy reaction types (spec §3: "including Anaphylaxis, Hives, Other"): the first 14 of
 * refdata clinical-picklists/allergy-reactions.json (SNOMED CT, display = patient-friendly label, all
 * in GPS 2020) and Other.
 * The web splits the list in half across two columns.
 */
export const allergyReactions = [
  { code: '39579001', display: 'Anaphylaxis', system: sct },
  { code: '247472004', display: 'Hives', system: sct },
  { code: '271807003', display: 'Rash', system: sct },
  { code: '418290006', display: 'Itching', system: sct },
  { code: '41291007', display: 'Swelling (angioedema)', system: sct },
  { code: '267036007', display: 'Shortness of breath', system: sct },
  { code: '56018004', display: 'Wheezing', system: sct },
  { code: '49727002', display: 'Cough', system: sct },
  { code: '422587007', display: 'Nausea', system: sct },
  { code: '422400008', display: 'Vomiting', system: sct },
  { code: '62315008', display: 'Diarrhea', system: sct },
  { code: '21522001', display: 'Abdominal pain', system: sct },
  { code: '404640003', display: 'Dizziness', system: sct },
  { code: '68235000', display: 'Nasal congestion', system: sct },
  /** "Other" (spec §3): a product code; the patient's own words may go in `customValue`. */
  { code: 'OTHER', display: 'Other', system: dermisSystem },
] as const satisfies readonly CodedOption[];

/**
 * The 18 medication discontinuation reasons (spec §3), from refdata
 * clinical-picklists/medication-discontinuation-reasons.json: the 15 SNOMED drug-therapy-status codes
 * and three HL7 medicationrequest-status-reason codes. Default 182870006 (spec §9).
 */
export const discontinuationReasons = [
  { code: '182870006', display: 'Drug discontinued - reason unknown', system: sct },
  { code: '266710000', display: 'Drugs not taken/completed', system: sct },
  { code: '182862001', display: 'Drug not taken - dislike taste', system: sct },
  { code: '182863006', display: 'Drug not taken - dislike form', system: sct },
  { code: '182864000', display: 'Drug not taken - side-effects', system: sct },
  { code: '182865004', display: 'Drug not taken - inconvenient', system: sct },
  { code: '182868002', display: 'Treatment stopped - alternative therapy undertaken', system: sct },
  { code: '182869005', display: 'Drug not taken - patient lost tablets', system: sct },
  { code: '182871005', display: 'Drug discontinued - patient fear/risk', system: sct },
  { code: '182872003', display: 'Drug discontinued - too expensive', system: sct },
  { code: '182873008', display: 'Drug treatment stopped - patient ran out of tablets', system: sct },
  { code: '182874002', display: 'Treatment stopped - patient unable to concentrate', system: sct },
  { code: '266711001', display: 'Drug not taken - problem swallowing', system: sct },
  { code: '275929009', display: 'Tablets too large to swallow', system: sct },
  { code: '182840001', display: 'Drug treatment stopped - medical advice', system: sct },
  { code: 'salg', display: 'Allergy', system: statusReason },
  { code: 'sintol', display: 'Suspected intolerance', system: statusReason },
  { code: 'sddi', display: 'Drug interacts with another drug', system: statusReason },
] as const satisfies readonly CodedOption[];
export const defaultDiscontinuationReason = '182870006';

export const familyRelationGroup = z.enum(['PRIMARY', 'SECONDARY', 'TERTIARY']);
export type FamilyRelationGroup = z.infer<typeof familyRelationGroup>;

/**
 * Relatives for family history (spec §3 "primary, secondary and tertiary relatives" = first-,
 * second- and third-degree relatives), HL7 v3 RoleCode codes from refdata
 * hl7-relationships/family-member.json.
 */
export const familyRelations = {
  PRIMARY: [
    { code: 'MTH', display: 'Mother', system: roleCode },
    { code: 'FTH', display: 'Father', system: roleCode },
    { code: 'SIS', display: 'Sister', system: roleCode },
    { code: 'BRO', display: 'Brother', system: roleCode },
    { code: 'DAUC', display: 'Daughter', system: roleCode },
    { code: 'SONC', display: 'Son', system: roleCode },
  ],
  SECONDARY: [
    { code: 'MGRMTH', display: 'Maternal grandmother', system: roleCode },
    { code: 'MGRFTH', display: 'Maternal grandfather', system: roleCode },
    { code: 'PGRMTH', display: 'Paternal grandmother', system: roleCode },
    { code: 'PGRFTH', display: 'Paternal grandfather', system: roleCode },
    { code: 'MAUNT', display: 'Maternal aunt', system: roleCode },
    { code: 'MUNCLE', display: 'Maternal uncle', system: roleCode },
    { code: 'PAUNT', display: 'Paternal aunt', system: roleCode },
    { code: 'PUNCLE', display: 'Paternal uncle', system: roleCode },
    { code: 'HSIS', display: 'Half-sister', system: roleCode },
    { code: 'HBRO', display: 'Half-brother', system: roleCode },
    { code: 'GRNDDAU', display: 'Granddaughter', system: roleCode },
    { code: 'GRNDSON', display: 'Grandson', system: roleCode },
    { code: 'NIECE', display: 'Niece', system: roleCode },
    { code: 'NEPHEW', display: 'Nephew', system: roleCode },
  ],
  TERTIARY: [
    { code: 'MCOUSN', display: 'Maternal cousin', system: roleCode },
    { code: 'PCOUSN', display: 'Paternal cousin', system: roleCode },
    { code: 'MGGRMTH', display: 'Maternal great-grandmother', system: roleCode },
    { code: 'MGGRFTH', display: 'Maternal great-grandfather', system: roleCode },
    { code: 'PGGRMTH', display: 'Paternal great-grandmother', system: roleCode },
    { code: 'PGGRFTH', display: 'Paternal great-grandfather', system: roleCode },
  ],
} as const satisfies Record<FamilyRelationGroup, readonly CodedOption[]>;

/** Special codes of spec §3 / §9. */
export const socialHistoryCodes = {
  /** ALCOHOL: "Current non-drinker of alcohol"; exclusive with every other alcohol option. */
  alcoholNegative: '105542008',
  /** DRUG: "Misuses drugs". */
  misusesDrugs: '361055000',
  /** DRUG: "Does not misuse drugs" (a DENIES item). */
  noDrugMisuse: '_no_361055000',
} as const;

export interface SocialHistoryCategory {
  readonly section: SocialHistorySection;
  /** One option at most (radio) or any number (checkboxes). */
  readonly multiple: boolean;
  readonly options: readonly CodedOption[];
  /** Options that clear every other option of the category when chosen, and are cleared by them. */
  readonly exclusiveOptions: readonly string[];
}

/**
 * Social history (spec §3): categories with their selectable option ids (codes). SMOKING: the 8
 * Meaningful Use / C-CDA smoking status codes; ALCOHOL and DRUG: refdata
 * clinical-picklists/social-history.json; EXPOSURE: SNOMED GPS 2020 exposure events (dermatology
 * first: sunlight, tanning beds); MARITAL: HL7 v3 MaritalStatus.
 *
 * DRUG rule (spec §4): 361055000 and _no_361055000 exclude each other and choosing any other drug
 * option clears 361055000, so 361055000 stands alone (`exclusiveOptions`). _no_361055000 may go with
 * the other options; the server stores it as a DENIES item ("Does not misuse drugs").
 */
export const socialHistoryCategories: Readonly<Record<SocialHistorySection, SocialHistoryCategory>> = {
  SMOKING: {
    section: 'SMOKING',
    multiple: false,
    exclusiveOptions: [],
    options: [
      { code: '449868002', display: 'Current every day smoker', system: sct },
      { code: '428041000124106', display: 'Current some day smoker', system: sct },
      { code: '8517006', display: 'Former smoker', system: sct },
      { code: '266919005', display: 'Never smoker', system: sct },
      { code: '77176002', display: 'Smoker, current status unknown', system: sct },
      { code: '266927001', display: 'Unknown if ever smoked', system: sct },
      { code: '428071000124103', display: 'Current heavy tobacco smoker', system: sct },
      { code: '428061000124105', display: 'Current light tobacco smoker', system: sct },
    ],
  },
  ALCOHOL: {
    section: 'ALCOHOL',
    multiple: true,
    exclusiveOptions: ['105542008'],
    options: [
      { code: '105542008', display: 'Current non-drinker of alcohol', system: sct },
      { code: '219006', display: 'Current drinker of alcohol', system: sct },
      { code: '783261004', display: 'Lifetime non-drinker of alcohol', system: sct },
      { code: '82581004', display: 'Ex-drinker', system: sct },
      { code: '28127009', display: 'Social drinker', system: sct },
      { code: '228276006', display: 'Occasional drinker', system: sct },
      { code: '228277002', display: 'Light drinker', system: sct },
      { code: '43783005', display: 'Moderate drinker', system: sct },
      { code: '86933000', display: 'Heavy drinker', system: sct },
      { code: '228315001', display: 'Binge drinker', system: sct },
    ],
  },
  DRUG: {
    section: 'DRUG',
    multiple: true,
    exclusiveOptions: ['361055000'],
    options: [
      { code: '361055000', display: 'Misuses drugs', system: sct },
      { code: '_no_361055000', display: 'Does not misuse drugs', system: dermisSystem },
      { code: '417284009', display: 'Current drug user', system: sct },
      { code: '424848002', display: 'Recreational drug user', system: sct },
      { code: '228388006', display: 'Intravenous drug user', system: sct },
      { code: '44870007', display: 'Misused drugs in past', system: sct },
      { code: '712542001', display: 'Abstinent from drug misuse', system: sct },
    ],
  },
  MARITAL: {
    section: 'MARITAL',
    multiple: false,
    exclusiveOptions: [],
    options: [
      { code: 'S', display: 'Never married', system: maritalSystem },
      { code: 'M', display: 'Married', system: maritalSystem },
      { code: 'T', display: 'Domestic partner', system: maritalSystem },
      { code: 'L', display: 'Legally separated', system: maritalSystem },
      { code: 'D', display: 'Divorced', system: maritalSystem },
      { code: 'W', display: 'Widowed', system: maritalSystem },
      { code: 'UNK', display: 'Unknown', system: nullFlavor },
    ],
  },
  EXPOSURE: {
    section: 'EXPOSURE',
    multiple: true,
    exclusiveOptions: [],
    options: [
      { code: '242535001', display: 'Exposure to excess sunlight', system: sct },
      { code: '242537009', display: 'Exposure to man-made ultraviolet light', system: sct },
      { code: '122866006', display: 'Exposure to ionizing radiation', system: sct },
      { code: '699373005', display: 'Exposure to asbestos', system: sct },
      { code: '16090611000119100', display: 'Exposure to lead', system: sct },
      { code: '129231000119103', display: 'Exposure to potentially hazardous chemical', system: sct },
      { code: '102444002', display: 'Exposure to toxic dust', system: sct },
      { code: '228524006', display: 'Exposed to tobacco smoke at home', system: sct },
      { code: '6300007', display: 'Exposed to noise', system: sct },
    ],
  },
};

export interface NegativeItem {
  readonly section: HistorySection;
  readonly specialType: SpecialType;
  /** The primary attribute value of the item. */
  readonly code: string;
  readonly display: string;
}

/**
 * The fixed negative ("none") items (spec §3 "Fixed items ... mapped to DENIES or UNKNOWN").
 * 716186003 |No known allergy| and 443508001 |No history of clinical finding in subject| are SNOMED
 * (GPS 2020); the others have product codes.
 */
export const negativeItems = [
  { section: 'ALLERGIES', specialType: 'DENIES', code: '716186003', display: 'No known allergies' },
  { section: 'ALLERGIES', specialType: 'UNKNOWN', code: '_unknown_ALLERGIES', display: 'Unknown' },
  { section: 'MEDICATIONS', specialType: 'DENIES', code: '_no_MEDICATIONS', display: 'No known medications' },
  { section: 'MEDICATIONS', specialType: 'UNKNOWN', code: '_unknown_MEDICATIONS', display: 'Unknown' },
  {
    section: 'PAST_MEDICAL_HISTORY',
    specialType: 'DENIES',
    code: '443508001',
    display: 'No medical history',
  },
  {
    section: 'PAST_MEDICAL_HISTORY',
    specialType: 'UNKNOWN',
    code: '_unknown_PAST_MEDICAL_HISTORY',
    display: 'Unknown',
  },
  {
    section: 'FAMILY_HISTORY',
    specialType: 'DENIES',
    code: '_no_FAMILY_HISTORY',
    display: 'No significant family history',
  },
  { section: 'FAMILY_HISTORY', specialType: 'UNKNOWN', code: '_unknown_FAMILY_HISTORY', display: 'Unknown' },
  {
    section: 'SURGICAL_HISTORY',
    specialType: 'DENIES',
    code: '_no_SURGICAL_HISTORY',
    display: 'No history of procedure',
  },
  {
    section: 'SURGICAL_HISTORY',
    specialType: 'UNKNOWN',
    code: '_unknown_SURGICAL_HISTORY',
    display: 'Unknown',
  },
  { section: 'DRUG', specialType: 'DENIES', code: '_no_361055000', display: 'Does not misuse drugs' },
] as const satisfies readonly NegativeItem[];

/** Every fixed code of this module (reactions, reasons, relations, options, negatives, statuses), in lookup order. */
export function fixedCodes(): readonly { code: string; display: string }[] {
  return [
    ...allergyReactions,
    ...discontinuationReasons,
    ...familyRelations.PRIMARY,
    ...familyRelations.SECONDARY,
    ...familyRelations.TERTIARY,
    ...Object.values(socialHistoryCategories).flatMap((c) => c.options),
    ...negativeItems,
    ...historyStatuses,
  ];
}

/** Display text of any fixed code of this module: the first of `fixedCodes` that holds it. */
export function codeDisplay(code: string): string | undefined {
  return fixedCodes().find((entry) => entry.code === code)?.display;
}

// ---------------------------------------------------------------------------------------------
// Items (responses)
// ---------------------------------------------------------------------------------------------

export const attributeValue = z.object({
  value: z.string(),
  description: z.string(),
  customValue: z.string().nullable(),
});
export type AttributeValue = z.infer<typeof attributeValue>;

export const itemAttribute = z.object({
  attributeId: z.number().int(),
  order: z.number().int(),
  values: z.array(attributeValue),
});
export type ItemAttribute = z.infer<typeof itemAttribute>;

export const subjectiveItem = z.object({
  id: z.number().int(),
  active: z.boolean(),
  templateId: z.number().int(),
  sectionId: historySection,
  primaryAttributeValue: z.string(),
  specialType: specialType.nullable(),
  attributes: z.array(itemAttribute),
  /** When the item was last changed (ISO 8601), and whether the clinic (true) or the patient entered it. */
  dateModified: z.string(),
  enteredByClinic: z.boolean(),
});
export type SubjectiveItem = z.infer<typeof subjectiveItem>;

/** One attribute of a section's template: what the web offers for that order. */
export const templateAttribute = z.object({
  attributeId: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  /** Several values allowed (reactions, relatives). */
  multiple: z.boolean(),
  /** The fixed options of the attribute, empty when its values come from a terminology search. */
  options: z.array(z.object({ value: z.string(), description: z.string() })),
  /** The value used when the patient picks none (status, discontinuation reason). */
  defaultValue: z.string().nullable(),
});
export const sectionTemplate = z.object({
  templateId: z.number().int(),
  sectionId: historySection,
  attributes: z.array(templateAttribute),
  negativeItems: z.array(z.object({ specialType, value: z.string(), description: z.string() })),
  /** Social history: single or multiple choice, and the options exclusive with all others. */
  multiple: z.boolean(),
  exclusiveOptions: z.array(z.string()),
});
export type SectionTemplate = z.infer<typeof sectionTemplate>;

// ---------------------------------------------------------------------------------------------
// subjective/getPatientSubjectiveAndTemplateItems
// ---------------------------------------------------------------------------------------------

/** The most items of each list a limited history answer holds. */
export const historyLimitMax = 500;

/**
 * `complaintId` is the encounter id in the screening flow (/screening/{encounterId}/…), null
 * otherwise; `providerId` the encounter's PROVIDER role (spec §6), only recorded. Both are checked to
 * belong to the patient's practice / encounter.
 */
export const getPatientSubjectiveAndTemplateItemsRequest = z.object({
  type: subjectiveType,
  patientId: entityId,
  complaintId: entityId.nullable().optional(),
  providerId: entityId.nullable().optional(),
  /**
   * At most this many items of each of the five lists (`listSections`), the newest (the last
   * entered); the answer then carries `totals`. Absent: every item, as the wizard and any editor
   * need (a save replaces a section whole, so an editor must hold the whole section).
   */
  limit: z.number().int().min(1).max(historyLimitMax).optional(),
  /** Only this list's items (the other sections answer none); with `totals`. */
  section: z.enum(listSections).optional(),
  /**
   * false: the answer's `templates` is empty, for a caller that takes the fixed templates from this
   * contract (the web does). Absent or true: the ten section templates, as the spec answers.
   */
  templates: z.boolean().optional(),
});
export type GetPatientSubjectiveAndTemplateItemsRequest = z.infer<
  typeof getPatientSubjectiveAndTemplateItemsRequest
>;

/** How many items each of the five lists holds, whether or not the answer carries them all. */
export const historyTotals = z.object({
  ALLERGIES: z.number().int(),
  MEDICATIONS: z.number().int(),
  PAST_MEDICAL_HISTORY: z.number().int(),
  FAMILY_HISTORY: z.number().int(),
  SURGICAL_HISTORY: z.number().int(),
}) satisfies z.ZodType<Record<ListSection, number>>;
export type HistoryTotals = z.infer<typeof historyTotals>;

/**
 * The patient's items of every section (medications discontinued included; spec §3 "Unknown-named
 * history items" never leave the server) and the ten section templates.
 */
export const patientSubjectiveItemsResponse = z.object({
  patientId: z.number().int(),
  type: subjectiveType,
  items: z.array(subjectiveItem),
  templates: z.array(sectionTemplate),
  /** Present when `limit` or `section` was asked: how many items each list holds in all. */
  totals: historyTotals.optional(),
});
export type PatientSubjectiveItemsResponse = z.infer<typeof patientSubjectiveItemsResponse>;

// ---------------------------------------------------------------------------------------------
// subjective/savePatientSubjectiveItems
// ---------------------------------------------------------------------------------------------

const codeText = safeString.trim().min(1).max(64);
const nameText = safeString.trim().min(1).max(500);

export const attributeValueInput = z.object({
  value: codeText,
  /** The name (primary) or display text; for fixed codes the server uses its own text. */
  description: safeString.trim().max(500).default(''),
  customValue: safeString.trim().max(500).nullable().default(null),
});

export const itemAttributeInput = z.object({
  /** Optional: the server derives it from the section and order. */
  attributeId: int32.optional(),
  order: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  values: z.array(attributeValueInput).max(50),
});

export const subjectiveItemInput = z.object({
  /** The id of an item already stored (update), or absent/null for a new one. */
  id: entityId.nullable().optional(),
  /** false only for a discontinued medication. */
  active: z.boolean().default(true),
  templateId: int32.optional(),
  sectionId: historySection,
  specialType: specialType.nullable().default(null),
  /** Optional: the server takes it from the order-1 value. */
  primaryAttributeValue: codeText.optional(),
  attributes: z.array(itemAttributeInput).min(1).max(3),
});
export type SubjectiveItemInput = z.input<typeof subjectiveItemInput>;

export const savePatientSubjectiveItemsRequest = z.object({
  type: subjectiveType,
  patientId: entityId,
  complaintId: entityId.nullable().optional(),
  providerId: entityId.nullable().optional(),
  items: z.array(subjectiveItemInput).max(500),
  /** The sections this save replaces; default: the sections of `items`. */
  sections: z.array(historySection).max(10).optional(),
  /** Spec §7 sends true; the answer is the saved state either way. */
  generateResult: z.boolean().default(true),
  /** Sent as HISTORY in the screening flow (spec §7). */
  snomedModelType: subjectiveType.optional(),
});
export type SavePatientSubjectiveItemsRequest = z.input<typeof savePatientSubjectiveItemsRequest>;

/** The answer of a save: the patient's items after it (same shape as the get). */
export const savePatientSubjectiveItemsResponse = patientSubjectiveItemsResponse;

/** Error codes of a refused save (HTTP 400 / 409, `message` already translated, name filled in). */
export const historyErrorCodes = {
  /** 409: 'Allergy "{name}" is already added to your list.' and the medication / generic forms. */
  duplicate: 'DUPLICATE_HISTORY_ITEM',
  /** 400: 'You must choose a reason for medication discontinuation.' */
  discontinuationReasonRequired: 'DISCONTINUATION_REASON_REQUIRED',
  /** 400: a code outside the fixed lists, a negative mixed wrongly, an unknown item id. */
  invalidItem: 'INVALID_HISTORY_ITEM',
} as const;

/** The catalog key of the duplicate message of a section (spec §8). */
export function duplicateMessageKey(
  section: HistorySection,
): 'history.duplicate.allergy' | 'history.duplicate.medication' | 'history.duplicate.item' {
  if (section === 'ALLERGIES') return 'history.duplicate.allergy';
  if (section === 'MEDICATIONS') return 'history.duplicate.medication';
  return 'history.duplicate.item';
}

/** Names compare case- and space-insensitively (spec §5 "Duplicates by name"). */
export function historyNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

// ---------------------------------------------------------------------------------------------
// Read helpers for the lists (web): what spec §3 calls Allergy, Medication, history item
// ---------------------------------------------------------------------------------------------

function attribute(item: SubjectiveItem, order: number): ItemAttribute | undefined {
  return item.attributes.find((a) => a.order === order);
}

export interface AllergyView {
  id: number;
  code: string;
  name: string;
  type: string | null;
  reactions: { code: string; name: string }[];
}
export function toAllergyView(item: SubjectiveItem): AllergyView {
  const primary = attribute(item, 1)?.values[0];
  return {
    id: item.id,
    code: item.primaryAttributeValue,
    name: primary?.description ?? '',
    type: primary?.customValue ?? null,
    reactions: (attribute(item, 3)?.values ?? []).map((v) => ({ code: v.value, name: v.description })),
  };
}

export interface MedicationView {
  id: number;
  drugNameId: string;
  name: string;
  type: string | null;
  discontinued: boolean;
  discontinuationReason: { code: string; name: string } | null;
  /** Shown under the Active filter (spec §3 showOnActiveFilter). */
  showOnActiveFilter: boolean;
}
export function toMedicationView(item: SubjectiveItem): MedicationView {
  const primary = attribute(item, 1)?.values[0];
  const reason = attribute(item, 3)?.values[0];
  return {
    id: item.id,
    drugNameId: item.primaryAttributeValue,
    name: primary?.description ?? '',
    type: primary?.customValue ?? null,
    discontinued: !item.active,
    discontinuationReason: reason ? { code: reason.value, name: reason.description } : null,
    showOnActiveFilter: item.active,
  };
}

export interface ConceptItemView {
  id: number;
  conceptId: string;
  name: string;
  /** FAMILY_HISTORY only: the affected relatives. */
  relations: { code: string; name: string }[];
}
export function toConceptItemView(item: SubjectiveItem): ConceptItemView {
  return {
    id: item.id,
    conceptId: item.primaryAttributeValue,
    name: attribute(item, 1)?.values[0]?.description ?? '',
    relations: (attribute(item, 3)?.values ?? []).map((v) => ({ code: v.value, name: v.description })),
  };
}

// ---------------------------------------------------------------------------------------------
// patient/dermis/completeFirstTimeSetup
// ---------------------------------------------------------------------------------------------

/**
 * Marks the signed-in account's own patient as set up (spec §2: only from /first-time-login). Send
 * `{}`: set-up belongs to the account, so there is no patient id and a responsible person cannot
 * complete another person's set-up. Idempotent.
 */
export const completeFirstTimeSetupRequest = z.object({});
export const completeFirstTimeSetupResponse = z.object({
  patientId: z.number().int(),
  dermisFirstTimeSetupComplete: z.literal(true),
});

// ---------------------------------------------------------------------------------------------
// Integration API (clinic side): history items the clinic records
// ---------------------------------------------------------------------------------------------

/** How serious a reaction to an allergen could be (FHIR AllergyIntolerance.criticality). */
export const allergyCriticality = z.enum(['low', 'high', 'unable-to-assess']);
export type AllergyCriticality = z.infer<typeof allergyCriticality>;

/**
 * PUT /api/integration/history-items/{externalId}: create or update one history item of a patient by
 * the clinic's id (DELETE the same path removes it). Same rules as a patient's save: fixed codes
 * only for reactions, relatives, reasons and social-history options; a discontinued medication
 * (`active: false`) needs `discontinuationReason`; no duplicate by name.
 */
export const upsertHistoryItemRequest = z.object({
  patientExternalId: safeString.trim().min(1).max(64),
  sectionId: historySection,
  specialType: specialType.nullable().default(null),
  /** The primary value: concept / drug / allergen code, social-history option or negative code. */
  code: codeText,
  name: nameText,
  /** Concept type (allergen typeInt, drug conceptType) or null. */
  customValue: safeString.trim().max(500).nullable().default(null),
  status: historyStatusCode.optional(),
  /** Reactions (ALLERGIES) or relatives (FAMILY_HISTORY): codes of the fixed lists. */
  details: z.array(codeText).max(50).default([]),
  active: z.boolean().default(true),
  discontinuationReason: codeText.nullable().default(null),
  /** An allergy's criticality as the clinic assessed it: low, high or unable-to-assess. */
  criticality: allergyCriticality.nullable().default(null),
});
export type UpsertHistoryItemRequest = z.input<typeof upsertHistoryItemRequest>;
export const upsertHistoryItemResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  created: z.boolean(),
});

/** The catalog key of a fixed code's display text (`t(historyCodeKey(code))`), e.g. reactions, reasons. */
export function historyCodeKey(code: string): `history.code.${string}` {
  return `history.code.${code}`;
}

// ---------------------------------------------------------------------------------------------
// Builders for the web: a search result (terminology.ts) as an item of a save
// ---------------------------------------------------------------------------------------------

/** An allergy from `fdb/search/searchAllergensByName` with the chosen reaction codes. */
export function allergyItemInput(
  result: { id: string; description: string; typeInt: number },
  reactionCodes: readonly string[],
  id?: number,
): SubjectiveItemInput {
  return {
    ...(id ? { id } : {}),
    sectionId: 'ALLERGIES',
    attributes: [
      {
        order: 1,
        values: [{ value: result.id, description: result.description, customValue: String(result.typeInt) }],
      },
      { order: 3, values: reactionCodes.map((value) => ({ value })) },
    ],
  };
}

/**
 * A medication from `prescription/searchPrescriptionsByFilter`; with `discontinuationReason` it is
 * sent discontinued (`active: false`).
 */
export function medicationItemInput(
  result: { drugNameId: string; name: string; conceptType: string },
  discontinuationReason?: string,
  id?: number,
): SubjectiveItemInput {
  return {
    ...(id ? { id } : {}),
    sectionId: 'MEDICATIONS',
    active: discontinuationReason === undefined,
    attributes: [
      {
        order: 1,
        values: [{ value: result.drugNameId, description: result.name, customValue: result.conceptType }],
      },
      ...(discontinuationReason ? [{ order: 3 as const, values: [{ value: discontinuationReason }] }] : []),
    ],
  };
}

/** A past medical, surgical or family item from `subjective/searchSnomed` (family: relative codes). */
export function conceptItemInput(
  sectionId: 'PAST_MEDICAL_HISTORY' | 'SURGICAL_HISTORY' | 'FAMILY_HISTORY',
  result: { conceptId: string; preferredTerm: string },
  relativeCodes: readonly string[] = [],
  id?: number,
): SubjectiveItemInput {
  return {
    ...(id ? { id } : {}),
    sectionId,
    attributes: [
      { order: 1, values: [{ value: result.conceptId, description: result.preferredTerm }] },
      ...(sectionId === 'FAMILY_HISTORY'
        ? [{ order: 3 as const, values: relativeCodes.map((value) => ({ value })) }]
        : []),
    ],
  };
}

/** A social-history option or a negative item (the server fills in the fixed text). */
export function codeItemInput(
  sectionId: HistorySection,
  code: string,
  special: SpecialType | null = null,
  id?: number,
): SubjectiveItemInput {
  return {
    ...(id ? { id } : {}),
    sectionId,
    specialType: special,
    attributes: [{ order: 1, values: [{ value: code }] }],
  };
}

/**
 * An item as read (SubjectiveItem) turned back into a save item, unchanged: to resend the items of
 * a section the patient did not touch.
 */
export function toItemInput(item: SubjectiveItem): SubjectiveItemInput {
  return {
    id: item.id,
    active: item.active,
    sectionId: item.sectionId,
    specialType: item.specialType,
    attributes: item.attributes.map((a) => ({
      order: a.order as 1 | 2 | 3,
      values: a.values.map((v) => ({
        value: v.value,
        description: v.description,
        customValue: v.customValue,
      })),
    })),
  };
}

const historyFailures = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const historyIntegrationFailures = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** The health history calls: the patient's screening and history, the clinic's history items. */
export const healthProfileCalls = {
  /** Every history item of the patient, and the templates (spec 001 §7). */
  getItems: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/subjective/getPatientSubjectiveAndTemplateItems`,
    who: who.patientInBody('patientId'),
    body: getPatientSubjectiveAndTemplateItemsRequest,
    response: patientSubjectiveItemsResponse,
    answers: historyFailures,
  }),
  /** Replaces the listed sections; answers the saved state. */
  saveItems: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/subjective/savePatientSubjectiveItems`,
    who: who.patientInBody('patientId'),
    body: savePatientSubjectiveItemsRequest,
    response: savePatientSubjectiveItemsResponse,
    answers: historyFailures,
  }),
  /** Set-up belongs to the signed-in account: its own patient, never one it acts for. */
  completeFirstTimeSetup: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/dermis/completeFirstTimeSetup`,
    who: who.account,
    body: completeFirstTimeSetupRequest,
    response: completeFirstTimeSetupResponse,
  }),
  upsertItem: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/history-items/:externalId`,
    who: who.apiKey,
    summary: 'Create or update a history item (allergy, medication, problem, …) by external id',
    description:
      'An allergy may carry the criticality the clinic assessed (criticality: low, high or unable-to-assess); other sections have none.',
    params: externalIdParams,
    body: upsertHistoryItemRequest,
    response: upsertHistoryItemResponse,
    answers: { 201: upsertHistoryItemResponse, ...historyIntegrationFailures },
  }),
  deleteItem: describeCall({
    method: 'DELETE',
    path: `${apiPrefix.integration}/history-items/:externalId`,
    who: who.apiKey,
    summary: 'Remove a history item the clinic recorded',
    params: externalIdParams,
    response: z.object({ deleted: z.literal(true) }),
    answers: historyIntegrationFailures,
  }),
};
