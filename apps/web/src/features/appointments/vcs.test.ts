import { describe, expect, it } from 'vitest';
import { buildVcs, escapeText, foldLine, icsUtc } from './vcs';

/** Unfolds RFC 5545 lines and splits them into name and value, as a calendar reads the file. */
function parse(content: string): Map<string, string> {
  const unfolded = content.replace(/\r\n[ \t]/g, '');
  const entries = new Map<string, string>();
  for (const line of unfolded.split('\r\n').filter(Boolean)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    entries.set(entries.has(name) ? `${name}#2` : name, line.slice(colon + 1));
  }
  return entries;
}

const event = {
  uid: 'encounter-7-patient-3@dermis',
  start: new Date('2030-05-01T14:30:00.000Z'),
  durationMs: 45 * 60 * 1000,
  summary: 'Appointment with Ana Silva, MD',
  location: '100 Gulf Shore Blvd, Suite 2; rear entrance, Naples, Florida 34102',
  description: 'Naples Dermatology',
  now: new Date('2030-04-01T08:00:05.123Z'),
};

describe('buildVcs', () => {
  const content = buildVcs(event);
  const fields = parse(content);

  it('is one VCALENDAR 2.0 with one VEVENT and the required properties', () => {
    expect(content.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(content.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(fields.get('VERSION')).toBe('2.0');
    expect(fields.get('PRODID')).toMatch(/^-\/\/Dermis\/\//);
    expect(fields.get('BEGIN#2')).toBe('VEVENT');
    expect(fields.get('UID')).toBe('encounter-7-patient-3@dermis');
    expect(fields.get('DTSTAMP')).toBe('20300401T080005Z');
  });

  it('starts at the visit and ends after its duration, in UTC', () => {
    expect(fields.get('DTSTART')).toBe('20300501T143000Z');
    expect(fields.get('DTEND')).toBe('20300501T151500Z');
  });

  it('puts the clinic address in LOCATION with commas and semicolons escaped', () => {
    expect(fields.get('LOCATION')).toBe(
      '100 Gulf Shore Blvd\\, Suite 2\\; rear entrance\\, Naples\\, Florida 34102',
    );
    expect(fields.get('SUMMARY')).toBe('Appointment with Ana Silva\\, MD');
  });

  it('uses CRLF line endings only and no line longer than 75 octets', () => {
    expect(content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of content.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });
});

describe('text rules', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('writes UTC stamps without separators or milliseconds', () => {
    expect(icsUtc(new Date('2031-01-02T03:04:05.678Z'))).toBe('20310102T030405Z');
  });
});
