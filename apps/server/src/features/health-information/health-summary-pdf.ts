/**
 * The health summary as a PDF for people: US Letter, Noto Sans at reading size, the
 * patient's name and date of birth at the top of every page, "Page n of N" and the generation time at
 * the foot of every page, then the record's sections, each with its entries or the empty-section text.
 * Built with pdfkit; the embedded, subset fonts draw names beyond Latin-1 (pdf-fonts.ts, decision 130).
 *
 * A tagged PDF (decision 229) a screen reader can follow: the structure tree is Document → H1 title,
 * P (practice and its contact, range, generation time), then one Sect per section with its H2
 * heading, an optional P note, and a Table whose TR rows hold the entry (TD) and its details (TD),
 * or a P saying the section is empty; reading order is the tree's order. A section of the clinical
 * record (results, vital signs, …) holds blocks instead: H3 subheadings, P paragraphs and grid
 * Tables whose first TR holds the column headers (TH, Scope Column) and each further TR one row
 * (TD). The page header and footer, the rules, the header row repeated on a new page and the
 * table shading are Artifacts. The catalog carries /Lang, /MarkInfo Marked true and the title shown
 * in the window (DisplayDocTitle).
 */
import { inflateSync } from 'node:zlib';
import { baselineBelowTop, fontRuns, loadFontkit, useFont, type PdfTextStyle } from './pdf-fonts';

export interface PdfEntry {
  /** The entry's name, in bold. */
  primary: string;
  /** Details shown under it, joined with ' · '. */
  details?: readonly string[];
}

/** A column of a grid table: its header and its share of the width. */
export interface PdfColumn {
  header: string;
  width: number;
}

/** What a section of the clinical record is made of, in reading order. */
export type PdfBlock =
  /** A subheading (H3), e.g. one result report or one note. */
  | { kind: 'heading'; text: string }
  /** A paragraph (P); `label` leads it in bold (e.g. "Diagnosis:"). */
  | { kind: 'text'; text: string; label?: string; muted?: boolean }
  /** A grid table with a header row; a cell may be empty; a row marked strong is bold (out of range). */
  | {
      kind: 'table';
      columns: readonly PdfColumn[];
      rows: readonly (readonly string[])[];
      strong?: readonly boolean[];
    };

export interface PdfSection {
  title: string;
  entries: readonly PdfEntry[];
  /** Drawn after the entries; the section is empty when it has neither. */
  blocks?: readonly PdfBlock[];
  /** A sentence under the heading (e.g. that the range does not filter the section). */
  note?: string;
}

export interface HealthSummaryDocument {
  title: string;
  patientName: string;
  /** As shown, e.g. "03/12/1984". */
  dateOfBirth: string;
  practiceName: string;
  /** The practice's address and phone, one line. */
  practiceContact?: string;
  /** BCP 47 language of the text (the catalog's /Lang). */
  lang?: string;
  /** E.g. "Generated November 25, 2026, 11:58 PM UTC". */
  generatedText: string;
  /** E.g. "Date range: 01/01/2026 - 03/09/2026" or "All dates". */
  rangeText: string;
  /** Labels of the page furniture, in the reader's language. */
  labels: { dateOfBirth: string; page: (n: number, of: number) => string; empty: string };
  sections: readonly PdfSection[];
  /** Tests read the text: no stream compression. */
  compress?: boolean;
}

const page = { size: 'LETTER' as const, margin: 54 };
const headerHeight = 30;
const colors = { text: '#1a1a1a', muted: '#555555', rule: '#b0b7c3', accent: '#1c4f82' };

/** Metadata strings keep every letter (pdfkit writes them as UTF-16); control characters go. */
function infoText(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code < 0x20 || (code >= 0x7f && code < 0xa0) ? ' ' : ch;
    })
    .join('');
}

export async function renderHealthSummaryPdf(doc: HealthSummaryDocument): Promise<Buffer> {
  // pdfkit and fontkit load with the first PDF, not with the server (decision 262); Node keeps
  // them loaded, so only that first PDF waits for them.
  const [{ default: PDFDocument }] = await Promise.all([import('pdfkit'), loadFontkit()]);
  const pdf = new PDFDocument({
    size: page.size,
    margins: {
      top: page.margin + headerHeight,
      bottom: page.margin + 10,
      left: page.margin,
      right: page.margin,
    },
    bufferPages: true,
    compress: doc.compress ?? true,
    info: { Title: infoText(`${doc.title} - ${doc.patientName}`), Author: infoText(doc.practiceName) },
    lang: doc.lang ?? 'en-US',
    displayTitle: true,
    tagged: true,
    pdfVersion: '1.7',
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const registered = new Set<string>();
  /**
   * Writes `text` as pdf.text() would, each run in the font that has its characters (continued runs
   * on one baseline); at `at` when given, else where the cursor is.
   */
  const write = (
    text: string,
    style: PdfTextStyle,
    size: number,
    options: PDFKit.Mixins.TextOptions,
    at?: { x: number; y: number },
  ) => {
    const runs = fontRuns(text, style);
    if (runs.length === 0) runs.push({ font: `latin-${style}`, text: '' });
    const baseline = -baselineBelowTop(style, size);
    runs.forEach((run, i) => {
      useFont(pdf, registered, run.font);
      pdf.fontSize(size);
      const runOptions = { ...options, baseline, continued: i < runs.length - 1 || !!options.continued };
      if (i === 0 && at) pdf.text(run.text, at.x, at.y, runOptions);
      else pdf.text(run.text, runOptions);
    });
  };

  const width = pdf.page.width - page.margin * 2;
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  /** `draw` as the content of a new structure element of `type` under `parent`. */
  const tag = (parent: PDFKit.PDFStructureElement, type: string, draw: () => void) => {
    const element = pdf.struct(type, {}, draw);
    parent.add(element);
    element.end();
  };
  /** Drawing that is page furniture, not content: skipped by a screen reader. */
  const artifact = (draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') => {
    pdf.markContent('Artifact', { type });
    draw();
    pdf.endMarkedContent();
  };

  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const cellPadding = 4;
  const cellSize = 9;
  /** The height `text` takes in a cell `width` wide (measured in the Latin font of its style). */
  const cellHeight = (text: string, style: PdfTextStyle, width: number) => {
    useFont(pdf, registered, `latin-${style}`);
    pdf.fontSize(cellSize);
    return text ? pdf.heightOfString(text, { width, lineGap: 1 }) : 0;
  };

  /**
   * One row of a grid table at the cursor: each cell tagged `cellType` under `row` (or, for a header
   * repeated on a new page, an artifact), shaded when it is the header. Returns nothing; moves the
   * cursor under the row.
   */
  const columnWidths = (columns: readonly PdfColumn[]) => {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    return columns.map((c) => (c.width / total) * width);
  };
  const rowHeight = (cells: readonly string[], columns: readonly PdfColumn[], style: PdfTextStyle) => {
    const widths = columnWidths(columns);
    return (
      Math.max(...cells.map((text, i) => cellHeight(text, style, (widths[i] ?? 0) - cellPadding * 2))) +
      cellPadding * 2
    );
  };
  /** The height of a whole table, to keep a short one (and its heading) on one page. */
  const tableHeight = (table: Extract<PdfBlock, { kind: 'table' }>) =>
    rowHeight(
      table.columns.map((c) => c.header),
      table.columns,
      'bold',
    ) + table.rows.reduce((sum, cells) => sum + rowHeight(cells, table.columns, 'bold'), 0);

  const drawRow = (
    cells: readonly string[],
    columns: readonly PdfColumn[],
    row: PDFKit.PDFStructureElement | null,
    header: boolean,
    strong = false,
  ) => {
    const widths = columnWidths(columns);
    const style: PdfTextStyle = header || strong ? 'bold' : 'regular';
    const height = rowHeight(cells, columns, style);
    // A row is never split: a row that does not fit starts a page, under the header repeated.
    if (pdf.y + height > bottom() && !header) {
      pdf.addPage();
      drawRow(
        columns.map((c) => c.header),
        columns,
        null,
        true,
      );
    }
    const top = pdf.y;
    artifact(() => {
      if (header) pdf.rect(page.margin, top, width, height).fill('#e8edf3');
      pdf
        .moveTo(page.margin, top + height)
        .lineTo(page.margin + width, top + height)
        .lineWidth(0.5)
        .strokeColor(colors.rule)
        .stroke();
    });
    let x = page.margin;
    cells.forEach((text, i) => {
      const cellWidth = widths[i] ?? 0;
      const draw = () => {
        pdf.fillColor(colors.text);
        write(
          text,
          style,
          cellSize,
          { width: cellWidth - cellPadding * 2, lineGap: 1 },
          { x: x + cellPadding, y: top + cellPadding },
        );
      };
      if (!row) artifact(draw);
      else if (header) {
        // The scope tells a screen reader the header names its column.
        const th = pdf.struct('TH', { scope: 'Column' } as PDFKit.Mixins.StructureElementOptions, draw);
        row.add(th);
        th.end();
      } else tag(row, 'TD', draw);
      x += cellWidth;
    });
    pdf.x = page.margin;
    pdf.y = top + height;
  };

  /** Starts a page unless `height` fits above the bottom margin (or would not fit on any page). */
  const keep = (height: number) => {
    const pageRoom = bottom() - pdf.page.margins.top;
    if (pdf.y + height > bottom() && height < pageRoom * 0.6) pdf.addPage();
  };

  /**
   * The height to keep together at the start of `blocks`: a subheading with its short lines and a
   * short table whole (else the start of what follows), a table whole.
   */
  const leadHeight = (blocks: readonly PdfBlock[]): number => {
    const [first, ...after] = blocks;
    if (first?.kind === 'table') return tableHeight(first);
    if (first?.kind !== 'heading') return 40;
    const end = after.findIndex((b) => b.kind !== 'text' || b.text.length > 120);
    const table = after[end];
    return 30 + (end < 0 ? after.length : end) * 16 + (table?.kind === 'table' ? tableHeight(table) : 40);
  };

  const drawBlock = (sect: PDFKit.PDFStructureElement, block: PdfBlock, after: readonly PdfBlock[]) => {
    if (block.kind === 'heading') {
      keep(leadHeight([block, ...after]));
      if (pdf.y > bottom() - 90) pdf.addPage();
      pdf.moveDown(0.4);
      tag(sect, 'H3', () => {
        pdf.fillColor(colors.text);
        write(block.text, 'bold', 11, { width });
      });
      pdf.moveDown(0.15);
    } else if (block.kind === 'text') {
      tag(sect, 'P', () => {
        pdf.fillColor(block.muted ? colors.muted : colors.text);
        if (block.label) write(`${block.label} `, 'bold', 9.5, { width, lineGap: 1.5, continued: true });
        write(block.text, 'regular', 9.5, { width, lineGap: 1.5 });
      });
      pdf.moveDown(0.3);
    } else {
      keep(tableHeight(block));
      if (pdf.y > bottom() - 50) pdf.addPage();
      const table = pdf.struct('Table');
      sect.add(table);
      const head = pdf.struct('TR');
      table.add(head);
      drawRow(
        block.columns.map((c) => c.header),
        block.columns,
        head,
        true,
      );
      head.end();
      for (const [i, cells] of block.rows.entries()) {
        const row = pdf.struct('TR');
        table.add(row);
        drawRow(cells, block.columns, row, false, block.strong?.[i] ?? false);
        row.end();
      }
      table.end();
      pdf.moveDown(0.5);
    }
  };

  tag(root, 'H1', () => {
    pdf.fillColor(colors.accent);
    write(doc.title, 'bold', 20, { width });
  });
  pdf.moveDown(0.2);
  tag(root, 'P', () => {
    pdf.fillColor(colors.text);
    write(doc.practiceName, 'regular', 11, { width });
    if (doc.practiceContact) write(doc.practiceContact, 'regular', 10, { width });
  });
  tag(root, 'P', () => {
    pdf.fillColor(colors.muted);
    write(doc.rangeText, 'regular', 10, { width });
    write(doc.generatedText, 'regular', 10, { width });
  });
  pdf.moveDown(0.8);

  for (const section of doc.sections) {
    // Keep a heading with at least its first entry, or with the start of its blocks.
    if (section.entries.length === 0 && section.blocks?.length) keep(40 + leadHeight(section.blocks));
    if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 70) pdf.addPage();
    const sect = pdf.struct('Sect');
    root.add(sect);
    tag(sect, 'H2', () => {
      pdf.fillColor(colors.accent);
      write(section.title, 'bold', 14, { width });
    });
    const ruleY = pdf.y + 2;
    artifact(() =>
      pdf
        .moveTo(page.margin, ruleY)
        .lineTo(page.margin + width, ruleY)
        .lineWidth(0.75)
        .strokeColor(colors.rule)
        .stroke(),
    );
    pdf.y = ruleY + 6;
    if (section.note)
      tag(sect, 'P', () => {
        pdf.fillColor(colors.muted);
        write(section.note ?? '', 'italic', 9.5, { width, lineGap: 1.5 });
      });
    const blocks = section.blocks ?? [];
    if (section.entries.length === 0 && blocks.length === 0)
      tag(sect, 'P', () => {
        pdf.fillColor(colors.muted);
        write(doc.labels.empty, 'italic', 10.5, { width });
      });
    else if (section.entries.length > 0) {
      const tableElement = pdf.struct('Table');
      sect.add(tableElement);
      for (const entry of section.entries) {
        const row = pdf.struct('TR');
        tableElement.add(row);
        tag(row, 'TD', () => {
          pdf.fillColor(colors.text);
          write(entry.primary, 'bold', 10.5, { width, lineGap: 1.5 });
        });
        const details = (entry.details ?? []).filter(Boolean);
        if (details.length > 0)
          tag(row, 'TD', () => {
            pdf.fillColor(colors.muted);
            write(details.join(' · '), 'regular', 9.5, { width, indent: 10, lineGap: 1.5 });
          });
        row.end();
        pdf.moveDown(0.35);
      }
      tableElement.end();
    }
    blocks.forEach((block, i) => drawBlock(sect, block, blocks.slice(i + 1)));
    sect.end();
    pdf.moveDown(0.9);
  }

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    // Writing in the margins must not start a new page.
    const { top, bottom } = pdf.page.margins;
    pdf.page.margins.top = 0;
    pdf.page.margins.bottom = 0;
    pdf.markContent('Artifact', { type: 'Pagination' });
    const header = `${doc.patientName} · ${doc.labels.dateOfBirth} ${doc.dateOfBirth}`;
    pdf.fillColor(colors.text);
    write(
      header,
      'bold',
      9.5,
      { width, lineBreak: false, ellipsis: true },
      { x: page.margin, y: page.margin - 4 },
    );
    const headerRule = page.margin + 12;
    pdf
      .moveTo(page.margin, headerRule)
      .lineTo(page.margin + width, headerRule)
      .lineWidth(0.5)
      .strokeColor(colors.rule)
      .stroke();
    const footerY = pdf.page.height - page.margin + 8;
    pdf.fillColor(colors.muted);
    const footer = { x: page.margin, y: footerY };
    write(
      doc.generatedText,
      'regular',
      8.5,
      { width: width * 0.7, lineBreak: false, ellipsis: true },
      footer,
    );
    write(
      doc.labels.page(i - range.start + 1, range.count),
      'regular',
      8.5,
      { width, align: 'right', lineBreak: false },
      footer,
    );
    pdf.endMarkedContent();
    pdf.page.margins.top = top;
    pdf.page.margins.bottom = bottom;
  }
  root.end();
  pdf.end();
  return done;
}

interface PdfObject {
  dictionary: string;
  /** The stream's bytes as Latin-1, inflated when the dictionary says FlateDecode. */
  stream: string | null;
}

/** The objects of an unencrypted PDF as pdfkit writes them, by number. */
export function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  for (const match of pdf.toString('latin1').matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = match[2] ?? '';
    const streamAt = body.indexOf('\nstream\n');
    const dictionary = streamAt < 0 ? body : body.slice(0, streamAt);
    let stream: string | null = null;
    if (streamAt >= 0) {
      const raw = body.slice(streamAt + '\nstream\n'.length, body.lastIndexOf('\nendstream'));
      stream = dictionary.includes('/FlateDecode')
        ? inflateSync(Buffer.from(raw, 'latin1')).toString('latin1')
        : raw;
    }
    objects.set(Number(match[1]), { dictionary, stream });
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it (bfrange with arrays): code → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    let code = parseInt(range[1] ?? '0', 16);
    for (const entry of (range[3] ?? '').matchAll(/<([0-9a-fA-F\s]*)>/g))
      map.set(code++, utf16(entry[1] ?? ''));
  }
  return map;
}

/**
 * The text of a pdfkit document, page by page (for tests), read as a PDF reader reads it: each page's
 * content stream in the order of the page tree, each string of its TJ operators decoded through the
 * ToUnicode map of the font selected for it (Latin-1 for a font without one). The fragments drawn on
 * one baseline, one after the other, make one line (a run in another font continues its line), so
 * two texts on one baseline (the footer's time and page number) read joined.
 */
export function extractPdfText(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const ref = (dictionary: string | undefined, key: string) => {
    const number = new RegExp(`/${key} (\\d+) 0 R`).exec(dictionary ?? '')?.[1];
    return number === undefined ? undefined : objects.get(Number(number));
  };
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dictionary } of objects.values())
    for (const font of dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const cmap = ref(objects.get(Number(font[2]))?.dictionary, 'ToUnicode')?.stream;
      fonts.set(font[1] ?? '', cmap ? toUnicode(cmap) : null);
    }
  const root = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dictionary));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(root?.dictionary ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)];
  return kids.map((kid) => {
    const content = ref(objects.get(Number(kid[1]))?.dictionary, 'Contents')?.stream ?? '';
    const lines: string[] = [];
    let lastY: string | null = null;
    for (const block of content.matchAll(/\nBT\n([\s\S]*?)\nET/g)) {
      const body = block[1] ?? '';
      const y = /[\d.-]+ ([\d.-]+) Tm/.exec(body)?.[1] ?? null;
      const cmap = fonts.get(/\/(F\d+) [\d.]+ Tf/.exec(body)?.[1] ?? '') ?? null;
      let text = '';
      for (const op of body.matchAll(/\[([^\]]*)\] TJ/g))
        for (const hex of (op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) {
          const digits = hex[1] ?? '';
          text += cmap
            ? (digits.match(/.{4}/g) ?? []).map((code) => cmap.get(parseInt(code, 16)) ?? '').join('')
            : Buffer.from(digits, 'hex').toString('latin1');
        }
      if (y !== null && y === lastY && lines.length > 0) lines[lines.length - 1] += text;
      else lines.push(text);
      lastY = y;
    }
    return lines.join('\n');
  });
}
