/**
 * A clinic's text/html message as React elements (spec 002 §3 "mimeType"). Mail HTML is not trusted:
 * it is parsed in a document that runs nothing and loads nothing (DOMParser), and only elements of a
 * fixed list are made again here, with no attribute copied except a link's web or mail address and
 * a table cell's span. So no script runs, no style applies, and nothing is fetched from outside: an
 * image becomes its alternative text, and an element not on the list gives only its text.
 */
import { createElement, type ReactNode } from 'react';

/** Kept as they are (no attributes). */
const kept = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'hr',
  'div',
  'span',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
]);
/** Dropped with everything inside them: never content a reader should see as text. */
const dropped = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'svg',
  'math',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'map',
  'area',
]);
/** A message's headings are not the page's: they become bold paragraphs, so the outline stays the page's. */
const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Inline in the plain-text reading; every other kept element ends a line (a table cell ends with a space). */
const inline = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'code',
  'span',
  'a',
  'td',
  'th',
]);

const ELEMENT = 1;
const TEXT = 3;

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/** Web and mail addresses only; a javascript:, data: or relative address is not a link. */
function safeHref(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function span(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 && n <= 100 ? n : undefined;
}

/** Elements whose own text can only be layout whitespace (React refuses text inside a <tr>). */
const noText = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'dl']);

function children(node: Node, key: string): ReactNode[] {
  const skipText = node.nodeType === ELEMENT && noText.has((node as Element).localName);
  return Array.from(node.childNodes, (child, i) =>
    skipText && child.nodeType === TEXT ? null : element(child, `${key}.${i}`),
  );
}

function element(node: Node, key: string): ReactNode {
  if (node.nodeType === TEXT) return node.textContent;
  if (node.nodeType !== ELEMENT) return null;
  const el = node as Element;
  const tag = el.localName;
  if (dropped.has(tag)) return null;
  if (tag === 'img') return el.getAttribute('alt') || null;
  if (headings.has(tag))
    return createElement('p', { key }, createElement('strong', null, ...children(el, key)));
  if (tag === 'a') {
    const href = safeHref(el.getAttribute('href'));
    const inner = children(el, key);
    return href
      ? createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...inner)
      : createElement('span', { key }, ...inner);
  }
  if (tag === 'table')
    // A wide table scrolls inside its own box on a phone instead of widening the page.
    return createElement(
      'div',
      { key, className: 'message-html-table' },
      createElement('table', null, ...children(el, key)),
    );
  if (tag === 'td' || tag === 'th')
    return createElement(
      tag,
      { key, colSpan: span(el.getAttribute('colspan')), rowSpan: span(el.getAttribute('rowspan')) },
      ...children(el, key),
    );
  if (kept.has(tag))
    return createElement(tag, { key }, ...(tag === 'br' || tag === 'hr' ? [] : children(el, key)));
  // Any other element (font, center, article, …) keeps only what is inside it.
  return createElement('span', { key }, ...children(el, key));
}

/** The message body as safe elements. */
export function htmlContent(html: string): ReactNode[] {
  return children(parse(html).body, 'm');
}

/** The text of a text/html body, a line per block (a reply or forward quotes it as plain text). */
export function htmlText(html: string): string {
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === TEXT) {
      line += (node.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== ELEMENT) return;
    const tag = (node as Element).localName;
    if (dropped.has(tag)) return;
    if (tag === 'img') line += (node as Element).getAttribute('alt') ?? '';
    const block = !inline.has(tag);
    if (block) endLine();
    node.childNodes.forEach(walk);
    if (block) endLine();
    else if (tag === 'td' || tag === 'th') line += ' ';
  };
  walk(parse(html).body);
  endLine();
  return lines.join('\n');
}

/** What a message says as plain text, whichever type it came in. */
export function plainContent(message: { content: string; mimeType: string }): string {
  return isHtml(message.mimeType) ? htmlText(message.content) : message.content;
}

export function isHtml(mimeType: string): boolean {
  return mimeType.trim().toLowerCase().startsWith('text/html');
}
