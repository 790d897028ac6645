import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { en } from '@dermis/contract';
import { describe, expect, it } from 'vitest';

/**
 * Every text a person reads comes from the catalogs through t() (English and Spanish), and
 * icons come from one icon set: a symbol character that a font may lack renders as an empty box.
 */
const sourceRoot = join(import.meta.dirname, '..');
const textProps = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'description',
  'error',
  'heading',
  'message',
]);
// Unicode "Symbol, other" (ⓘ, ✓, ✕, ★ …) and dingbat arrows; punctuation and letters stay allowed.
const symbol = /[\p{So}\u2190-\u21ff]/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

function scan(path: string, text = readFileSync(path, 'utf8')): { texts: Finding[]; symbols: Finding[] } {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: Finding[] = [];
  const symbols: Finding[] = [];
  const at = (node: ts.Node, text: string): Finding => ({
    file: relative(sourceRoot, path),
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    text: text.trim(),
  });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) texts.push(at(node, node.text));
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source);
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer.text
        : ts.isJsxExpression(node.initializer) &&
            node.initializer.expression &&
            (ts.isStringLiteral(node.initializer.expression) ||
              ts.isNoSubstitutionTemplateLiteral(node.initializer.expression))
          ? node.initializer.expression.text
          : undefined;
      if (value !== undefined && textProps.has(name) && /\p{L}/u.test(value) && !Object.hasOwn(en, value))
        texts.push(at(node, `${name}="${value}"`));
    }
    if (
      (ts.isStringLiteral(node) || ts.isJsxText(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      symbol.test(node.text)
    )
      symbols.push(at(node, node.text));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { texts, symbols };
}

const results = tsxFiles(sourceRoot).map((path) => scan(path));

describe('texts and icons of the web app', () => {
  it('finds components to check', () => {
    expect(results.length).toBeGreaterThan(30);
  });

  it('has no text written into a component: JSX text and text props come from t()', () => {
    expect(results.flatMap((r) => r.texts)).toEqual([]);
  });

  it('draws icons with the icon set, never with symbol characters', () => {
    expect(results.flatMap((r) => r.symbols)).toEqual([]);
  });

  it('would catch a hard-coded text, a hard-coded label and a symbol', () => {
    const bad = scan(
      join(sourceRoot, 'bad.tsx'),
      'export const A = () => <button aria-label="Close" title="page.messages">Save <span>ⓘ</span></button>;',
    );
    expect(bad.texts.map((f) => f.text)).toEqual(['aria-label="Close"', 'Save']);
    expect(bad.symbols.map((f) => f.text)).toEqual(['ⓘ']);
  });
});
