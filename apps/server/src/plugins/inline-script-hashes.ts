/**
 * The Content-Security-Policy sources that let the served page's own inline scripts run and nothing
 * else: `'sha256-…'` of each inline script of the built index.html (the early preload script, decision
 * 303). Read from the file the web-app plugin serves, once at start-up, so the policy and the page
 * come from the same bytes; a changed script has another hash and the browser refuses it. No built
 * page, or one without inline scripts: none, and script-src stays 'self' alone.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A script element and its text; one with a src attribute is a file, which 'self' already covers. */
const scriptElement = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(scriptElement)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // The browser hashes the element's text as UTF-8, exactly as written between the tags.
    sources.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/** The sources for the page in `webDist`, none when there is no built page. */
export function webPageScriptSources(webDist: string): string[] {
  const page = path.join(webDist, 'index.html');
  return fs.existsSync(page) ? inlineScriptSources(fs.readFileSync(page, 'utf8')) : [];
}
