/**
 * Reference lists of spec 001 §3 and spec 002 "Shared enumerations and coded lists":
 * countries with their enum names, US states and territories (armed-forces regions included),
 * Canadian provinces and territories, languages (ISO 639-2) with the value and label rules, and the
 * CDC race and ethnicity codes with their groups. The profile form, the profile schema and the
 * server all read these, and `GET patient/getLanguages|getEthnicities|getRaces` serve them.
 *
 * Sources: countries from the npm package i18n-iso-countries (MIT), languages from iso-639-2 (MIT),
 * regions and CDC codes in ./reference-data (each file names its source).
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { apiPrefix } from './routes';
import countryCodes from 'i18n-iso-countries/codes.json';
import countryNamesEnJson from 'i18n-iso-countries/langs/en.json';
import countryNamesEsJson from 'i18n-iso-countries/langs/es.json';
import { iso6392 } from 'iso-639-2';
import { cdcEthnicitiesByGroup } from './reference-data/cdc-ethnicity';
import { cdcRacesByGroup } from './reference-data/cdc-race';
import { caProvinces, usStates, type Region } from './reference-data/regions';

export { caProvinces, usStates, type Region, type RegionType } from './reference-data/regions';

// ---------------------------------------------------------------------------------------------
// Countries

export interface Country {
  /** The stored value: the short English name in capitals, diacritics dropped, other signs as `_`. */
  enum: string;
  /** ISO 3166-1 alpha-2 (XK Kosovo is the usual user-assigned code). */
  alpha2: string;
  alpha3: string;
  numeric: string;
  /** Short English name. */
  name: string;
}

type NameTable = { countries: Record<string, string | string[]> };

/**
 * The short names people use where the package's first English name is the formal one
 * (e.g. "Russian Federation" → "Russia"). These decide the enum names, so never change one.
 */
const shortNames: Readonly<Record<string, string>> = {
  AX: 'Aland Islands',
  VG: 'British Virgin Islands',
  BN: 'Brunei',
  CN: 'China',
  CZ: 'Czechia',
  FK: 'Falkland Islands',
  GM: 'Gambia',
  IR: 'Iran',
  LA: 'Laos',
  FM: 'Micronesia',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PS: 'Palestine',
  PN: 'Pitcairn Islands',
  RU: 'Russia',
  MF: 'Saint Martin',
  SX: 'Sint Maarten',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  TR: 'Turkey',
  VI: 'US Virgin Islands',
  US: 'United States',
  VA: 'Vatican City',
};

function firstName(table: NameTable, alpha2: string): string {
  const value = table.countries[alpha2];
  return (Array.isArray(value) ? value[0] : value) ?? alpha2;
}

/** Capitals, no diacritics, every other sign an underscore: "Côte d'Ivoire" → COTE_D_IVOIRE. */
export function toEnumName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

// One collator for the sorts below: `localeCompare` with a locale builds a collator on every call, and
// the lists' thousands of comparisons, made when the module loads, cost a slow phone tens of ms.
const byEnglishName = new Intl.Collator('en').compare;

/** About 250 countries, sorted by English name. */
export const countries: readonly Country[] = countryCodes
  .map(([alpha2 = '', alpha3 = '', numeric = '']) => {
    const name = shortNames[alpha2] ?? firstName(countryNamesEnJson, alpha2);
    return { enum: toEnumName(name), alpha2, alpha3, numeric, name };
  })
  .sort((a, b) => byEnglishName(a.name, b.name));

export const UNITED_STATES = 'UNITED_STATES';
export const CANADA = 'CANADA';

const countryByEnum = new Map(countries.map((country) => [country.enum, country]));

export function findCountry(countryEnum: string): Country | undefined {
  return countryByEnum.get(countryEnum);
}

/** The country's name in the portal's language (English or Spanish). */
export function countryName(countryEnum: string, locale: 'en' | 'es' = 'en'): string {
  const country = countryByEnum.get(countryEnum);
  if (!country) return countryEnum;
  return locale === 'es' ? firstName(countryNamesEsJson, country.alpha2) : country.name;
}

export const countryEnum = z.enum(countries.map((country) => country.enum) as [string, ...string[]]);

// ---------------------------------------------------------------------------------------------
// States and provinces

/** Countries whose addresses need a state or province (spec 001 §5). */
export const stateRequiredCountries: readonly string[] = [UNITED_STATES, CANADA];

/** The states of a country that has a list (United States, Canada), otherwise null. */
export function regionsOf(countryEnum: string): readonly Region[] | null {
  if (countryEnum === UNITED_STATES) return usStates;
  if (countryEnum === CANADA) return caProvinces;
  return null;
}

/** True when the state belongs to the country's list (any state passes for a country without one). */
export function isRegionOf(countryEnum: string, state: string): boolean {
  const regions = regionsOf(countryEnum);
  return regions === null || regions.some((region) => region.enum === state);
}

// ---------------------------------------------------------------------------------------------
// Languages

/** One language as `GET patient/getLanguages` answers it. */
export const languageEntry = z.object({
  name: z.string(),
  /** ISO 639-1 two-letter code, when the language has one. */
  iso1: z.string().nullable(),
  /** ISO 639-2/B (bibliographic) three-letter code. */
  iso2b: z.string(),
  /** ISO 639-2/T (terminology) code, when it differs from 2/B. */
  iso2t: z.string().nullable(),
});
export type LanguageEntry = z.infer<typeof languageEntry>;
export const languagesResponse = z.array(languageEntry);

/** The declined-to-specify answer; 'und' is ISO 639-2's "Undetermined", which it replaces. */
export const declinedLanguage: LanguageEntry = {
  name: 'Declined to specify',
  iso1: null,
  iso2b: 'und',
  iso2t: null,
};

// Codes that name no language a patient speaks (multiple, no content, uncoded, local-use range).
const notALanguage = new Set(['mis', 'mul', 'und', 'zxx', 'qaa-qtz']);

/** ISO 639-2 languages sorted by name, then the declined-to-specify answer. */
export const languageList: readonly LanguageEntry[] = [
  ...iso6392
    .filter((entry) => !notALanguage.has(entry.iso6392B))
    .map((entry) => ({
      name: entry.name,
      iso1: entry.iso6391 ?? null,
      iso2b: entry.iso6392B,
      iso2t: entry.iso6392T ?? null,
    }))
    .sort((a, b) => byEnglishName(a.name, b.name)),
  declinedLanguage,
];

/** Spec 001 §3: the value is the first of iso1, iso2b, iso2t; the label is 'name (code)'. */
export function languageOption(entry: LanguageEntry): { value: string; label: string } {
  const value = entry.iso1 ?? entry.iso2b ?? entry.iso2t ?? '';
  return { value, label: `${entry.name} (${value})` };
}

/** Every value a profile's preferredLanguageIsoCode may hold. */
export const languageValues: ReadonlySet<string> = new Set(
  languageList.map((entry) => languageOption(entry).value),
);

// ---------------------------------------------------------------------------------------------
// Race and ethnicity (CDC Race & Ethnicity Code Set, OID 2.16.840.1.113883.6.238)

/** One race or ethnicity as `GET patient/getRaces|getEthnicities` answer it. */
export const raceEthnicityOption = z.object({
  id: z.string(),
  name: z.string(),
  /** The OMB group (a top-level code) a detailed code sits under; null for the groups themselves. */
  groupId: z.string().nullable(),
  /** The code it sits directly under (the group, or a detailed code); null for the groups. */
  parentId: z.string().nullable(),
  /** 0 for a group or the declined answer, 1 directly under a group, deeper below. */
  level: z.number().int(),
});
export type RaceEthnicityOption = z.infer<typeof raceEthnicityOption>;
export const raceEthnicityResponse = z.array(raceEthnicityOption);

export const declinedRaceCode = 'ez01-1';
export const declinedEthnicityCode = 'ez00-1';

/** The five OMB race groups of spec 001 §3, then declined to specify. */
export const raceGroups: readonly RaceEthnicityOption[] = [
  { id: '2106-3', name: 'White', groupId: null, parentId: null, level: 0 },
  { id: '2054-5', name: 'Black or African American', groupId: null, parentId: null, level: 0 },
  { id: '1002-5', name: 'American Indian or Alaska Native', groupId: null, parentId: null, level: 0 },
  { id: '2028-9', name: 'Asian', groupId: null, parentId: null, level: 0 },
  {
    id: '2076-8',
    name: 'Native Hawaiian or Other Pacific Islander',
    groupId: null,
    parentId: null,
    level: 0,
  },
  { id: declinedRaceCode, name: 'Declined to specify', groupId: null, parentId: null, level: 0 },
];

/** The two OMB ethnicity groups, then declined to specify. */
export const ethnicityGroups: readonly RaceEthnicityOption[] = [
  { id: '2186-5', name: 'Not Hispanic or Latino', groupId: null, parentId: null, level: 0 },
  { id: '2135-2', name: 'Hispanic or Latino', groupId: null, parentId: null, level: 0 },
  { id: declinedEthnicityCode, name: 'Declined to specify', groupId: null, parentId: null, level: 0 },
];

function detailed(
  byGroup: Readonly<Record<string, readonly (readonly [string, string, number, string])[]>>,
): RaceEthnicityOption[] {
  return Object.entries(byGroup).flatMap(([groupId, rows]) =>
    rows.map(([id, name, level, parentId]) => ({ id, name, groupId, parentId, level })),
  );
}

/** Groups first, then every detailed code (921 races; 41 ethnicities, all under Hispanic or Latino). */
export const raceList: readonly RaceEthnicityOption[] = [...raceGroups, ...detailed(cdcRacesByGroup)];
export const ethnicityList: readonly RaceEthnicityOption[] = [
  ...ethnicityGroups,
  ...detailed(cdcEthnicitiesByGroup),
];

const raceById = new Map(raceList.map((option) => [option.id, option]));
const ethnicityById = new Map(ethnicityList.map((option) => [option.id, option]));

export function findRace(id: string): RaceEthnicityOption | undefined {
  return raceById.get(id);
}
export function findEthnicity(id: string): RaceEthnicityOption | undefined {
  return ethnicityById.get(id);
}

/** Names a legacy list carries as placeholders; spec 001 §3 filters them out of the options. */
export const placeholderOptionNames: readonly string[] = ['RACE', 'ETHNICITY', 'UNDEFINED'];

export function withoutPlaceholders<T extends { name: string }>(options: readonly T[]): T[] {
  return options.filter((option) => !placeholderOptionNames.includes(option.name));
}

/** Detailed codes under each group: the racesByGroup / ethnicitiesByGroup shape of the profile. */
export type ByGroup = Record<string, string[]>;

/**
 * Spec 001 §4: unselecting a group drops the selected detailed values whose group is no longer
 * selected. Returns a new map with only the selected groups' values that belong to them.
 */
export function pruneByGroup(
  selectedGroups: readonly string[],
  byGroup: ByGroup,
  kind: 'race' | 'ethnicity',
): ByGroup {
  const find = kind === 'race' ? findRace : findEthnicity;
  const pruned: ByGroup = {};
  for (const group of selectedGroups) {
    const values = (byGroup[group] ?? []).filter((id) => find(id)?.groupId === group);
    if (values.length > 0) pruned[group] = values;
  }
  return pruned;
}

/** Spec 001 §3: the detailed values are merged into races / ethnicities on save (no duplicates). */
export function mergeByGroup(selectedGroups: readonly string[], byGroup: ByGroup): string[] {
  return [...new Set([...selectedGroups, ...Object.values(byGroup).flat()])];
}

/** The lists the profile form offers, for any signed-in caller (reference data, not a patient's). */
export const referenceListsCalls = {
  getLanguages: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/getLanguages`,
    who: who.account,
    response: languagesResponse,
  }),
  getEthnicities: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/getEthnicities`,
    who: who.account,
    response: raceEthnicityResponse,
  }),
  getRaces: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/getRaces`,
    who: who.account,
    response: raceEthnicityResponse,
  }),
};
