import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/language';
import {
  checkFiles,
  fileNotices,
  forwardDraft,
  isAddressValid,
  isAllowedType,
  listDate,
  viewDate,
  maxAttachmentBytes,
  replyDraft,
  replySeparator,
} from './format';

const original = {
  from: 'dr.lee@direct.sunshine-derm.example.org',
  to: 'maria.gonzalez@direct.dermis.example.org',
  subject: 'Your biopsy results',
  content: 'The results are benign.\nNo further action is needed.',
  dateSent: '2026-03-04T15:30:00Z',
};

describe('listDate', () => {
  const now = new Date('2026-11-26T12:00:00');
  it("is 'MMM Do' within the current year", () => {
    expect(listDate('2026-03-04T12:00:00', now)).toBe('Mar 4th');
    expect(listDate('2026-01-01T09:00:00', now)).toBe('Jan 1st');
  });
  it("is 'MMM Do, YYYY' for another year", () => {
    expect(listDate('2025-12-22T12:00:00', now)).toBe('Dec 22nd, 2025');
    expect(listDate('2027-02-03T12:00:00', now)).toBe('Feb 3rd, 2027');
  });

  describe('in Spanish', () => {
    afterEach(() => setLanguage('en', { remember: false }));
    it('names the month in Spanish, with the year only for another year', async () => {
      await setLanguage('es', { remember: false });
      expect(listDate('2026-03-04T12:00:00', now)).toMatch(/^4 mar\.?$/);
      expect(listDate('2025-12-22T12:00:00', now)).toMatch(/^22 dic\.? 2025$/);
    });
  });
});

describe('viewDate', () => {
  afterEach(() => setLanguage('en', { remember: false }));
  it("is 'MMM Do, YYYY h:mm A' in English", () => {
    expect(viewDate('2026-03-04T15:30:00')).toBe('Mar 4th, 2026 3:30 PM');
  });
  it('names the month in Spanish, in the quoted header of a reply too', async () => {
    await setLanguage('es', { remember: false });
    expect(viewDate('2026-03-04T15:30:00')).toMatch(/^4 mar\.? 2026,? 3:30\sp\.\s?m\.$/);
    expect(replyDraft({ ...original, dateSent: '2026-03-04T15:30:00' }).content).toMatch(/4 mar\.? 2026/);
  });
});

describe('isAddressValid', () => {
  it.each(['maria@example.com', 'dr.lee@direct.sunshine-derm.example.org', 'a+b@mail.example.info'])(
    'accepts %s',
    (value) => expect(isAddressValid(value)).toBe(true),
  );
  it.each([
    '',
    'maria',
    'maria@',
    '@example.com',
    'maria@example',
    'maria@example.c',
    'maria@example.museum',
    'a b@example.com',
  ])('refuses %j', (value) => expect(isAddressValid(value)).toBe(false));
});

describe('reply and forward drafts', () => {
  it('replies to the sender with Re: and the original after a line of underscores', () => {
    const draft = replyDraft(original);
    expect(draft.to).toBe(original.from);
    expect(draft.subject).toBe('Re: Your biopsy results');
    const [mine, quoted] = draft.content.split(replySeparator);
    expect(mine?.trim()).toBe('');
    expect(quoted).toContain(`From: ${original.from}`);
    expect(quoted).toContain('Subject: Your biopsy results');
    expect(quoted?.endsWith(original.content)).toBe(true);
  });

  it('replies to the bare address of a named sender', () => {
    expect(
      replyDraft({ ...original, from: 'Olivia Bennett, MD <frontdesk@direct.dermis-demo.org>' }).to,
    ).toBe('frontdesk@direct.dermis-demo.org');
  });

  it('does not stack prefixes', () => {
    expect(replyDraft({ ...original, subject: 'Re: Your biopsy results' }).subject).toBe(
      'Re: Your biopsy results',
    );
    expect(forwardDraft({ ...original, subject: 'Fwd: Notes' }).subject).toBe('Fwd: Notes');
  });

  it('forwards with Fwd:, no recipient and the original after the Forwarded marker', () => {
    const draft = forwardDraft(original);
    expect(draft.to).toBe('');
    expect(draft.subject).toBe('Fwd: Your biopsy results');
    const lines = draft.content.split('\n');
    const marker = lines.findIndex((line) => line.includes('Forwarded'));
    expect(marker).toBeGreaterThan(-1);
    expect(lines.slice(marker + 1).join('\n')).toContain(original.content);
    expect(draft.content).not.toContain(replySeparator);
  });
});

describe('attachment rules', () => {
  const file = (name: string, size = 1000, lastModified = 1) => ({ name, size, lastModified });

  it('allows the listed types only', () => {
    for (const name of ['a.pdf', 'b.DOCX', 'c.pages', 'd.tiff', 'e.7z', 'f.odt', 'g.rtx', 'h.htm'])
      expect(isAllowedType(name), name).toBe(true);
    for (const name of ['a.exe', 'b.js', 'c', 'd.svg', 'e.pdf.sh'])
      expect(isAllowedType(name), name).toBe(false);
  });

  it('refuses a file over 3,500,000 bytes and accepts one at the limit', () => {
    const check = checkFiles(
      [file('big.pdf', maxAttachmentBytes + 1), file('edge.pdf', maxAttachmentBytes)],
      new Set(),
    );
    expect(check.accepted.map((f) => f.name)).toEqual(['edge.pdf']);
    expect(check.tooLarge).toEqual(['big.pdf']);
    expect(fileNotices(check)).toEqual(['big.pdf is larger than 3.5 MB']);
  });

  it('lists every oversized file in one notice', () => {
    const check = checkFiles([file('a.pdf', 4e6), file('b.png', 5e6)], new Set());
    expect(fileNotices(check)).toEqual(['a.pdf, b.png is larger than 3.5 MB']);
  });

  it('treats the same name and last-modified time as the same file', () => {
    const check = checkFiles([file('scan.png', 10, 5), file('scan.png', 10, 6)], new Set(['scan.png5']));
    expect(check.accepted.map((f) => f.lastModified)).toEqual([6]);
    expect(check.duplicate).toBe(true);
    expect(fileNotices(check)).toEqual(['You cannot add same file in attachment']);
  });

  it('refuses the second copy within one choice', () => {
    const check = checkFiles([file('scan.png'), file('scan.png')], new Set());
    expect(check.accepted).toHaveLength(1);
    expect(check.duplicate).toBe(true);
  });
});
