import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '@dermis/contract';
import { es } from '@dermis/contract/i18n/es';

describe('index.html', () => {
  it('asks users without scripting to enable it, in the catalog wording of both languages', () => {
    const html = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const notice = /<noscript>\s*<p>([^<]+)<\/p>\s*<p lang="es">([^<]+)<\/p>\s*<\/noscript>/.exec(html);
    // Prettier wraps long lines in the HTML; the reader sees one space wherever it breaks.
    const text = (i: number) => notice?.[i]?.replace(/\s+/g, ' ').trim();
    expect(text(1)).toBe(en['app.noscript']);
    expect(text(2)).toBe(es['app.noscript']);
  });
});
