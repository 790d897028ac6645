/**
 * The words of the From/To calendars (spec 001 §5) in the app language (decision 155): Mantine names
 * months and weekdays through dayjs, whose only bundled locale is English, so each label goes through
 * localDate instead. The English patterns are Mantine's own defaults.
 */
import { localDate } from '../lib/i18n/local-date';

/** 'March 2026' / 'marzo de 2026': the month the calendar shows. */
export const monthLabel = (day: string) => localDate(day, 'MMMM YYYY', { month: 'long', year: 'numeric' });

/** 'Mo' / 'lun': a weekday column. */
export const weekdayLabel = (day: string) => localDate(day, 'dd', { weekday: 'short' });

/** 'Mar' / 'mar': a month of the year view. */
export const monthsListLabel = (day: string) => localDate(day, 'MMM', { month: 'short' });

/** 'November 26, 2026' / '26 de noviembre de 2026': a day as a screen reader announces it. */
export const dayAriaLabel = (day: string) =>
  localDate(day.slice(0, 10), 'MMMM D, YYYY', { day: 'numeric', month: 'long', year: 'numeric' });
