import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
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
    expect(actionText({ action: 'HEALTH_APP_ACCESS', toAddress: 'Blue Button Viewer' })).toBe(
      'Health information accessed by Blue Button Viewer',
    );
  });

  it('says when a transmission failed', () => {
    expect(actionText({ action: 'TRANSMIT', toAddress: 'x@direct.example', outcome: 'FAILED' })).toBe(
      'Transmitted via Direct (not delivered: the transmission failed)',
    );
    expect(actionText({ action: 'TRANSMIT', toAddress: 'x@direct.example', outcome: 'SUCCEEDED' })).toBe(
      'Transmitted via Direct',
    );
  });

  it('formats dates as MMM Do YYYY h:mm:ss A and the offset as ±hh:mm', () => {
    expect(activityDate('2026-03-01T15:04:05.000Z')).toMatch(
      /^(Mar|Feb) \d{1,2}(st|nd|rd|th) 2026 \d{1,2}:04:05 (AM|PM)$/,
    );
    expect(gmtOffset()).toMatch(/^[+-]\d{2}:\d{2}$/);
  });

  describe('in Spanish', () => {
    afterEach(() => setLanguage('en', { remember: false }));

    it('names the month in Spanish', async () => {
      await setLanguage('es', { remember: false });
      expect(activityDate('2026-03-15T15:04:05.000Z')).toMatch(/^1[45] mar 2026,? \d{1,2}:04:05/);
    });

    it('names the health app that read the record', async () => {
      await setLanguage('es', { remember: false });
      expect(actionText({ action: 'HEALTH_APP_ACCESS', toAddress: 'Blue Button Viewer' })).toBe(
        'Información de salud consultada por Blue Button Viewer',
      );
    });
  });
});
