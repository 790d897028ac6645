import { describe, expect, it } from 'vitest';
import { actionText, activityDate, gmtOffset } from './format';

describe('activity-log display (spec 000 §9)', () => {
  it('words every action, appending the e-mail target when there is one', () => {
    expect(actionText({ action: 'DOWNLOAD_PDF', toAddress: null })).toBe(
      'Downloaded health information in PDF format',
    );
    expect(actionText({ action: 'DOWNLOAD_CCDA', toAddress: null })).toBe(
      'Downloaded health information in C-CDA format',
    );
    expect(actionText({ action: 'VIEW', toAddress: null })).toBe('Viewed health information');
    expect(actionText({ action: 'TRANSMIT', toAddress: 'x@direct.example' })).toBe('Transmitted via Direct');
    expect(actionText({ action: 'TRANSMIT_VIA_EMAIL', toAddress: null })).toBe('Transmitted via email');
    expect(actionText({ action: 'TRANSMIT_VIA_EMAIL', toAddress: 'a@b.org' })).toBe(
      'Transmitted via email to a@b.org',
    );
  });

  it('formats dates as MMM Do YYYY h:mm:ss A and the offset as ±hh:mm', () => {
    expect(activityDate('2026-03-01T15:04:05.000Z')).toMatch(
      /^(Mar|Feb) \d{1,2}(st|nd|rd|th) 2026 \d{1,2}:04:05 (AM|PM)$/,
    );
    expect(gmtOffset()).toMatch(/^[+-]\d{2}:\d{2}$/);
  });
});
