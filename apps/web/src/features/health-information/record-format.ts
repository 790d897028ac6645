/** How the clinical record's values read on the page: days, units and numbers. */
import dayjs from 'dayjs';

/** A stored instant as the page's day (MM/DD/YYYY, as the rest of the page). */
export const recordDay = (iso: string) => dayjs(iso).format('MM/DD/YYYY');

/** A date-only value (YYYY-MM-DD) as MM/DD/YYYY, without a time zone shift. */
export const recordDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

const unitText: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  Cel: '°C',
  '[degF]': '°F',
  '[in_i]': 'in',
  '[lb_av]': 'lb',
  'kg/m2': 'kg/m²',
  '/min': '/min',
  '[IU]/mL': 'IU/mL',
  '{tbl}': 'tablet',
};

/** A UCUM unit as people write it (mm[Hg] → mmHg, Cel → °C). */
export const unitLabel = (unit: string | null) => (unit ? (unitText[unit] ?? unit) : '');

/** A number in the page's language, without trailing zeros. */
export const numberText = (value: number) =>
  new Intl.NumberFormat(document.documentElement.lang || 'en', { maximumFractionDigits: 2 }).format(value);

export const withUnit = (value: number, unit: string | null) =>
  unit ? `${numberText(value)} ${unitLabel(unit)}` : numberText(value);
