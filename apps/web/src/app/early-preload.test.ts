import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyPreloadSource, screenModules, withEarlyPreload } from '../../vite/early-preload';
import { languageStorageKey } from '../lib/i18n/language-storage';
import { sessionStorageKey } from '../lib/session/session-storage';
import { routes } from './routes';

const source = earlyPreloadSource(
  ['assets/app-1.js', 'assets/header-1.js'],
  { en: ['assets/en-1.js'], es: ['assets/es-1.js'] },
  [
    ['/appointments', ['assets/appointments-1.js']],
    ['/my-health-profile', ['assets/profile-1.js', 'assets/forms-1.js']],
    ['/my-health-profile/documents', ['assets/documents-1.js', 'assets/styles-1.css']],
    ['/messages/*', ['assets/messages-1.js']],
  ],
);
// The script as the page runs it: a classic script, nothing of the module around it.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build's script, run from its source
const run = () => (new Function(source) as () => void)();
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
const shared = ['/assets/app-1.js', '/assets/header-1.js', '/assets/en-1.js'];
/** Runs the script with a stored session at `address`. */
const runAt = (address: string) => {
  window.history.replaceState(null, '', address);
  localStorage.setItem(sessionStorageKey, '{}');
  run();
};

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the early preload script', () => {
  it('adds nothing without a stored session, so /login downloads nothing more', () => {
    run();
    expect(preloaded()).toEqual([]);
  });

  it('preloads the shared files and the English texts with a stored session', () => {
    localStorage.setItem(sessionStorageKey, '{}');
    run();
    expect(preloaded()).toEqual(['/assets/app-1.js', '/assets/header-1.js', '/assets/en-1.js']);
    const link = document.head.querySelector('link[rel="modulepreload"]');
    expect(link?.getAttribute('crossorigin')).toBe('');
  });

  it('preloads the Spanish texts instead when Spanish is the remembered choice', () => {
    localStorage.setItem(sessionStorageKey, '{}');
    localStorage.setItem(languageStorageKey, 'es');
    run();
    expect(preloaded()).toEqual(['/assets/app-1.js', '/assets/header-1.js', '/assets/es-1.js']);
  });

  it("preloads a main screen's own files on its address, and only there", () => {
    runAt('/appointments');
    expect(preloaded()).toEqual([...shared, '/assets/appointments-1.js']);
    document.head.innerHTML = '';
    runAt('/my-health-profile/');
    expect(preloaded()).toEqual([...shared, '/assets/profile-1.js', '/assets/forms-1.js']);
    document.head.innerHTML = '';
    runAt('/my-health-profile/edit');
    expect(preloaded()).toEqual(shared);
    document.head.innerHTML = '';
    runAt('/appointments-old');
    expect(preloaded()).toEqual(shared);
  });

  it('preloads the files of an address ending in /* on it and every address below it', () => {
    for (const address of ['/messages', '/messages/inbox', '/messages/message/dm/4']) {
      document.head.innerHTML = '';
      runAt(address);
      expect(preloaded()).toEqual([...shared, '/assets/messages-1.js']);
    }
    document.head.innerHTML = '';
    runAt('/messagesx');
    expect(preloaded()).toEqual(shared);
  });

  it("preloads a screen's style sheet as a style sheet, as Vite's loader will ask for it", () => {
    runAt('/my-health-profile/documents');
    expect(preloaded()).toEqual([...shared, '/assets/documents-1.js']);
    const style = document.head.querySelector('link[rel="preload"]');
    expect(style?.getAttribute('href')).toBe('/assets/styles-1.css');
    expect(style?.getAttribute('as')).toBe('style');
    expect(style?.getAttribute('crossorigin')).toBe('');
  });
});

describe("the early preload script's place in the page", () => {
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '  </head>',
    '</html>',
  ].join('\n');

  it('is inline and first in <head>, before the page waits on any file or style sheet', () => {
    const html = withEarlyPreload(page, source);
    // Byte for byte the script's text: the server allows it by the hash of what the page holds.
    expect(html).toContain(`<head>\n    <script>${source}</script>\n    <script type="module"`);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(html.replace(`    <script>${source}</script>\n`, '')).toBe(page);
  });

  it('refuses a script that would end its element early, and a page without <head>', () => {
    expect(() => withEarlyPreload(page, `${source}/* </script> */`)).toThrow(/cannot be inline/);
    expect(() => withEarlyPreload('<html><body></body></html>', source)).toThrow(/no <head>/);
  });
});

/** The modules of the build the router loads for `address`: of the deepest route that matches it. */
async function screenExportsAt(address: string): Promise<unknown> {
  const matched = matchRoutes(routes, address) ?? [];
  const leaf = matched.at(-1)?.route;
  if (typeof leaf?.lazy !== 'function') throw new Error(`${address} matches no lazy route`);
  const { element } = (await leaf.lazy()) as { element: unknown };
  if (!isValidElement(element)) throw new Error(`${address}'s route renders no element`);
  return element.type;
}

describe("the early preload's main screens", () => {
  it.each(screenModules.map(([address, module]) => ({ address, module })))(
    '$address loads $module, as the router does',
    async ({ address, module }) => {
      const loaded = (await import(/* @vite-ignore */ `../../${module}`)) as Record<string, unknown>;
      const under = address.endsWith('/*') ? address.slice(0, -2) : null;
      const addresses = under === null ? [address] : [under, `${under}/inbox`];
      for (const at of addresses) expect(Object.values(loaded)).toContain(await screenExportsAt(at));
    },
  );
});
