/**
 * The 'Import VCS File' calendar file (spec 002 §2): an iCalendar object (RFC 5545) with one event.
 * Google Calendar, Outlook and Apple Calendar import VCALENDAR 2.0 from a .vcs file; vCalendar 1.0
 * is read by Outlook only, so 2.0 is written under the spec's file name (decision 105).
 */
export const vcsFileName = 'appointment-calendar-event.vcs';

export interface CalendarEvent {
  /** Stable per visit, so importing twice updates the event instead of adding a second. */
  uid: string;
  start: Date;
  /** Milliseconds (the encounter's duration). */
  durationMs: number;
  summary: string;
  location: string;
  description?: string;
  /** DTSTAMP: when the file was made. */
  now: Date;
}

/** 20261126T031500Z: UTC, so no VTIMEZONE block is needed and every calendar agrees. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon and comma are escaped; line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space. Cuts fall between
 * characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildVcs(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + Math.max(0, event.durationMs));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Dermis//Patient Portal Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.now)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Hands the file to the browser as a download (no server round trip: the page has every field). */
export function downloadVcs(content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = vcsFileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
