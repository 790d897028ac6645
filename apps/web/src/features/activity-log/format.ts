/** Spec 000 §2 and §9: activity texts, the 'MMM Do YYYY h:mm:ss A' date and the GMT offset header. */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import type { ActivityLogEntry } from '@dermis/contract';
import { currentLanguage, t } from '../../lib/i18n';

dayjs.extend(advancedFormat);

export function actionText(entry: Pick<ActivityLogEntry, 'action' | 'toAddress'>): string {
  if (entry.action === 'TRANSMIT_VIA_EMAIL' && entry.toAddress)
    return t('activityLog.action.TRANSMIT_VIA_EMAIL_TO', { address: entry.toAddress });
  return t(`activityLog.action.${entry.action}`);
}

/**
 * Shown in the browser's time zone, which the column header names. English keeps the spec's pattern;
 * Spanish uses the browser's own Spanish month names (Intl), so no dayjs locale is bundled.
 */
export function activityDate(iso: string): string {
  if (currentLanguage() === 'es') return spanishDate.format(new Date(iso));
  return dayjs(iso).format('MMM Do YYYY h:mm:ss A');
}

const spanishDate = new Intl.DateTimeFormat('es-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** The browser's offset like +01:00 (for 'Date & Time (GMT+01:00)'). */
export function gmtOffset(at: Date = new Date()): string {
  return dayjs(at).format('Z');
}
