/**
 * Runs the C-CDA R2.1 Schematron of `shared/fixtures/cda-schema/schematron` in tests, with Debian's
 * xsltproc. No ISO Schematron skeleton is installed, so the schema is compiled here to a plain
 * XSLT 1.0 stylesheet: one mode per pattern of the chosen phase, one template per rule (the first
 * matching rule of a pattern wins, as in Schematron), each failed assert printed as one line.
 * Value-set asserts read `voc.xml` (`document('voc.xml')`): they run against the copy beside the
 * `.sch` when the fixtures have one (its absolute address is written into the stylesheet, which is
 * compiled elsewhere), and are left out when they do not (decision 090).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DOMParser, type Element } from '@xmldom/xmldom';

const SCH = 'http://purl.oclc.org/dsdl/schematron';
const SCHEMATRON = path.join('cda-schema', 'schematron', 'ccda-2.1');

export function findSchematron(fixturesDir: string): string | null {
  const dir = path.join(fixturesDir, SCHEMATRON);
  if (!fs.existsSync(dir)) return null;
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.sch'));
  return file ? path.join(dir, file) : null;
}

export function hasXsltproc(): boolean {
  try {
    execFileSync('xsltproc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const attr = (value: string) =>
  `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type SchematronPhase = 'errors' | 'warnings';

/** The value-set file beside the Schematron, or null when the fixtures have none. */
function vocabularyOf(schPath: string): string | null {
  const voc = path.join(path.dirname(schPath), 'voc.xml');
  return fs.existsSync(voc) ? voc : null;
}

/** The XSLT 1.0 stylesheet of `phase` of the Schematron at `schPath`. */
export function compileSchematron(schPath: string, phase: SchematronPhase = 'errors'): string {
  const voc = vocabularyOf(schPath);
  const vocUrl = voc ? pathToFileURL(voc).href : null;
  const doc = new DOMParser().parseFromString(fs.readFileSync(schPath, 'utf8'), 'text/xml');
  const elements = (parent: Element, name: string) =>
    Array.from(parent.childNodes).filter(
      (n): n is Element =>
        n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === SCH,
    );
  const root = doc.documentElement!;
  const namespaces = elements(root, 'ns').map(
    (n) => `xmlns:${n.getAttribute('prefix')}=${attr(n.getAttribute('uri') ?? '')}`,
  );
  const active = new Set(
    elements(root, 'phase')
      .filter((p) => p.getAttribute('id') === phase)
      .flatMap((p) => elements(p, 'active').map((a) => a.getAttribute('pattern'))),
  );
  const patterns = elements(root, 'pattern').filter(
    (p) => active.size === 0 || active.has(p.getAttribute('id')),
  );
  // Trifolia's rules hold their asserts in abstract rules that the concrete rule extends.
  const abstractRules = new Map<string, Element>();
  for (const pattern of elements(root, 'pattern'))
    for (const rule of elements(pattern, 'rule'))
      if (rule.getAttribute('abstract') === 'true') abstractRules.set(rule.getAttribute('id') ?? '', rule);
  const assertsOf = (rule: Element, seen = new Set<Element>()): Element[] => {
    if (seen.has(rule)) return [];
    seen.add(rule);
    const inherited = elements(rule, 'extends').flatMap((e) => {
      const base = abstractRules.get(e.getAttribute('rule') ?? '');
      if (!base) throw new Error(`the Schematron extends an unknown rule ${e.getAttribute('rule')}`);
      return assertsOf(base, seen);
    });
    return [...inherited, ...elements(rule, 'assert')];
  };
  const out = [
    '<?xml version="1.0"?>',
    `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" ${namespaces.join(' ')}>`,
    '<xsl:output method="text"/>',
    '<xsl:template match="/">',
    ...patterns.map((_, i) => `<xsl:apply-templates select="/" mode="M${i}"/>`),
    '</xsl:template>',
  ];
  patterns.forEach((pattern, i) => {
    elements(pattern, 'rule').forEach((rule, j) => {
      const context = rule.getAttribute('context');
      if (!context || rule.getAttribute('abstract') === 'true') return;
      out.push(`<xsl:template match=${attr(context)} mode="M${i}" priority="${1000 - j}">`);
      for (const variable of elements(rule, 'let'))
        out.push(
          `<xsl:variable name=${attr(variable.getAttribute('name') ?? '')} select=${attr(variable.getAttribute('value') ?? '')}/>`,
        );
      // Value-set asserts read voc.xml: run against the fixtures' copy, or left out without one.
      for (const assert of assertsOf(rule).filter(
        (a) => vocUrl !== null || !(a.getAttribute('test') ?? '').includes('document('),
      )) {
        const message = (assert.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
        const test = (assert.getAttribute('test') ?? '').replaceAll(
          "document('voc.xml')",
          `document('${vocUrl}')`,
        );
        out.push(
          `<xsl:if test=${attr(`not(${test})`)}>${text(`${assert.getAttribute('id') ?? ''} ${message}`)} at <xsl:for-each select="ancestor-or-self::*"><xsl:value-of select="concat('/', local-name())"/></xsl:for-each><xsl:text>&#10;</xsl:text></xsl:if>`,
        );
      }
      out.push(`<xsl:apply-templates select="@*|*" mode="M${i}"/></xsl:template>`);
    });
    out.push(
      `<xsl:template match="@*|*" mode="M${i}" priority="-2"><xsl:apply-templates select="@*|*" mode="M${i}"/></xsl:template>`,
    );
  });
  out.push('</xsl:stylesheet>');
  return out.join('\n');
}

const compiled = new Map<string, string>();

/**
 * The failed asserts of the Schematron's `phase` (errors: SHALL; warnings: SHOULD) on `xml`, one
 * line each, starting with the assert's id.
 */
export function runSchematron(xml: string, schPath: string, phase: SchematronPhase = 'errors'): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-sch-'));
  const key = `${schPath}\n${phase}`;
  let stylesheet = compiled.get(key);
  if (!stylesheet) {
    stylesheet = path.join(dir, `${phase}.xsl`);
    fs.writeFileSync(stylesheet, compileSchematron(schPath, phase));
    compiled.set(key, stylesheet);
  }
  const document = path.join(dir, 'document.xml');
  fs.writeFileSync(document, xml);
  try {
    const output = execFileSync('xsltproc', [stylesheet, document], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return output.split('\n').filter((line) => line.trim() !== '');
  } finally {
    fs.rmSync(document);
  }
}
