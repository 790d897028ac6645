import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { smokingStatusText } from './smoking-status';

afterEach(async () => {
  await setLanguage('en', { remember: false });
});

describe('smokingStatusText', () => {
  it('names a known smoking status in the app language and keeps any other text as written', async () => {
    expect(smokingStatusText('Former smoker')).toBe('Former smoker');
    await setLanguage('es', { remember: false });
    expect(smokingStatusText('Former smoker')).toBe('Exfumador');
    expect(smokingStatusText('Never smoker')).not.toBe('Never smoker');
    expect(smokingStatusText('Pipe smoker since 1990')).toBe('Pipe smoker since 1990');
  });
});
