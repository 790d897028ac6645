import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n/language';
import { dayAriaLabel, monthLabel, monthsListLabel, weekdayLabel } from './calendar-labels';

describe('the From/To calendar words', () => {
  afterEach(() => setLanguage('en', { remember: false }));

  it("are Mantine's English defaults in English", () => {
    expect(monthLabel('2026-11-01')).toBe('November 2026');
    expect(weekdayLabel('2026-11-23')).toBe('Mo');
    expect(monthsListLabel('2026-03-01')).toBe('Mar');
    expect(dayAriaLabel('2026-11-26')).toBe('November 26, 2026');
  });

  it('name months and weekdays in Spanish', async () => {
    await setLanguage('es', { remember: false });
    expect(monthLabel('2026-11-01')).toBe('noviembre de 2026');
    expect(weekdayLabel('2026-11-23')).toMatch(/^lun\.?$/);
    expect(monthsListLabel('2026-03-01')).toMatch(/^mar\.?$/);
    expect(dayAriaLabel('2026-11-26')).toBe('26 de noviembre de 2026');
  });
});
