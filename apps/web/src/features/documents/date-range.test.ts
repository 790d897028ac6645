import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/language';
import { defaultRange, documentDate, isRangeInvalid, rangeInstants, shortcutRange } from './date-range';

const today = dayjs('2026-03-20T12:00:00');
describe('documents date range', () => {
  it('defaults to the last 7 days and offers 15 days and 1 month', () => {
    expect(defaultRange(today)).toEqual({ from: '2026-03-13', to: '2026-03-20' });
    expect(shortcutRange('last15Days', today)).toEqual({ from: '2026-03-05', to: '2026-03-20' });
    expect(shortcutRange('last1Month', today)).toEqual({ from: '2026-02-20', to: '2026-03-20' });
  });

  it('asks for whole local days, inclusive of the last, and leaves an open end out', () => {
    expect(rangeInstants({ from: '2026-03-13', to: '2026-03-20' })).toEqual({
      createdFrom: dayjs('2026-03-13T00:00:00').toISOString(),
      createdBefore: dayjs('2026-03-21T00:00:00').toISOString(),
    });
    expect(rangeInstants({ from: null, to: '2026-03-20' })).toEqual({
      createdBefore: dayjs('2026-03-21T00:00:00').toISOString(),
    });
    expect(rangeInstants({ from: null, to: null })).toEqual({});
  });

  it('refuses a start after the end, comparing days only', () => {
    expect(isRangeInvalid({ from: '2026-03-21', to: '2026-03-20' })).toBe(true);
    expect(isRangeInvalid({ from: '2026-03-20', to: '2026-03-20' })).toBe(false);
    expect(isRangeInvalid({ from: null, to: '2026-03-20' })).toBe(false);
  });

  it("formats document dates as 'MMMM DD, YYYY'", () => {
    expect(documentDate(dayjs('2026-03-05T10:00:00').toISOString())).toBe('March 05, 2026');
  });

  describe('in Spanish', () => {
    afterEach(() => setLanguage('en', { remember: false }));
    it('names the month in Spanish', async () => {
      await setLanguage('es', { remember: false });
      expect(documentDate(dayjs('2026-03-05T10:00:00').toISOString())).toBe('05 de marzo de 2026');
    });
  });
});
