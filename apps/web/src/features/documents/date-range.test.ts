import dayjs from 'dayjs';
import type { PatientDocument } from '@dermis/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/language';
import { defaultRange, documentDate, documentsInRange, isRangeInvalid, shortcutRange } from './date-range';

const today = dayjs('2026-03-20T12:00:00');
const doc = (id: number, dateCreated: string): PatientDocument => ({
  id,
  name: `Doc ${id}`,
  contentS3Id: 'x',
  dateCreated,
  addedOn: dateCreated,
  ownerFullName: null,
  fileName: `doc-${id}.pdf`,
  mimeType: 'application/pdf',
  contentLength: 1,
});

describe('documents date range', () => {
  it('defaults to the last 7 days and offers 15 days and 1 month', () => {
    expect(defaultRange(today)).toEqual({ from: '2026-03-13', to: '2026-03-20' });
    expect(shortcutRange('last15Days', today)).toEqual({ from: '2026-03-05', to: '2026-03-20' });
    expect(shortcutRange('last1Month', today)).toEqual({ from: '2026-02-20', to: '2026-03-20' });
  });

  it('is inclusive by creation day, newest first, and open ends match everything', () => {
    const documents = [
      doc(1, dayjs('2026-03-13T00:30:00').toISOString()),
      doc(2, dayjs('2026-03-20T23:59:00').toISOString()),
      doc(3, dayjs('2026-03-12T23:59:00').toISOString()),
    ];
    expect(documentsInRange(documents, { from: '2026-03-13', to: '2026-03-20' }).map((d) => d.id)).toEqual([
      2, 1,
    ]);
    expect(documentsInRange(documents, { from: null, to: null }).map((d) => d.id)).toEqual([2, 1, 3]);
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
