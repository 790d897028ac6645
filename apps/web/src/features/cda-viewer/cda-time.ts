/**
 * HL7 TS values (YYYYMMDDhhmmss.ffff±ZZZZ, any precision) shown as spec 002 says: month name, day,
 * year, the time when there is one, and a US zone label for -0500, -0600, -0700 and -0800, otherwise
 * the raw offset ("January 2, 2024, 10:15:00, EST"). Unlike the stylesheet, a year or a year and
 * month alone do not come out as ", 2012" (decision 092). The month is named in the app language
 * (decision 155: "2 de enero de 2024, 10:15:00, EST" in Spanish); the time stays as the document
 * wrote it, in the document's own zone.
 */
import { localDate } from '../../lib/i18n/local-date';

const usZones: Record<string, string> = { '-0500': 'EST', '-0600': 'CST', '-0700': 'MST', '-0800': 'PST' };

const ts = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:\.\d+)?([+-]\d{1,4})?$/;

export function formatCdaTime(value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  if (!raw) return '';
  const match = ts.exec(raw);
  if (!match) return raw;
  const [, year, month, day, hh, mm, ss, zone] = match;
  const monthIndex = month ? Number(month) - 1 : -1;
  let text: string;
  if (monthIndex < 0 || monthIndex > 11) text = year ?? raw;
  else {
    // A local calendar day, so no zone moves it; setFullYear keeps years 0-99 as written.
    const date = new Date(2000, 0, 1);
    date.setFullYear(Number(year), monthIndex, day ? Number(day) : 1);
    text = day
      ? localDate(date, 'MMMM D, YYYY', { day: 'numeric', month: 'long', year: 'numeric' })
      : localDate(date, 'MMMM YYYY', { month: 'long', year: 'numeric' });
  }
  if (hh) {
    text += `, ${hh}`;
    if (mm) text += `:${mm}${ss ? `:${ss}` : ''}`;
    else text += ':00';
  }
  if (zone) {
    const label = usZones[zone];
    text += label ? `, ${label}` : ` ${zone}`;
  }
  return text;
}
