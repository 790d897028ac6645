/**
 * A readable HTML rendering of a C-CDA document, made by transforming the document itself: the
 * header (patient, author, custodian, period) and each section's title and narrative block. For the
 * transmitted package, whose recipient may have no CDA viewer (decision 228).
 *
 * Safety: the document is parsed as XML; only a fixed set of narrative elements become HTML
 * elements (each mapped to its HTML twin), no attribute is copied, and every text is escaped.
 */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

const HL7 = 'urn:hl7-org:v3';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const kids = (e: Element): Element[] =>
  Array.from(e.childNodes).filter((n): n is Element => n.nodeType === 1);
const first = (e: Element | undefined, ...path: string[]): Element | undefined => {
  let current = e;
  for (const name of path) current = current ? kids(current).find((c) => c.localName === name) : undefined;
  return current;
};
const textOf = (e: Element | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** CDA narrative elements and the HTML element each becomes; anything else keeps only its text. */
const narrative: Record<string, string> = {
  paragraph: 'p',
  content: 'span',
  list: 'ul',
  item: 'li',
  table: 'table',
  caption: 'caption',
  thead: 'thead',
  tbody: 'tbody',
  tfoot: 'tfoot',
  tr: 'tr',
  th: 'th',
  td: 'td',
  br: 'br',
  sub: 'sub',
  sup: 'sup',
};

function narrativeHtml(node: Element): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3 || child.nodeType === 4) out += escape(child.nodeValue ?? '');
    else if (child.nodeType === 1) {
      const element = child as Element;
      let tag = narrative[element.localName ?? ''];
      if (tag === 'ul' && element.getAttribute('listType') === 'ordered') tag = 'ol';
      if (!tag) out += narrativeHtml(element);
      else if (tag === 'br') out += '<br>';
      else if (tag === 'th') out += `<th scope="col">${narrativeHtml(element)}</th>`;
      else out += `<${tag}>${narrativeHtml(element)}</${tag}>`;
    }
  }
  return out;
}

function personName(e: Element | undefined): string {
  const name = first(e, 'name');
  if (!name) return '';
  return kids(name)
    .filter((k) => ['prefix', 'given', 'family', 'suffix'].includes(k.localName ?? ''))
    .map(textOf)
    .join(' ');
}

/** HL7 TS (YYYYMMDD...) as MM/DD/YYYY. */
function day(ts: string | null): string {
  if (!ts || ts.length < 8) return '';
  return `${ts.slice(4, 6)}/${ts.slice(6, 8)}/${ts.slice(0, 4)}`;
}

export function parseCda(xml: string): Document {
  return new DOMParser().parseFromString(xml, 'text/xml');
}

/** The document as one HTML page (UTF-8, no script, no external resource). */
export function cdaToHtml(xml: string): string {
  const doc = parseCda(xml);
  const root = doc.documentElement!;
  const title = textOf(first(root, 'title')) || 'Clinical document';
  const language = first(root, 'languageCode')?.getAttribute('code') ?? 'en-US';
  const person = first(root, 'recordTarget', 'patientRole', 'patient');
  const sex = first(person, 'administrativeGenderCode')?.getAttribute('displayName') ?? '';
  const custodian = textOf(
    first(root, 'custodian', 'assignedCustodian', 'representedCustodianOrganization', 'name'),
  );
  const period = first(root, 'documentationOf', 'serviceEvent', 'effectiveTime');
  const rows: [string, string][] = [
    ['Patient', personName(person)],
    ['Date of birth', day(first(person, 'birthTime')?.getAttribute('value') ?? null)],
    ['Sex', sex],
    ['Custodian', custodian],
    [
      'Period covered',
      [
        day(first(period, 'low')?.getAttribute('value') ?? null),
        day(first(period, 'high')?.getAttribute('value') ?? null),
      ]
        .filter(Boolean)
        .join(' - '),
    ],
    ['Created', day(first(root, 'effectiveTime')?.getAttribute('value') ?? null)],
  ];
  const sections = Array.from(doc.getElementsByTagNameNS(HL7, 'section')).map((s) => {
    const heading = textOf(first(s, 'title'));
    const text = first(s, 'text');
    return `<section><h2>${escape(heading)}</h2>${text ? narrativeHtml(text) : ''}</section>`;
  });
  return [
    '<!DOCTYPE html>',
    `<html lang="${escape(language)}">`,
    '<head><meta charset="utf-8">',
    `<title>${escape(title)}</title>`,
    '<style>body{font-family:sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}',
    'table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #b0b7c3;padding:.25rem .5rem;text-align:left;vertical-align:top}',
    'h1,h2{color:#1c4f82}</style></head>',
    '<body><main>',
    `<h1>${escape(title)}</h1>`,
    '<table><tbody>',
    ...rows.map(([k, v]) => `<tr><th scope="row">${escape(k)}</th><td>${escape(v)}</td></tr>`),
    '</tbody></table>',
    ...sections,
    '</main></body></html>',
  ].join('\n');
}
