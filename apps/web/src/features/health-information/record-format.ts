/** How the clinical record's values read on the page: days, units and numbers. */
import dayjs from 'dayjs';
import { unitLabel } from '@dermis/contract';

/** A UCUM unit as people write it (one list with the PDF's, in the contract). */
export { unitLabel };

/** A stored instant as the page's day (MM/DD/YYYY, as the rest of the page). */
export const recordDay = (iso: string) => dayjs(iso).format('MM/DD/YYYY');

/** A date-only value (YYYY-MM-DD) as MM/DD/YYYY, without a time zone shift. */
export const recordDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

// One formatter a language: building an Intl.NumberFormat costs far more than formatting with it, and
// a record shows hundreds of numbers (the trend alone, each value twice).
let numbers: { language: string; format: Intl.NumberFormat } | null = null;

/** A number in the page's language, without trailing zeros. */
export const numberText = (value: number) => {
  const language = document.documentElement.lang || 'en';
  if (numbers?.language !== language)
    numbers = { language, format: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }) };
  return numbers.format.format(value);
};

export const withUnit = (value: number, unit: string | null) =>
  unit ? `${numberText(value)} ${unitLabel(unit)}` : numberText(value);
