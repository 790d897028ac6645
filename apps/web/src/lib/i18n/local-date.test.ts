import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './language';
import { localDate } from './local-date';

describe('localDate', () => {
  const at = '2026-01-15T12:00:00.000Z';
  const spanish = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

  afterEach(() => setLanguage('en', { remember: false }));

  it('keeps the English pattern of the spec in English', () => {
    expect(localDate(at, 'MMMM DD, YYYY', spanish)).toBe('January 15, 2026');
  });

  it('names months in Spanish, from the browser, when Spanish is chosen', async () => {
    await setLanguage('es', { remember: false });
    expect(localDate(at, 'MMMM DD, YYYY', spanish)).toBe('15 de enero de 2026');
    expect(localDate(new Date(at), 'MMMM DD, YYYY', { ...spanish, month: 'short' })).toMatch(
      /^15 ene\.? 2026$/,
    );
  });

  it('reads a bare YYYY-MM-DD as the local day in both languages, not as UTC midnight', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(localDate('2026-03-05', 'MMMM DD, YYYY', { day: 'numeric', month: 'long' })).toBe(
        'March 05, 2026',
      );
      await setLanguage('es', { remember: false });
      // Options of their own: a cached format keeps the zone it was made in.
      expect(localDate('2026-03-05', 'MMMM DD, YYYY', { day: 'numeric', month: 'long' })).toBe('5 de marzo');
    } finally {
      process.env.TZ = zone;
    }
  });
});
