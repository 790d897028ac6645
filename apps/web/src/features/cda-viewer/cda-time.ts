/**
 * HL7 TS values (YYYYMMDDhhmmss.ffff±ZZZZ, any precision) shown as spec 002 says: month name, day,
 * year, the time when there is one, and a US zone label for -0500, -0600, -0700 and -0800, otherwise
 * the raw offset ("January 2, 2024, 10:15:00, EST"). Unlike the stylesheet, a year or a year and
 * month alone do not come out as ", 2012" (decision 092).
 */
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const usZones: Record<string, string> = { '-0500': 'EST', '-0600': 'CST', '-0700': 'MST', '-0800': 'PST' };

const ts = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:\.\d+)?([+-]\d{1,4})?$/;

export function formatCdaTime(value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  if (!raw) return '';
  const match = ts.exec(raw);
  if (!match) return raw;
  const [, year, month, day, hh, mm, ss, zone] = match;
  const monthName = month ? months[Number(month) - 1] : undefined;
  let text: string;
  if (!monthName) text = year ?? raw;
  else if (!day) text = `${monthName} ${year}`;
  else text = `${monthName} ${Number(day)}, ${year}`;
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
