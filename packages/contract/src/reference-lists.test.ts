import { describe, expect, it } from 'vitest';
import {
  caProvinces,
  countries,
  countryEnum,
  countryName,
  declinedEthnicityCode,
  declinedRaceCode,
  ethnicityList,
  findRace,
  isRegionOf,
  languageList,
  languageOption,
  languageValues,
  mergeByGroup,
  pruneByGroup,
  raceGroups,
  raceList,
  regionsOf,
  toEnumName,
  usStates,
  withoutPlaceholders,
} from './reference-lists';

describe('countries', () => {
  it('has about 240 entries with unique enum names, including the United States and Canada', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(new Set(countries.map((c) => c.enum)).size).toBe(countries.length);
    expect(countries.find((c) => c.alpha2 === 'US')?.enum).toBe('UNITED_STATES');
    expect(countries.find((c) => c.alpha2 === 'CA')?.enum).toBe('CANADA');
    expect(countries.find((c) => c.alpha2 === 'GB')?.enum).toBe('UNITED_KINGDOM');
    expect(countryEnum.safeParse('UNITED_STATES').success).toBe(true);
    expect(countryEnum.safeParse('ATLANTIS').success).toBe(false);
  });

  it('derives enum names without diacritics and names them in Spanish too', () => {
    expect(toEnumName("Côte d'Ivoire")).toBe('COTE_D_IVOIRE');
    expect(countries.find((c) => c.alpha2 === 'AX')?.enum).toBe('ALAND_ISLANDS');
    expect(countryName('GERMANY', 'es')).toBe('Alemania');
    expect(countryName('GERMANY')).toBe('Germany');
  });
});

describe('states and provinces', () => {
  it('lists 62 US values with the armed-forces regions and 13 Canadian ones', () => {
    expect(usStates).toHaveLength(62);
    expect(usStates.filter((s) => s.type === 'military').map((s) => s.code)).toEqual(['AA', 'AE', 'AP']);
    expect(caProvinces).toHaveLength(13);
    expect(usStates.every((s) => /^[A-Z_]+$/.test(s.enum))).toBe(true);
  });

  it('knows which states belong to which country', () => {
    expect(regionsOf('UNITED_STATES')).toBe(usStates);
    expect(regionsOf('GERMANY')).toBeNull();
    expect(isRegionOf('CANADA', 'ONTARIO')).toBe(true);
    expect(isRegionOf('CANADA', 'TEXAS')).toBe(false);
    expect(isRegionOf('FRANCE', 'ANYTHING')).toBe(true);
  });
});

describe('languages', () => {
  it('follows the value and label rules: iso1 first, else iso2b', () => {
    const english = languageList.find((l) => l.iso2b === 'eng');
    expect(english && languageOption(english)).toEqual({ value: 'en', label: 'English (en)' });
    const hawaiian = languageList.find((l) => l.iso2b === 'haw');
    expect(hawaiian && languageOption(hawaiian)).toEqual({ value: 'haw', label: 'Hawaiian (haw)' });
  });

  it('ends with declined to specify and has a three-letter code on every entry', () => {
    expect(languageList.at(-1)?.name).toBe('Declined to specify');
    expect(languageList.length).toBeGreaterThan(400);
    expect(languageList.every((l) => /^[a-z]{3}$/.test(l.iso2b))).toBe(true);
    expect(languageValues.has('es')).toBe(true);
    expect(languageValues.has('und')).toBe(true);
  });
});

describe('race and ethnicity', () => {
  it('has the spec codes as groups and the CDC detailed codes under them', () => {
    expect(raceGroups.map((g) => g.id)).toEqual([
      '2106-3',
      '2054-5',
      '1002-5',
      '2028-9',
      '2076-8',
      declinedRaceCode,
    ]);
    expect(raceList.length).toBeGreaterThan(900);
    expect(findRace('2039-6')).toMatchObject({ name: 'Japanese', groupId: '2028-9' });
    expect(ethnicityList.map((e) => e.id)).toContain(declinedEthnicityCode);
    expect(ethnicityList.find((e) => e.name === 'Mexican')?.groupId).toBe('2135-2');
  });

  it('drops detailed values whose group was unselected and merges the rest', () => {
    const byGroup = { '2028-9': ['2039-6'], '2106-3': ['2108-9'] };
    expect(pruneByGroup(['2106-3'], byGroup, 'race')).toEqual({ '2106-3': ['2108-9'] });
    // A value filed under the wrong group is dropped too.
    expect(pruneByGroup(['2106-3'], { '2106-3': ['2039-6'] }, 'race')).toEqual({});
    expect(mergeByGroup(['2106-3', '2028-9'], byGroup)).toEqual(['2106-3', '2028-9', '2039-6', '2108-9']);
  });

  it('filters the placeholder names out of options', () => {
    expect(withoutPlaceholders([{ name: 'RACE' }, { name: 'Asian' }, { name: 'UNDEFINED' }])).toEqual([
      { name: 'Asian' },
    ]);
  });
});
