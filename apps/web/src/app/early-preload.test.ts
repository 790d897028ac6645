import { afterEach, describe, expect, it } from 'vitest';
import { earlyPreloadSource } from '../../vite/early-preload';
import { languageStorageKey } from '../lib/i18n/language-storage';
import { sessionStorageKey } from '../lib/session/session-storage';

const source = earlyPreloadSource(['assets/app-1.js', 'assets/header-1.js'], {
  en: ['assets/en-1.js'],
  es: ['assets/es-1.js'],
});
// The script as the page runs it: a classic script, nothing of the module around it.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build's script, run from its source
const run = () => (new Function(source) as () => void)();
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
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
});
