import { localDate } from '../../lib/i18n/local-date';
import { t } from '../../lib/i18n';

/** When an app was connected: the day, with the month named in the UI language. */
export function connectedOnText(iso: string): string {
  return localDate(iso, 'MMMM D, YYYY', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** When an app last read the record: day and time, or 'Not yet'. */
export function lastUsedText(iso: string | null): string {
  if (iso === null) return t('connectedApps.neverUsed');
  return localDate(iso, 'MMMM D, YYYY h:mm A', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
