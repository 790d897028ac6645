/**
 * The complete-record viewer against HL7's own stylesheet: on every document of
 * ../shared/fixtures/ccda it shows at least 98% of the words CDA.xsl v3.0 shows (xsltproc runs the
 * oracle), and every case of ../shared/fixtures/ccda-synthetic behaves as its README says, or better
 * where decision 092 says so. These tests need the shared fixtures next to the repository and the
 * xsltproc program (Debian package xsltproc); without them they fail and say which is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DOMParser as XmlDomParser } from '@xmldom/xmldom';
import { render, screen } from '@testing-library/react';
import { isValidElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../lib/testing/render';
import { CdaViewer } from './cda-viewer';
import {
  defaultCdaOptions,
  javascriptWarning,
  maliciousWarning,
  renderCda,
  type CdaRenderOptions,
} from './cda-render';
import { formatCdaTime } from './cda-time';

const repoRoot = resolve(import.meta.dirname, '../../../../..');
// ../shared from the repository root (a worktree one level deeper finds it one level further up).
const shared =
  [resolve(repoRoot, '../shared/fixtures'), resolve(repoRoot, '../../shared/fixtures')].find((dir) =>
    existsSync(dir),
  ) ?? resolve(repoRoot, '../shared/fixtures');
const ccdaDir = join(shared, 'ccda');
const syntheticDir = join(shared, 'ccda-synthetic');
const oracle = join(shared, 'cda-oracle/CDA.xsl');

function requireShared(): void {
  if (!existsSync(ccdaDir) || !existsSync(oracle))
    throw new Error(
      `These tests need the shared fixtures at ${shared} (the project's ../shared checkout next to the repository).`,
    );
}

function requireXsltproc(): void {
  try {
    execFileSync('xsltproc', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('These tests need the xsltproc program (Debian/Ubuntu: apt-get install xsltproc).');
  }
}

/** A strict XML parser for Node (happy-dom's XML parser rejects some valid documents). */
const xmlParser = {
  parseFromString(xml: string, type: 'application/xml'): Document {
    const parser = new XmlDomParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    });
    return parser.parseFromString(xml, type) as unknown as Document;
  },
};

function renderXml(xml: string, options: CdaRenderOptions = defaultCdaOptions) {
  return renderCda(xml, options, xmlParser);
}

/** The text chunks of a React element tree, in order. */
function reactText(node: ReactNode, out: string[] = []): string[] {
  if (node === null || node === undefined || typeof node === 'boolean') return out;
  if (typeof node === 'string' || typeof node === 'number') out.push(String(node));
  else if (Array.isArray(node)) for (const child of node) reactText(child as ReactNode, out);
  else if (isValidElement(node)) reactText((node.props as { children?: ReactNode }).children, out);
  return out;
}

function htmlText(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) out.push(node.nodeValue ?? '');
    if (node.nodeType === 1 && ['SCRIPT', 'STYLE', 'TITLE', 'HEAD'].includes((node as Element).tagName))
      return;
    node.childNodes.forEach(walk);
  };
  walk(doc.body);
  return out;
}

function wordCounts(chunks: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of chunks
    .join(' ')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [])
    counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The share of the oracle's words (with multiplicity) that the viewer shows too. */
function coverage(viewer: Map<string, number>, reference: Map<string, number>) {
  let total = 0;
  let shown = 0;
  const missing: string[] = [];
  for (const [word, count] of reference) {
    total += count;
    const have = Math.min(count, viewer.get(word) ?? 0);
    shown += have;
    if (have < count) missing.push(`${word}×${count - have}`);
  }
  return { ratio: total === 0 ? 1 : shown / total, total, missing };
}

function fixtures(): string[] {
  requireShared();
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(xml|ccd)$/i.test(entry.name)) out.push(path);
    }
  };
  walk(ccdaDir);
  return out.sort();
}

describe('word coverage against HL7 CDA.xsl v3.0 on every shared C-CDA fixture', () => {
  const files = fixtures();

  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it.each(files.map((f) => [f.slice(ccdaDir.length + 1), f]))(
    '%s: at least 98%% of the words',
    (_name, file) => {
      requireXsltproc();
      const html = execFileSync('xsltproc', [oracle, file], { maxBuffer: 64 * 1024 * 1024 }).toString(
        'latin1',
      );
      const result = renderXml(readFileSync(file, 'utf8'));
      expect(result.kind).toBe('document');
      if (result.kind !== 'document') return;
      const { ratio, total, missing } = coverage(
        wordCounts(reactText(result.content)),
        wordCounts(htmlText(html)),
      );
      expect(total).toBeGreaterThan(20);
      expect(ratio, `missing: ${missing.slice(0, 40).join(' ')}`).toBeGreaterThanOrEqual(0.98);
    },
  );
});

function synthetic(name: string): string {
  requireShared();
  return readFileSync(join(syntheticDir, name), 'utf8');
}

/** Renders into the test DOM; the parse goes through xmldom, the elements through React. */
function show(name: string, options?: CdaRenderOptions) {
  const result = renderXml(synthetic(name), options);
  if (result.kind === 'unreadable') throw new Error(`${name} did not parse`);
  return render(<>{result.kind === 'document' ? result.content : result.warning}</>).container;
}

describe('the synthetic safety and format cases of ccda-synthetic/README.md', () => {
  it.each(['nx-javascript.xml', 'nx-javascript-mid.xml'])('%s: the javascript warning, no frame', (name) => {
    const page = show(name);
    expect(page.textContent).toContain(javascriptWarning);
    expect(page.querySelector('iframe')).toBeNull();
  });

  it.each(['nx-colon.xml', 'nx-curlyquote.xml'])('%s: the malicious-content warning, no frame', (name) => {
    const page = show(name);
    expect(page.textContent).toContain(maliciousWarning);
    expect(page.querySelector('iframe')).toBeNull();
  });

  it('nx-ok.xml: a sandboxed frame 80% wide and 600 high (with frameReferences on)', () => {
    const frame = show('nx-ok.xml', { ...defaultCdaOptions, frameReferences: true }).querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('files/a.pdf');
    expect(frame?.getAttribute('sandbox')).toBe('');
    expect(frame?.getAttribute('width')).toBe('80%');
    expect(frame?.getAttribute('height')).toBe('600');
  });

  it('nx-ok.xml: by default, a notice names the file the portal does not hold, and nothing is framed', () => {
    const page = show('nx-ok.xml');
    expect(page.querySelector('iframe')).toBeNull();
    expect(page.textContent).toContain('files/a.pdf');
  });

  it('nx-textplain.xml: preformatted text', () => {
    const pre = show('nx-textplain.xml').querySelector('pre');
    expect(pre?.textContent?.trim().length).toBeGreaterThan(5);
    expect(pre?.textContent).not.toContain('Cannot display the text');
  });

  it('nx-b64pdf.xml: "Cannot display the text"', () => {
    expect(show('nx-b64pdf.xml').querySelector('pre')?.textContent).toBe('Cannot display the text');
  });

  it('base64 plain text is decoded (the stylesheet shows it undecoded)', () => {
    const utf8 = String.fromCharCode(...new TextEncoder().encode('Decoded note: café'));
    const xml = synthetic('nx-textplain.xml').replace(
      /<text mediaType="text\/plain">[^<]*<\/text>/,
      `<text mediaType="text/plain" representation="B64">${btoa(utf8)}</text>`,
    );
    expect(xml).toContain('representation="B64"');
    const result = renderXml(xml);
    if (result.kind !== 'document') throw new Error('not rendered');
    expect(render(<>{result.content}</>).container.querySelector('pre')?.textContent).toBe(
      'Decoded note: café',
    );
  });

  it('tbl-js-attr.xml: rendering terminates with the javascript warning and no table', () => {
    const result = renderXml(synthetic('tbl-js-attr.xml'));
    expect(result.kind).toBe('terminated');
    renderWithProviders(<CdaViewer xml={synthetic('tbl-js-attr.xml')} options={defaultCdaOptions} />);
    expect(screen.getByRole('alert').textContent).toBe(javascriptWarning);
    expect(document.querySelector('table')).toBeNull();
  });

  it('tbl-illegal-attr.xml: attributes off the allow-list are dropped silently; border and colspan stay', () => {
    const page = show('tbl-illegal-attr.xml');
    const table = page.querySelector('table.cda-table');
    expect(table?.getAttribute('border')).not.toBeNull();
    expect(table?.getAttribute('onmouseover')).toBeNull();
    expect(table?.getAttribute('style')).toBeNull();
    expect(page.querySelector('[bgcolor]')).toBeNull();
    expect(page.querySelector('td[colspan]')).not.toBeNull();
    expect(page.textContent).not.toContain(maliciousWarning);
  });

  it('tbl-semicolon-attr.xml: the attribute is dropped with the malicious-content warning', () => {
    const page = show('tbl-semicolon-attr.xml');
    expect(page.querySelector('table.cda-table')?.getAttribute('width')).toBeNull();
    expect(page.textContent).toContain(maliciousWarning);
  });

  it('img-remote.xml: remote images removed with the warning on both paths; the PNG is never shown', () => {
    const page = show('img-remote.xml');
    expect(page.querySelectorAll('img')).toHaveLength(0);
    expect(page.textContent).toContain(
      'WARNING: non-local image found https://evil.example.com/x.gif. Removing.',
    );
    expect(page.textContent).toContain(
      'WARNING: non-local image found https://evil.example.com/y.jpg. Removing.',
    );
    expect(page.textContent).not.toContain('local.png');
  });

  it('img-remote.xml: the whitelist (prefixes separated by |) and the limit switch are honoured', () => {
    const whitelisted = show('img-remote.xml', {
      ...defaultCdaOptions,
      externalImageWhitelist: 'https://other.example.org/|https://evil.example.com/x',
      frameReferences: false,
    });
    expect([...whitelisted.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      'https://evil.example.com/x.gif',
    ]);
    const unlimited = show('img-remote.xml', { ...defaultCdaOptions, limitExternalImages: false });
    expect([...unlimited.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      'https://evil.example.com/x.gif',
      'https://evil.example.com/y.jpg',
    ]);
  });

  it('nested-revised.xml: title fallback, table of contents, margins 2em 4em 8em, deleted text hidden, caption', () => {
    const page = show('nested-revised.xml');
    expect(page.querySelector('h1')?.textContent?.length).toBeGreaterThan(0);
    expect(page.querySelector('nav.cda-toc')).not.toBeNull();
    const margins = [...page.querySelectorAll('.cda-nested-title')].map(
      (h) => (h as HTMLElement).style.marginLeft,
    );
    expect(margins.slice(0, 3)).toEqual(['2em', '4em', '8em']);
    expect(page.textContent).not.toContain('GONE');
    expect(page.textContent).toContain('Cap: ');
  });

  it('notelecom-noaddr-title-fallback.xml: placeholders, title from the code, no table of contents', () => {
    const xml = synthetic('notelecom-noaddr-title-fallback.xml');
    const display = /<code[^>]*displayName="([^"]+)"/.exec(xml)?.[1];
    const page = show('notelecom-noaddr-title-fallback.xml');
    expect(page.querySelector('h1')?.textContent).toBe(display);
    expect(page.textContent).toContain('address not available');
    expect(page.textContent).toContain('Telecom information not available');
    expect(page.querySelector('nav.cda-toc')).toBeNull();
  });

  it('title-fallback-clinical-document.xml: "Clinical Document"', () => {
    expect(show('title-fallback-clinical-document.xml').querySelector('h1')?.textContent).toBe(
      'Clinical Document',
    );
  });

  it('telecom-uses.xml: every telecom with its use (the stylesheet shows only the first, without use)', () => {
    const text = show('telecom-uses.xml').textContent;
    expect(text).toContain('Tel (Primary Home): +1(555)555-1212');
    expect(text).toContain('Mail (Work Place): a@b.c');
    expect(text).toContain('Primary Home:');
  });

  it('every synthetic document shows its created date as "January 2, 2024, 10:15:00, EST"', () => {
    for (const name of readdirSync(syntheticDir).filter((f) => f.endsWith('.xml') && f !== 'tbl-js-attr.xml'))
      expect(show(name).textContent, name).toContain('January 2, 2024, 10:15:00, EST');
  });
});

describe('the renderer on its own', () => {
  it('dates: US zone labels, raw offsets, partial precision', () => {
    expect(formatCdaTime('20240102101500-0500')).toBe('January 2, 2024, 10:15:00, EST');
    expect(formatCdaTime('20240102101500-0600')).toBe('January 2, 2024, 10:15:00, CST');
    expect(formatCdaTime('20240102101500-0700')).toBe('January 2, 2024, 10:15:00, MST');
    expect(formatCdaTime('20240102101500-0800')).toBe('January 2, 2024, 10:15:00, PST');
    expect(formatCdaTime('202401021015+0100')).toBe('January 2, 2024, 10:15 +0100');
    expect(formatCdaTime('19750501')).toBe('May 1, 1975');
    expect(formatCdaTime('197505')).toBe('May 1975');
    expect(formatCdaTime('1975')).toBe('1975');
  });

  it('a document that is not XML, or not a ClinicalDocument, is unreadable and says so', () => {
    expect(renderXml('<ClinicalDocument xmlns="urn:hl7-org:v3"><title>x</title>').kind).toBe('unreadable');
    expect(renderXml('<html><body>hello</body></html>').kind).toBe('unreadable');
    renderWithProviders(<CdaViewer xml="not xml at all <" />);
    expect(screen.getByRole('alert').textContent).toContain('could not be read');
  });

  it('document text never becomes markup, and styleCode and ID are prefixed', () => {
    const xml = `<ClinicalDocument xmlns="urn:hl7-org:v3"><title>&lt;img src=x onerror=alert(1)&gt;</title>
      <component><structuredBody><component><section><title>S</title><text>
        <content styleCode="Bold mantine-Button-root" ID="n1">&lt;script&gt;window.__pwned=1&lt;/script&gt;</content>
        <linkHtml href="javascript:alert(1)">bad link</linkHtml><linkHtml href="#n1">inside</linkHtml>
        <sex code="UN"/>
      </text></section></component></structuredBody></component></ClinicalDocument>`;
    const result = renderXml(xml);
    expect(result.kind).toBe('document');
    if (result.kind !== 'document') return;
    const page = render(<>{result.content}</>).container;
    expect(page.querySelector('script')).toBeNull();
    expect(page.querySelectorAll('img')).toHaveLength(0);
    expect(page.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>');
    const content = page.querySelector('#cda-n1');
    expect(content?.className).toBe('cda-sc-Bold');
    expect(page.querySelector('a[href^="javascript"]')).toBeNull();
    expect(page.querySelector('a[href="#cda-n1"]')?.textContent).toBe('inside');
  });

  it('sex code UN shows as Undifferentiated (the stylesheet leaves it blank)', () => {
    const xml = synthetic('telecom-uses.xml').replace(
      /administrativeGenderCode code="F"/,
      'administrativeGenderCode code="UN"',
    );
    const result = renderXml(xml);
    if (result.kind !== 'document') throw new Error('not rendered');
    expect(render(<>{result.content}</>).container.textContent).toContain('Undifferentiated');
  });
});

describe('the words around a document follow the app language (decision 131)', () => {
  afterEach(() => setLanguage('en', { remember: false }));

  it('shows the header labels, placeholders, connecting words and table of contents in Spanish', async () => {
    await setLanguage('es', { remember: false });
    const xml = `<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Resumen</title><id root="1.2.3" extension="D-1"/>
      <effectiveTime value="20240102101500-0500"/>
      <recordTarget><patientRole><id root="1.2.3" extension="42"/><patient>
        <name><given>Ana</given><family>Núñez</family></name><birthTime value="19840312"/>
      </patient></patientRole></recordTarget>
      <documentationOf><serviceEvent classCode="PCPR"><code code="X" displayName="Atención"/>
        <effectiveTime><low value="20240101"/><high value="20240102"/></effectiveTime></serviceEvent></documentationOf>
      <component><structuredBody>
        <component><section><title>Alergias</title><text>Ninguna</text></section></component>
        <component><section><title>Problemas</title><text>Ninguno</text></section></component>
      </structuredBody></component></ClinicalDocument>`;
    const result = renderXml(xml);
    if (result.kind !== 'document') throw new Error('not rendered');
    const page = render(<>{result.content}</>).container;
    const labels = [...page.querySelectorAll('th')].map((th) => th.textContent);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Paciente',
        'Fecha de nacimiento',
        'Idioma preferido',
        'Información de contacto',
        'Identificadores del paciente',
        'Identificador del documento',
        'Documento creado:',
        'Primer día del período informado',
      ]),
    );
    expect(page.textContent).toContain('dirección no disponible');
    expect(page.textContent).toContain('Información no disponible');
    expect(page.textContent).toMatch(/Atención\u00a0desde\u00a0.+ hasta /);
    expect(page.querySelector('nav.cda-toc h2')?.textContent).toBe('Índice');
    expect(page.textContent).not.toMatch(/Date of birth|Table of Contents|not available| from | to /);
    expect(page.textContent).toContain('2 de enero de 2024, 10:15:00, EST');
    expect(page.textContent).toContain('12 de marzo de 1984');
    expect(page.textContent).not.toMatch(/January|March/);
  });

  it('names coded values in Spanish: sex, race, ethnicity, uses, service event and performer (decision 180)', async () => {
    const xml = `<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Resumen</title><id root="1.2.3" extension="D-1"/>
      <effectiveTime value="20240102101500-0500"/>
      <recordTarget><patientRole><id root="1.2.3" extension="42"/>
        <addr use="HP"><streetAddressLine>1 Calle Mayor</streetAddressLine><city>Naples</city></addr>
        <telecom use="WP" value="tel:+1(555)555-1212"/>
        <patient><name><given>Ana</given><family>Núñez</family></name>
          <administrativeGenderCode code="F" codeSystem="2.16.840.1.113883.5.1" displayName="Female"/>
          <birthTime value="19840312"/>
          <raceCode code="2106-3" codeSystem="2.16.840.1.113883.6.238" displayName="White"/>
          <ethnicGroupCode code="2135-2" codeSystem="2.16.840.1.113883.6.238" displayName="Hispanic or Latino"/>
          <languageCommunication><languageCode code="en"/></languageCommunication>
      </patient></patientRole></recordTarget>
      <documentationOf><serviceEvent classCode="PCPR"><code code="X" displayName="Atención"/>
        <performer typeCode="PRF"><assignedEntity><id root="1"/>
          <assignedPerson><name><given>Luis</given><family>Mora</family></name></assignedPerson>
        </assignedEntity></performer></serviceEvent></documentationOf>
      <component><structuredBody><component><section><title>Alergias</title><text>Ninguna</text></section>
      </component></structuredBody></component></ClinicalDocument>`;
    const texts = async (language: 'en' | 'es') => {
      await setLanguage(language, { remember: false });
      const result = renderXml(xml);
      if (result.kind !== 'document') throw new Error('not rendered');
      const page = render(<>{result.content}</>).container;
      return { page, labels: [...page.querySelectorAll('th')].map((th) => th.textContent) };
    };
    // English keeps the stylesheet's words.
    const english = await texts('en');
    expect(english.labels).toEqual(expect.arrayContaining(['Care provision', 'Performer']));
    expect(english.page.textContent).toContain('Female');
    expect(english.page.textContent).toContain('Primary Home');
    expect(english.page.textContent).toContain('Work Place');
    expect(english.page.textContent).toContain('English (en)');

    const spanish = await texts('es');
    expect(spanish.labels).toEqual(expect.arrayContaining(['Prestación de atención', 'Ejecutante']));
    const text = spanish.page.textContent;
    for (const word of ['Femenino', 'Blanca', 'Hispana o latina', 'Domicilio principal', 'Lugar de trabajo'])
      expect(text).toContain(word);
    expect(text).toContain('inglés (en)');
    expect(text).not.toMatch(
      /Care provision|Performer|Primary Home|Work Place|Female|White|Hispanic|English/,
    );
  });

  it('names the months of dates in Spanish, at every precision (decision 155)', async () => {
    await setLanguage('es', { remember: false });
    expect(formatCdaTime('20240102101500-0500')).toBe('2 de enero de 2024, 10:15:00, EST');
    expect(formatCdaTime('202401021015+0100')).toBe('2 de enero de 2024, 10:15 +0100');
    expect(formatCdaTime('197505')).toBe('mayo de 1975');
    expect(formatCdaTime('1975')).toBe('1975');
    expect(formatCdaTime('00500101')).toBe('1 de enero de 50');
  });
});
