/** The options of the profile's list fields, from the contract's reference lists. */
import {
  countries,
  countryName,
  ethnicityGroups,
  ethnicityList,
  languageList,
  languageOption,
  raceGroups,
  raceList,
  regionsOf,
  withoutPlaceholders,
  type RaceEthnicityOption,
} from '@dermis/contract';
import { currentLanguage } from '../../lib/i18n';
import { raceEthnicityName } from '../../lib/i18n/reference-names';

export interface Option {
  value: string;
  label: string;
}

/** About 240 countries by their name in the portal's language. */
export function countryOptions(): Option[] {
  const locale = currentLanguage();
  const byLabel = new Intl.Collator(locale).compare;
  return countries
    .map((country) => ({ value: country.enum, label: countryName(country.enum, locale) }))
    .sort((a, b) => byLabel(a.label, b.label));
}

/** The states of a country that has a list (United States, Canada), else null: no state field. */
export function stateOptions(country: string): Option[] | null {
  return regionsOf(country)?.map((region) => ({ value: region.enum, label: region.name })) ?? null;
}

/** Spec 001 §3: the value is the first of iso1, iso2b, iso2t; the label 'name (code)'. */
export function languageOptions(): Option[] {
  return languageList.map(languageOption);
}

const toOption = (option: RaceEthnicityOption): Option => ({ value: option.id, label: option.name });

const toGroupOption = (option: RaceEthnicityOption): Option => ({
  value: option.id,
  label: raceEthnicityName(option),
});

export function raceGroupOptions(): Option[] {
  return withoutPlaceholders(raceGroups).map(toGroupOption);
}

export function ethnicityGroupOptions(): Option[] {
  return withoutPlaceholders(ethnicityGroups).map(toGroupOption);
}

/** The detailed codes under a race group (racesByGroup). */
export function raceDetailOptions(group: string): Option[] {
  return withoutPlaceholders(raceList.filter((option) => option.groupId === group)).map(toOption);
}

export function ethnicityDetailOptions(group: string): Option[] {
  return withoutPlaceholders(ethnicityList.filter((option) => option.groupId === group)).map(toOption);
}
