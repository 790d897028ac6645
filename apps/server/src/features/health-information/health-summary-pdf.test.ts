// The health summary PDF draws names beyond Latin-1 with its embedded fonts (decision 130): the text a
// PDF reader extracts (through the fonts' ToUnicode maps) is the name itself, never '?'.
import { describe, expect, it } from 'vitest';
import {
  extractPdfText,
  pdfObjects,
  renderHealthSummaryPdf,
  type HealthSummaryDocument,
  type PdfSection,
} from './health-summary-pdf';

function summary(patientName: string, sections: PdfSection[]): HealthSummaryDocument {
  return {
    title: 'Health Summary',
    patientName,
    dateOfBirth: '03/12/1984',
    practiceName: 'Gulf Coast Dermatology',
    generatedText: 'Generated 11/26/2026 07:00 UTC',
    rangeText: 'All dates',
    labels: {
      dateOfBirth: 'Date of birth',
      page: (n, of) => `Page ${n} of ${of}`,
      empty: 'There are no elements for this section',
    },
    sections,
  };
}

/** The /BaseFont names of the embedded fonts. */
function baseFonts(pdf: Buffer): string[] {
  return [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/(\S+)/g)].map((m) => m[1] ?? ''))];
}

const latinNames = [
  'Łukasz Żółkiewski',
  'Dvořák Šťastný',
  'Çağrı Yılmaz',
  'Trần Thị Ánh Tuyết',
  'Σωκράτης Παπαδόπουλος',
  'Ёлка Жукова',
];

describe('the health summary PDF', () => {
  it('draws Latin Extended, Vietnamese, Greek and Cyrillic names on every page, in subset fonts', async () => {
    const entries = latinNames.map((name) => ({ primary: name, details: [`Provider: ${name}, MD`] }));
    // Enough entries for several pages, so the name in the header of every page is checked.
    const pdf = await renderHealthSummaryPdf(
      summary('Nguyễn Văn Đức', [
        { title: 'Care team', entries: Array(30).fill(entries).flat() },
        { title: 'Family History', entries: [] },
      ]),
    );
    const pages = extractPdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      expect(text).toContain('Nguyễn Văn Đức · Date of birth 03/12/1984');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join('\n');
    for (const name of latinNames) {
      expect(all).toContain(name);
      expect(all).toContain(`Provider: ${name}, MD`);
    }
    expect(all).not.toContain('?');
    // Subsets (the six-letter tag before '+'), and no Chinese font where no character needs it.
    const fonts = baseFonts(pdf);
    expect(fonts.every((name) => /^[A-Z]{6}\+/.test(name))).toBe(true);
    expect(fonts.map((name) => name.slice(7)).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Italic',
      'NotoSans-Regular',
    ]);
  });

  it('draws Chinese and Japanese names with the CJK font, mixed with Latin on one line', async () => {
    const pdf = await renderHealthSummaryPdf(
      summary('王小明', [
        {
          title: 'Care team',
          entries: [{ primary: 'Wang 王小明 (Nguyễn)', details: ['さくら 佐藤 · Tokyo'] }],
        },
      ]),
    );
    const all = extractPdfText(pdf).join('\n');
    expect(all).toContain('王小明 · Date of birth 03/12/1984');
    expect(all).toContain('Wang 王小明 (Nguyễn)');
    expect(all).toContain('さくら 佐藤 · Tokyo');
    expect(all).not.toContain('?');
    expect(baseFonts(pdf).some((name) => /^[A-Z]{6}\+NotoSansSC-/.test(name))).toBe(true);
    // The Chinese font file is about 10 MB; only the glyphs used travel in the PDF.
    expect(pdf.length).toBeLessThan(150_000);
  });

  it('draws Korean names with the Korean font, Hanja with the Chinese one', async () => {
    const pdf = await renderHealthSummaryPdf(
      summary('김민준', [
        {
          title: 'Care team',
          entries: [{ primary: 'Dr. 이서연 (李瑞妍)', details: ['서울 강남구 · Kim Min-jun'] }],
        },
      ]),
    );
    const all = extractPdfText(pdf).join('\n');
    expect(all).toContain('김민준 · Date of birth 03/12/1984');
    expect(all).toContain('Dr. 이서연 (李瑞妍)');
    expect(all).toContain('서울 강남구 · Kim Min-jun');
    expect(all).not.toContain('?');
    // The page header and the entry's first line are bold, the entry's details regular.
    const fonts = baseFonts(pdf).map((name) => name.slice(7));
    expect(fonts).toContain('NotoSansKR-Regular');
    expect(fonts).toContain('NotoSansKR-Bold');
    expect(fonts).toContain('NotoSansSC-Bold');
    expect(pdf.length).toBeLessThan(150_000);
  });

  it('draws emoji in black and white, a sequence (family, flag, keycap) as one glyph', async () => {
    const pdf = await renderHealthSummaryPdf(
      summary('Ana López', [
        {
          title: 'Notes',
          entries: [{ primary: 'Allergy 🐝 stings', details: ['Family 👨‍👩‍👧 visiting from 🇲🇽, call #️⃣ 2 ❤️'] }],
        },
      ]),
    );
    const all = extractPdfText(pdf).join('\n');
    expect(all).toContain('Allergy 🐝 stings');
    // The sequences come back whole: each is one glyph whose ToUnicode entry holds all its characters.
    expect(all).toContain('Family 👨‍👩‍👧 visiting from 🇲🇽, call #️⃣ 2 ❤️');
    expect(all).not.toContain('?');
    const fonts = baseFonts(pdf).map((name) => name.slice(7));
    expect(fonts).toContain('NotoEmoji-Bold');
    expect(fonts).toContain('NotoEmoji-Regular');
    expect(pdf.length).toBeLessThan(150_000);
  });

  it('prints a character no embedded font has as ?, and drops control characters', async () => {
    const pdf = await renderHealthSummaryPdf(
      summary('Ana\u0007 López', [{ title: 'Notes', entries: [{ primary: 'Cuneiform 𒀀 here' }] }]),
    );
    const all = extractPdfText(pdf).join('\n');
    expect(all).toContain('Ana López · Date of birth');
    expect(all).toContain('Cuneiform ? here');
  });
});

/** The structure tree as nested [type, children] read from the PDF's objects (uncompressed). */
function structureTree(pdf: Buffer): {
  catalog: string;
  markInfo: string;
  viewer: string;
  tree: unknown[];
} {
  const objects = pdfObjects(pdf);
  const catalog = [...objects.values()].find((o) => /\/Type \/Catalog\b/.test(o.dictionary))!.dictionary;
  const walk = (number: number): unknown => {
    const dictionary = objects.get(number)?.dictionary ?? '';
    const type = /\/S \/(\w+)/.exec(dictionary)?.[1] ?? 'StructTreeRoot';
    const kids = /\/K \[([^\]]*)\]/.exec(dictionary)?.[1] ?? /\/K (\d+ 0 R)/.exec(dictionary)?.[1] ?? '';
    const children = [...kids.matchAll(/(\d+) 0 R/g)]
      .map((m) => Number(m[1]))
      .filter((n) => /\/S \/\w+/.test(objects.get(n)?.dictionary ?? ''))
      .map(walk);
    return children.length ? [type, children] : type;
  };
  const root = Number(/\/StructTreeRoot (\d+) 0 R/.exec(catalog)?.[1]);
  const markInfo = objects.get(Number(/\/MarkInfo (\d+) 0 R/.exec(catalog)?.[1]))?.dictionary ?? '';
  const viewer = objects.get(Number(/\/ViewerPreferences (\d+) 0 R/.exec(catalog)?.[1]))?.dictionary ?? '';
  return { catalog, markInfo, viewer, tree: walk(root) as unknown[] };
}

describe('health summary PDF for screen readers', () => {
  it('is tagged: language, marked, title shown, headings, sections and tables in reading order', async () => {
    const doc = summary('Maria Lopez', [
      { title: 'Allergies', entries: [{ primary: 'Penicillin', details: ['Reactions: Hives'] }] },
      { title: 'Problems', entries: [], note: 'Not limited to the date range.' },
    ]);
    const pdf = await renderHealthSummaryPdf({
      ...doc,
      lang: 'es-US',
      practiceContact: '1 Main St',
      compress: false,
    });
    const { catalog, markInfo, viewer, tree } = structureTree(pdf);
    expect(catalog).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(markInfo).toMatch(/\/Marked true/);
    expect(catalog).toContain('/Lang (es-US)');
    expect(viewer).toMatch(/\/DisplayDocTitle true/);
    expect(tree).toEqual([
      'StructTreeRoot',
      [
        [
          'Document',
          ['H1', 'P', 'P', ['Sect', ['H2', ['Table', [['TR', ['TD', 'TD']]]]]], ['Sect', ['H2', 'P', 'P']]],
        ],
      ],
    ]);
    // Page header and footer are artifacts, not content.
    expect(pdf.toString('latin1')).toMatch(/\/Artifact <<\s*\/Type \/Pagination\s*>> BDC/);
    expect(extractPdfText(pdf).join('\n')).toContain('1 Main St');
  });
});
