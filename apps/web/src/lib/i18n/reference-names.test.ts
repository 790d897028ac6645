import { findEthnicity, findRace, raceGroups } from '@dermis/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './language';
import { raceEthnicityName } from './reference-names';

describe('raceEthnicityName', () => {
  afterEach(() => setLanguage('en', { remember: false }));

  it('names the race and ethnicity groups in the app language, detailed codes as listed', async () => {
    expect(raceEthnicityName(findRace('2106-3')!)).toBe('White');
    await setLanguage('es', { remember: false });
    expect(raceEthnicityName(findRace('2106-3')!)).toBe('Blanca');
    expect(raceEthnicityName(findEthnicity('2135-2')!)).toBe('Hispana o latina');
    // Every group has its Spanish name.
    for (const group of raceGroups) expect(raceEthnicityName(group)).not.toBe(group.name);
    const detail = { id: '2039-6', name: 'Japanese' };
    expect(raceEthnicityName(detail)).toBe('Japanese');
  });
});
