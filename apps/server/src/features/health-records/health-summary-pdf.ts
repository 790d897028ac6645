/**
 * The health summary as a PDF for people (issue 9 item 4): US Letter, Helvetica at reading size, the
 * patient's name and date of birth at the top of every page, "Page n of N" and the generation time at
 * the foot of every page, then the record's sections, each with its entries or the empty-section text.
 * Built with pdfkit; the standard fonts cover Latin-1 (Spanish names included), anything else is
 * shown as '?' (decision 095).
 */
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

export interface PdfEntry {
  /** The entry's name, in bold. */
  primary: string;
  /** Details shown under it, joined with ' · '. */
  details?: readonly string[];
}

export interface PdfSection {
  title: string;
  entries: readonly PdfEntry[];
}

export interface HealthSummaryDocument {
  title: string;
  patientName: string;
  /** As shown, e.g. "03/12/1984". */
  dateOfBirth: string;
  practiceName: string;
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

/** Only what the standard fonts' WinAnsi encoding can show; the rest becomes '?'. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (ch === '\t' || ch === '\n') out += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(ch))
      out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else out += '?';
  }
  return out;
}

export function renderHealthSummaryPdf(doc: HealthSummaryDocument): Promise<Buffer> {
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
    info: { Title: pdfSafe(`${doc.title} - ${doc.patientName}`), Author: pdfSafe(doc.practiceName) },
    lang: 'en-US',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - page.margin * 2;
  pdf.fillColor(colors.accent).font('Helvetica-Bold').fontSize(20).text(pdfSafe(doc.title), { width });
  pdf.moveDown(0.2);
  pdf.fillColor(colors.text).font('Helvetica').fontSize(11).text(pdfSafe(doc.practiceName), { width });
  pdf.fillColor(colors.muted).fontSize(10).text(pdfSafe(doc.rangeText), { width });
  pdf.text(pdfSafe(doc.generatedText), { width });
  pdf.moveDown(0.8);

  for (const section of doc.sections) {
    // Keep a heading with at least its first entry.
    if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 70) pdf.addPage();
    pdf.fillColor(colors.accent).font('Helvetica-Bold').fontSize(14).text(pdfSafe(section.title), { width });
    const ruleY = pdf.y + 2;
    pdf
      .moveTo(page.margin, ruleY)
      .lineTo(page.margin + width, ruleY)
      .lineWidth(0.75)
      .strokeColor(colors.rule)
      .stroke();
    pdf.y = ruleY + 6;
    if (section.entries.length === 0) {
      pdf
        .fillColor(colors.muted)
        .font('Helvetica-Oblique')
        .fontSize(10.5)
        .text(pdfSafe(doc.labels.empty), { width });
    }
    for (const entry of section.entries) {
      pdf.fillColor(colors.text).font('Helvetica-Bold').fontSize(10.5).text(pdfSafe(entry.primary), {
        width,
        lineGap: 1.5,
      });
      const details = (entry.details ?? []).filter(Boolean);
      if (details.length > 0) {
        pdf
          .fillColor(colors.muted)
          .font('Helvetica')
          .fontSize(9.5)
          .text(pdfSafe(details.join(' · ')), {
            width,
            indent: 10,
            lineGap: 1.5,
          });
      }
      pdf.moveDown(0.35);
    }
    pdf.moveDown(0.9);
  }

  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    // Writing in the margins must not start a new page.
    const { top, bottom } = pdf.page.margins;
    pdf.page.margins.top = 0;
    pdf.page.margins.bottom = 0;
    const header = `${doc.patientName} · ${doc.labels.dateOfBirth} ${doc.dateOfBirth}`;
    pdf.fillColor(colors.text).font('Helvetica-Bold').fontSize(9.5);
    pdf.text(pdfSafe(header), page.margin, page.margin - 4, { width, lineBreak: false, ellipsis: true });
    const headerRule = page.margin + 12;
    pdf
      .moveTo(page.margin, headerRule)
      .lineTo(page.margin + width, headerRule)
      .lineWidth(0.5)
      .strokeColor(colors.rule)
      .stroke();
    const footerY = pdf.page.height - page.margin + 8;
    pdf.fillColor(colors.muted).font('Helvetica').fontSize(8.5);
    pdf.text(pdfSafe(doc.generatedText), page.margin, footerY, {
      width: width * 0.7,
      lineBreak: false,
      ellipsis: true,
    });
    pdf.text(pdfSafe(doc.labels.page(i - range.start + 1, range.count)), page.margin, footerY, {
      width,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.top = top;
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
}

/**
 * The text of a pdfkit document, page by page (for tests): each content stream inflated, the hex
 * strings of its TJ operators decoded as Latin-1, one line per text operation.
 */
export function extractPdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const pages: string[] = [];
  for (const stream of source.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const raw = stream[1] ?? '';
    let body = raw;
    try {
      body = inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
    } catch {
      // Not compressed.
    }
    if (!body.includes(' TJ')) continue;
    const lines: string[] = [];
    for (const op of body.matchAll(/\[([^\]]*)\] TJ/g)) {
      let line = '';
      for (const hex of (op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) {
        const bytes = Buffer.from(hex[1] ?? '', 'hex');
        line += bytes.toString('latin1');
      }
      lines.push(line);
    }
    pages.push(lines.join('\n'));
  }
  return pages;
}
