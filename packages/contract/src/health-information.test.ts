import { describe, expect, it } from 'vitest';
import {
  exportCcdaRequest,
  exportEndOf,
  exportStartOf,
  healthSummaryFileName,
  isExportRangeInvalid,
  parseExportBound,
  parseUsDay,
} from './health-information';

describe('health information date rules (spec 001 §5, spec 002 §5)', () => {
  it('sends the start as the start of its day in UTC', () => {
    expect(exportStartOf('03/09/2026')).toBe('2026-03-09T00:00:00Z');
    expect(exportStartOf('')).toBeUndefined();
    expect(exportStartOf('3/9/2026')).toBeUndefined();
  });

  it('sends the end as the next day at midnight, across month and year ends and leap days', () => {
    expect(exportEndOf('03/09/2026')).toBe('2026-03-10T00:00:00Z');
    expect(exportEndOf('12/31/2025')).toBe('2026-01-01T00:00:00Z');
    expect(exportEndOf('02/28/2024')).toBe('2024-02-29T00:00:00Z');
    expect(exportEndOf('02/29/2024')).toBe('2024-03-01T00:00:00Z');
  });

  it('omits an invalid end (no rollover: 02/30 is not a day)', () => {
    expect(exportEndOf('02/30/2026')).toBeUndefined();
    expect(exportEndOf('13/01/2026')).toBeUndefined();
    expect(exportEndOf('2026-03-09')).toBeUndefined();
    expect(exportEndOf(null)).toBeUndefined();
    expect(parseUsDay('02/29/2023')).toBeNull();
    expect(parseUsDay('02/29/2024')).toEqual({ y: 2024, m: 2, d: 29 });
  });

  it('blocks only a start after the end, compared by day', () => {
    expect(isExportRangeInvalid('03/10/2026', '03/09/2026')).toBe(true);
    expect(isExportRangeInvalid('03/09/2026', '03/09/2026')).toBe(false);
    expect(isExportRangeInvalid('12/31/2025', '01/01/2026')).toBe(false);
    expect(isExportRangeInvalid('03/10/2026', '')).toBe(false);
    expect(isExportRangeInvalid(null, '03/09/2026')).toBe(false);
  });

  it('accepts instants and bare days as bounds, refuses anything else', () => {
    expect(parseExportBound('2026-03-10T00:00:00Z')?.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(parseExportBound('2026-03-10T00:00:00-05:00')?.toISOString()).toBe('2026-03-10T05:00:00.000Z');
    expect(parseExportBound('2026-03-10')?.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    for (const bad of ['2026-02-30', 'yesterday', '1800-01-01', '2026-03-10T25:00:00Z', '03/10/2026']) {
      expect(parseExportBound(bad), bad).toBeNull();
    }
    expect(exportCcdaRequest.safeParse({ patientId: 1, action: 'VIEW', startDate: 'x' }).success).toBe(false);
    expect(exportCcdaRequest.safeParse({ patientId: 1, action: 'PRINT' }).success).toBe(false);
    expect(
      exportCcdaRequest.safeParse({ patientId: 1, action: 'VIEW', startDate: '', endDate: null }).success,
    ).toBe(true);
  });
});

describe('health-summary attachment name (spec 002 §5)', () => {
  it('names the dates and replaces whitespace and slashes with underscores', () => {
    expect(healthSummaryFileName('Maria Lopez', '01/15/2026', '03/09/2026')).toBe(
      'Maria_Lopez_Health_Summary_01_15_2026_03_09_2026.zip',
    );
  });

  it('leaves the dates out when none are given, and keeps one alone', () => {
    expect(healthSummaryFileName('Maria  Lopez')).toBe('Maria__Lopez_Health_Summary.zip');
    expect(healthSummaryFileName('Ana\tRuiz', null, '03/09/2026')).toBe(
      'Ana_Ruiz_Health_Summary_03_09_2026.zip',
    );
    expect(healthSummaryFileName('A/B', '', '', 'pdf')).toBe('A_B_Health_Summary.pdf');
  });
});
