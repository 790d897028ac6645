import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '@dermis/contract';

describe('index.html', () => {
  it('asks users without scripting to enable it, in the catalog wording', () => {
    const html = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const notice = /<noscript>\s*<p>([^<]+)<\/p>\s*<\/noscript>/.exec(html)?.[1];
    expect(notice).toBe(en['app.noscript']);
  });
});
