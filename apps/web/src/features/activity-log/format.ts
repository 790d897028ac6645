/** Spec 000 §2 and §9: activity texts, the 'MMM Do YYYY h:mm:ss A' date and the GMT offset header. */
import dayjs from 'dayjs';
import type { ActivityLogEntry } from '@dermis/contract';
import { t } from '../../lib/i18n';
import { localDate } from '../../lib/i18n/local-date';

/** The actions about a health app, whose name the entry's `toAddress` holds. */
const healthAppActions = new Set(['HEALTH_APP_ACCESS', 'HEALTH_APP_CONNECTED', 'HEALTH_APP_DISCONNECTED']);
type HealthAppAction = 'HEALTH_APP_ACCESS' | 'HEALTH_APP_CONNECTED' | 'HEALTH_APP_DISCONNECTED';

export function actionText(
  entry: Pick<ActivityLogEntry, 'action' | 'toAddress'> & Partial<Pick<ActivityLogEntry, 'outcome'>>,
): string {
  const text =
    entry.action === 'TRANSMIT_VIA_EMAIL' && entry.toAddress
      ? t('activityLog.action.TRANSMIT_VIA_EMAIL_TO', { address: entry.toAddress })
      : healthAppActions.has(entry.action)
        ? t(`activityLog.action.${entry.action as HealthAppAction}`, { app: entry.toAddress ?? '' })
        : t(`activityLog.action.${entry.action}`);
  // A transmission the transport refused is logged too, and says so.
  return entry.outcome === 'FAILED' ? t('activityLog.failed', { action: text }) : text;
}

/** Shown in the browser's time zone, which the column header names; the month in the UI language. */
export function activityDate(iso: string): string {
  return localDate(iso, 'MMM Do YYYY h:mm:ss A', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The browser's offset like +01:00 (for 'Date & Time (GMT+01:00)'). */
export function gmtOffset(at: Date = new Date()): string {
  return dayjs(at).format('Z');
}
