// The health summary PDF draws names beyond Latin-1 with its embedded fonts (decision 130): the text a
// PDF reader extracts (through the fonts' ToUnicode maps) is the name itself, never '?'.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { patient } from '../../db/schema';
import { seedDemo } from '../../demo/seed';
import { translatorFor } from '../../lib/i18n';
import { describeEachDatabase } from '../../test/database';
import { loadExportRecord } from './export-record';
import { buildSummaryDocument } from './health-summary';
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

describe('a grid table of the health summary PDF', () => {
  it('repeats its header row on each page it runs onto, tagged once; a row is never split', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`Test ${i + 1}`, String(i), 'U/L', '7–35', 'Normal']);
    const pdf = await renderHealthSummaryPdf({
      ...summary('Maria Lopez', [
        {
          title: 'Results',
          entries: [],
          blocks: [
            { kind: 'heading', text: 'Long panel' },
            {
              kind: 'table',
              columns: ['Test', 'Value', 'Unit', 'Reference range', 'Flag'].map((header) => ({
                header,
                width: 1,
              })),
              rows,
            },
          ],
        },
      ]),
      compress: false,
    });
    const pages = extractPdfText(pdf);
    expect(pages.length).toBeGreaterThan(2);
    for (const text of pages) expect(text).toMatch(/^TestValueUnitReference rangeFlag$/m);
    const all = pages.join('\n');
    for (const [test, value] of rows) expect(all).toMatch(new RegExp(`^${test}${value}U/L7–35Normal$`, 'm'));
    const { tree } = structureTree(pdf);
    const [, [[, document]]] = tree as [string, [[string, unknown[]]]];
    const sect = document[3] as [string, unknown[]];
    expect(sect[1].slice(0, 2)).toEqual(['H2', 'H3']);
    const table = sect[1][2] as [string, unknown[]];
    expect(table[1]).toHaveLength(1 + rows.length);
    expect(table[1][0]).toEqual(['TR', ['TH', 'TH', 'TH', 'TH', 'TH']]);
    expect(
      table[1].slice(1).every((row) => JSON.stringify(row) === JSON.stringify(['TR', Array(5).fill('TD')])),
    ).toBe(true);
  });
});

/** The structure type of a tree node as structureTree gives it. */
const typeOf = (node: unknown) => (Array.isArray(node) ? (node[0] as string) : (node as string));
const kidsOf = (node: unknown) => (Array.isArray(node) ? (node[1] as unknown[]) : []);

describeEachDatabase("the health summary PDF of Maria's clinical record", (t) => {
  const day = 86_400_000;

  async function mariaPdf(from: Date | null, language: 'en' | 'es' = 'en') {
    const practiceId = await seedDemo(t.db);
    const people = await t.db
      .select({ id: patient.id, firstName: patient.firstName })
      .from(patient)
      .where(eq(patient.practiceId, practiceId!));
    const maria = people.find((p) => p.firstName === 'Maria');
    const record = (await loadExportRecord(t.db, maria!.id, { from, to: null }))!;
    const doc = buildSummaryDocument(
      {
        record,
        encounters: [],
        startText: null,
        endText: null,
        generatedAt: new Date(),
        lang: language === 'es' ? 'es-US' : 'en-US',
      },
      translatorFor(language),
    );
    const pdf = await renderHealthSummaryPdf({ ...doc, compress: false });
    const text = extractPdfText(pdf).join('\n');
    const { tree } = structureTree(pdf);
    const document = kidsOf(kidsOf(tree)[0]);
    /** The Sect of the section titled `title`: after H1, P, P, one Sect per section in order. */
    const sect = (title: string) => {
      const index = doc.sections.findIndex((s) => s.title === title);
      expect(index, title).toBeGreaterThanOrEqual(0);
      const node = document[3 + index];
      expect(typeOf(node)).toBe('Sect');
      return kidsOf(node);
    };
    return { record, text, sect, pdf };
  }

  it('says a sex assigned at birth that is unknown, apart from one never given', async () => {
    const { record } = await mariaPdf(null);
    const birthSexOf = (birthSex: 'F' | 'UNK' | null, language: 'en' | 'es') => {
      const doc = buildSummaryDocument(
        {
          record: { ...record, patient: { ...record.patient, birthSex } },
          encounters: [],
          startText: null,
          endText: null,
          generatedAt: new Date(),
          lang: language === 'es' ? 'es-US' : 'en-US',
        },
        translatorFor(language),
      );
      const entries = doc.sections.flatMap((s) => s.entries);
      const label = translatorFor(language)('healthInfo.pdf.birthSex');
      return entries.find((e) => e.primary === label)?.details;
    };
    expect(birthSexOf('F', 'en')).toEqual(['Female']);
    expect(birthSexOf('UNK', 'en')).toEqual(['Unknown']);
    expect(birthSexOf(null, 'en')).toEqual(['Information not available']);
    expect(birthSexOf('UNK', 'es')).not.toEqual(birthSexOf(null, 'es'));
  });

  it('lists a medication once when her list names only the ingredient of its prescription, as the CCD does', async () => {
    const { record } = await mariaPdf(null);
    const medications = (language: 'en' | 'es') =>
      buildSummaryDocument(
        { record, encounters: [], startText: null, endText: null, generatedAt: new Date(), lang: 'en-US' },
        translatorFor(language),
      ).sections.find((s) => s.title === translatorFor(language)('healthInfo.pdf.medications'))?.entries ??
      [];
    // Her record holds methotrexate twice: her own list's ingredient and the clinic's prescription.
    expect(record.medications.filter((m) => /^methotrexate/i.test(m.drug.display))).toHaveLength(2);
    const shown = medications('en').filter((e) => /^methotrexate/i.test(e.primary));
    expect(shown.map((e) => e.primary)).toEqual(['Methotrexate 10 MG Oral Tablet']);
    expect(shown[0]?.details).toContain('Also on your medication list as Methotrexate');
    expect(medications('es').flatMap((e) => e.details)).toContain(
      'También en su lista de medicamentos como Methotrexate',
    );
  });

  /** Every Table of a section starts with a row of column headers, then rows of data cells. */
  function expectGridTables(kids: unknown[], columns: number) {
    const tables = kids.filter((k) => typeOf(k) === 'Table');
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const [head, ...rows] = kidsOf(table);
      expect(head).toEqual(['TR', Array(columns).fill('TH')]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual(['TR', Array(columns).fill('TD')]);
    }
    return tables;
  }

  it('shows her results, vital signs, immunizations, notes and plan of care as tagged sections', async () => {
    const { record, text, sect, pdf } = await mariaPdf(null);
    const clinical = record.clinical!;
    const flat = text.replace(/\s+/g, ' ');

    // Results: one H3 per report; a lab panel's values in a table, a pathology report's text.
    const results = sect('Results');
    expect(typeOf(results[0])).toBe('H2');
    expect(results.filter((k) => typeOf(k) === 'H3')).toHaveLength(clinical.results.length);
    expect(clinical.results.map((r) => r.category).sort()).toEqual(['lab', 'lab', 'lab', 'lab', 'pathology']);
    expectGridTables(results, 5);
    for (const header of ['Test', 'Value', 'Unit', 'Reference range', 'Flag']) expect(flat).toContain(header);
    expect(flat).toContain('Alanine aminotransferase (ALT)');
    expect(flat).toContain('U/L');
    expect(flat).toContain('7–35');
    expect(flat).toContain('High');
    expect(flat).toContain('(Corrected)');
    expect(flat).toContain('Specimen: Skin, left upper back, shave biopsy');
    expect(flat).toContain('Diagnosis: Basal cell carcinoma of truncal skin (nodular type)');
    expect(flat).toContain('BASAL CELL CARCINOMA, NODULAR TYPE');
    // The column headers say what they head.
    expect(pdf.toString('latin1')).toMatch(/\/S \/TH[\s\S]*?\/Scope \/Column/);

    // Vital signs: one column per time measured, blood pressure as systolic/diastolic.
    const vitals = sect('Vital signs');
    expectGridTables(vitals, 1 + clinical.vitalSigns.length);
    expect(flat).toContain('Blood pressure');
    expect(flat).toContain('121/78 mmHg');
    expect(flat).toContain('36.6 °C');
    expect(flat).toContain('Oxygen saturation');

    const immunizations = sect('Immunizations');
    expectGridTables(immunizations, 4);
    for (const i of clinical.immunizations) expect(flat).toContain(i.vaccineName);
    expect(flat).toContain('Lot TD77310');

    const notes = sect('Visit notes');
    expect(notes.filter((k) => typeOf(k) === 'H3')).toHaveLength(clinical.notes.length);
    expect(flat).toContain('Psoriasis follow-up on methotrexate');
    expect(flat).toContain('Recombinant zoster vaccine dose 1 given today');

    // Plan of care: planned care, goals and health concerns, each an H3 over its table, and her
    // health status as Dr. Bennett assessed it at the recent visit (an H3 over its text).
    const plan = sect('Plan of care');
    expect(plan.filter((k) => typeOf(k) === 'H3')).toHaveLength(4);
    expect(plan.filter((k) => typeOf(k) === 'Table')).toHaveLength(3);
    for (const item of clinical.carePlan.items) expect(flat).toContain(item.description);
    for (const goal of clinical.carePlan.goals) expect(flat).toContain(goal.description);
    for (const concern of clinical.carePlan.concerns) expect(flat).toContain(concern.description);
    expect(flat).toContain('Goals');
    expect(flat).toContain('Health concerns');
    expect(flat).toContain(
      'Health status Chronically ill Recorded by Olivia Bennett, MD, Sunshine Dermatology',
    );
  }, 120_000);

  it('leaves out what a narrowed range does not cover, and speaks Spanish', async () => {
    const from = new Date(Date.now() - 100 * day);
    const { record, text, sect } = await mariaPdf(from, 'es');
    const flat = text.replace(/\s+/g, ' ');
    // The two latest liver panels are in the last 100 days; the earlier two and the biopsy are not.
    expect(record.clinical!.results).toHaveLength(2);
    const results = sect('Resultados');
    expect(results.filter((k) => typeOf(k) === 'H3')).toHaveLength(2);
    expect(flat.match(/Hepatic function panel, muestra tomada el/g)).toHaveLength(2);
    expect(flat).not.toContain('Dermatopathology report');
    expect(flat).not.toContain('BASAL CELL CARCINOMA');
    for (const r of record.clinical!.results)
      expect(r.effectiveAt.getTime()).toBeGreaterThanOrEqual(from.getTime());
    for (const header of ['Prueba', 'Valor', 'Unidad', 'Indicador']) expect(flat).toContain(header);
    expect(sect('Signos vitales').length).toBeGreaterThan(1);
    expect(sect('Vacunas').length).toBeGreaterThan(1);
    expect(sect('Notas de las visitas').length).toBeGreaterThan(1);
    expect(sect('Plan de atención').length).toBeGreaterThan(1);
    expect(flat).toContain('Estado de salud Con enfermedad crónica');
  }, 120_000);
});
