/**
 * The documents date filter (spec 001 §5 "Date range", §9): default the last 7 days, shortcuts the
 * last 15 days and the last 1 month, inclusive by creation day, start not after end (by day).
 */
import dayjs from 'dayjs';
import type { DocumentRangeShortcut } from '@dermis/contract';
import { documentDateFormat, documentRangeShortcuts } from '@dermis/contract';
import { localDate } from '../../lib/i18n/local-date';

export interface DayRange {
  /** YYYY-MM-DD (local days). */
  from: string | null;
  to: string | null;
}

const day = 'YYYY-MM-DD';

export function shortcutRange(shortcut: DocumentRangeShortcut, today = dayjs()): DayRange {
  const found = documentRangeShortcuts.find((s) => s.key === shortcut) ?? documentRangeShortcuts[0];
  return { from: today.subtract(found.amount, found.unit).format(day), to: today.format(day) };
}

/** The range the documents list opens with (the profile card counts it too). */
export const defaultShortcut: DocumentRangeShortcut = 'last7Days';

export const defaultRange = (today = dayjs()): DayRange => shortcutRange(defaultShortcut, today);

/** True when both ends are set and the start is after the end. */
export function isRangeInvalid(range: DayRange): boolean {
  return range.from !== null && range.to !== null && range.from > range.to;
}

/**
 * The range as the server filters it: from the start of its first local day, before the start of
 * the local day after its last (either end may be open).
 */
export function rangeInstants(range: DayRange): { createdFrom?: string; createdBefore?: string } {
  return {
    ...(range.from === null ? {} : { createdFrom: dayjs(range.from).startOf('day').toISOString() }),
    ...(range.to === null
      ? {}
      : { createdBefore: dayjs(range.to).add(1, 'day').startOf('day').toISOString() }),
  };
}

/** 'MMMM DD, YYYY' (spec §9: 'MMMM DD, Y'); in Spanish '05 de marzo de 2026'. */
export function documentDate(iso: string): string {
  return localDate(iso, documentDateFormat, { day: '2-digit', month: 'long', year: 'numeric' });
}
