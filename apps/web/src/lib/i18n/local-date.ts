import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { currentLanguage } from './language';

dayjs.extend(advancedFormat);

const spanishFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way the web app shows a date, a date and time, a time of day or a weekday (decision 155):
 * English keeps the spec's dayjs pattern (spec 000 §9, 001 §9, 002 §2); Spanish takes its month and
 * weekday names from the browser (Intl, 'es-US'), so no dayjs locale is bundled. Both languages read
 * the value the same way (dayjs: a bare 'YYYY-MM-DD' is a local day, not UTC midnight) and show it in
 * the browser's time zone unless the Spanish options name another.
 */
export function localDate(
  value: string | Date,
  englishPattern: string,
  spanish: Intl.DateTimeFormatOptions,
): string {
  const parsed = dayjs(value);
  if (currentLanguage() !== 'es') return parsed.format(englishPattern);
  const key = JSON.stringify(spanish);
  let format = spanishFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('es-US', spanish);
    spanishFormats.set(key, format);
  }
  return format.format(parsed.toDate());
}
