import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { currentLanguage } from './language';

dayjs.extend(advancedFormat);

const spanishFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date in the UI language. English keeps the spec's dayjs pattern (spec 000 §9); Spanish takes its
 * month names from the browser (Intl, 'es-US'), so no dayjs locale is bundled for a few dates.
 */
export function localDate(
  value: string | Date,
  englishPattern: string,
  spanish: Intl.DateTimeFormatOptions,
): string {
  if (currentLanguage() !== 'es') return dayjs(value).format(englishPattern);
  const key = JSON.stringify(spanish);
  let format = spanishFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('es-US', spanish);
    spanishFormats.set(key, format);
  }
  return format.format(new Date(value));
}
