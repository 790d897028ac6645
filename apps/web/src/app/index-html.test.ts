import { describe, expect, it } from 'vitest';
import { en } from '@dermis/contract';
import html from '../../index.html?raw';

describe('index.html', () => {
  it('repeats the catalog noscript text (noscript cannot run the translation layer)', () => {
    expect(html).toContain(`<p>${en['app.noscript']}</p>`);
  });

  it('has no inline script, so a strict script-src CSP holds', () => {
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src=/);
      expect(body!.trim()).toBe('');
    }
  });

  it('declares English', () => {
    expect(html).toMatch(/<html lang="en">/);
  });
});
