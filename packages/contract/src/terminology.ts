/**
 * Terminology search (spec 001 §3 "History items" and §7): allergens
 * (`fdb/search/searchAllergensByName`), drugs (`prescription/searchPrescriptionsByFilter`) and SNOMED CT
 * concepts by history section (`subjective/searchSnomed`). The server searches its terminology store
 * (a starter set shipped with Dermis plus whatever RxNorm and SNOMED CT releases the practice imports)
 * with prefix and trigram ranking; patient-friendly labels come first.
 *
 * Every search answers a plain list (the `generateResultAsList` form), at most `maxResults` long
 * (30 by default). The web fires a search only from 2 characters on (`searchMinLength`).
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { apiPrefix } from './routes';
import { int32, safeString } from './rules';

/** Spec 001 §5 / §9: searches fire at 2 characters and answer 30 results by default. */
export const searchMinLength = 2;
export const searchDefaultMaxResults = 30;
/** The most results one search may ask for. */
export const searchMaxResultsLimit = 100;
/** Longest search text accepted (longer text is refused with 400, never cut silently). */
export const searchTextMax = 100;

const searchText = safeString.trim().min(searchMinLength).max(searchTextMax);
const maxResults = int32.min(1).max(searchMaxResultsLimit).default(searchDefaultMaxResults);

// ---------------------------------------------------------------------------------------------
// Allergens

/**
 * `typeInt` of an allergen (spec 001 §3 "Search result: id, description, typeInt"): what kind of
 * substance it is. Stored with each history item, so a number never changes meaning.
 */
export const allergenType = {
  /** A drug ingredient (RxNorm IN / PIN / MIN). */
  DRUG: 1,
  /** A drug class (SNOMED CT substance class, e.g. Penicillins). */
  DRUG_CLASS: 2,
  FOOD: 3,
  /** Environmental: latex, venoms, pollens, dander, metals, ... */
  ENVIRONMENTAL: 4,
  /** Any other SNOMED CT substance. */
  OTHER_SUBSTANCE: 5,
} as const;
export type AllergenTypeInt = (typeof allergenType)[keyof typeof allergenType];

export const searchAllergensByNameRequest = z.object({
  searchText,
  generateResultAsList: z.boolean().optional(),
  maxResults,
  /** Patient-friendly labels first; always applied, accepted for compatibility. */
  prioritizeResults: z.boolean().optional(),
});
export type SearchAllergensByNameRequest = z.input<typeof searchAllergensByNameRequest>;

export const codeSystem = z.enum(['RXNORM', 'SNOMED']);
export type CodeSystem = z.infer<typeof codeSystem>;

export const allergenSearchResult = z.object({
  /** The code in `codeSystem`: an RxNorm RXCUI or a SNOMED CT concept id. */
  id: z.string(),
  description: z.string(),
  typeInt: z.number().int(),
  codeSystem,
});
export type AllergenSearchResult = z.infer<typeof allergenSearchResult>;
export const searchAllergensByNameResponse = z.array(allergenSearchResult);

// ---------------------------------------------------------------------------------------------
// Drugs (RxNorm)

export const prescriptionSearchType = z.enum(['ALL']);

export const searchPrescriptionsByFilterRequest = z.object({
  searchText,
  searchType: prescriptionSearchType.default('ALL'),
  generateResultAsList: z.boolean().optional(),
  maxResults,
  prioritizeResults: z.boolean().optional(),
});
export type SearchPrescriptionsByFilterRequest = z.input<typeof searchPrescriptionsByFilterRequest>;

/**
 * RxNorm term types a drug search answers: ingredient (IN), precise and multiple ingredient (PIN,
 * MIN), brand name (BN), clinical and branded drug (SCD, SBD), and packs (GPCK, BPCK).
 */
export const drugConceptTypes = ['IN', 'PIN', 'MIN', 'BN', 'SCD', 'SBD', 'GPCK', 'BPCK'] as const;
export const drugConceptType = z.enum(drugConceptTypes);
export type DrugConceptType = z.infer<typeof drugConceptType>;

export const drugSearchResult = z.object({
  /** RxNorm RXCUI. */
  drugNameId: z.string(),
  name: z.string(),
  /** RxNorm term type. */
  conceptType: drugConceptType,
});
export type DrugSearchResult = z.infer<typeof drugSearchResult>;
export const searchPrescriptionsByFilterResponse = z.array(drugSearchResult);

// ---------------------------------------------------------------------------------------------
// SNOMED CT concepts

/** The history sections of spec 001 §3 (the health-profile contract uses the same names). */
export const snomedSearchSection = z.enum([
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
export type SnomedSearchSection = z.infer<typeof snomedSearchSection>;

/**
 * The SNOMED CT semantic tags each section searches: past medical and family history look in
 * disorders and findings, surgical history in procedures, allergies in substances; the rest in
 * disorders, findings and situations.
 */
export const snomedSectionTags: Readonly<Record<SnomedSearchSection, readonly string[]>> = {
  PAST_MEDICAL_HISTORY: ['disorder', 'finding'],
  FAMILY_HISTORY: ['disorder', 'finding'],
  SURGICAL_HISTORY: ['procedure'],
  ALLERGIES: ['substance'],
  MEDICATIONS: ['substance'],
  ALCOHOL: ['finding', 'situation'],
  DRUG: ['finding', 'situation', 'substance'],
  SMOKING: ['finding', 'situation'],
  EXPOSURE: ['finding', 'situation', 'event'],
  MARITAL: ['finding'],
};

export const searchSnomedRequest = z.object({
  searchText,
  /** The history template attribute the search fills (order 1 = the primary item); informational. */
  attributeId: int32.optional(),
  sectionId: snomedSearchSection,
  maxResults,
});
export type SearchSnomedRequest = z.input<typeof searchSnomedRequest>;

export const snomedSearchResult = z.object({
  /** SNOMED CT concept id. */
  conceptId: z.string(),
  /** The patient-friendly label when the store has one, otherwise the term without its semantic tag. */
  preferredTerm: z.string(),
});
export type SnomedSearchResult = z.infer<typeof snomedSearchResult>;
export const searchSnomedResponse = z.array(snomedSearchResult);

/** Spec 001 §9 footer: the terminology notice. */
export const terminologyNotice = {
  snomedAttribution: 'SNOMED CT® is © and ® SNOMED International.',
  rxnormAttribution:
    'This product uses publicly available data from the U.S. National Library of Medicine (NLM), National Institutes of Health, Department of Health and Human Services; NLM is not responsible for the product and does not endorse or recommend this or any other product.',
} as const;

/** Searches of reference data for any signed-in caller: no patient's data, so no patient to guard. */
export const terminologyCalls = {
  searchAllergensByName: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/fdb/search/searchAllergensByName`,
    who: who.account,
    body: searchAllergensByNameRequest,
    response: searchAllergensByNameResponse,
  }),
  searchPrescriptionsByFilter: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/prescription/searchPrescriptionsByFilter`,
    who: who.account,
    body: searchPrescriptionsByFilterRequest,
    response: searchPrescriptionsByFilterResponse,
  }),
  searchSnomed: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/subjective/searchSnomed`,
    who: who.account,
    body: searchSnomedRequest,
    response: searchSnomedResponse,
  }),
};
