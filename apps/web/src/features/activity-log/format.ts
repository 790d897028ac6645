/** Spec 000 §2 and §9: activity texts, the 'MMM Do YYYY h:mm:ss A' date and the GMT offset header. */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import type { ActivityLogEntry } from '@dermis/contract';
import { t } from '../../lib/i18n';

dayjs.extend(advancedFormat);

export function actionText(entry: Pick<ActivityLogEntry, 'action' | 'toAddress'>): string {
  if (entry.action === 'TRANSMIT_VIA_EMAIL' && entry.toAddress)
    return t('activityLog.action.TRANSMIT_VIA_EMAIL_TO', { address: entry.toAddress });
  return t(`activityLog.action.${entry.action}`);
}

/** Shown in the browser's time zone, which the column header names. */
export function activityDate(iso: string): string {
  return dayjs(iso).format('MMM Do YYYY h:mm:ss A');
}

/** The browser's offset like +01:00 (for 'Date & Time (GMT+01:00)'). */
export function gmtOffset(at: Date = new Date()): string {
  return dayjs(at).format('Z');
}
