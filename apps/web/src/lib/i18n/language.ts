import { useSyncExternalStore } from 'react';
import {
  defaultLanguage,
  enPublic,
  isLanguage,
  languageFromAcceptLanguage,
  type Catalog,
  type Language,
} from '@dermis/contract';
import { languageStorageKey, pendingLanguageKey } from './language-storage';

/**
 * The language the web app speaks. The English texts of the public pages and the shell are bundled;
 * the signed-in areas' texts are loaded once a session exists (`loadAllTexts`, called by the guard
 * of the signed-in routes), so /login downloads only what it shows (decision 049). Spanish is loaded
 * whole on first use (a dynamic import). Before sign-in the choice is kept in localStorage; after
 * sign-in it is the account's (profile/changeLanguage).
 */
export { languageStorageKey, pendingLanguageKey } from './language-storage';

/** A catalog may lack the signed-in areas' texts until `loadAllTexts` has run (English only). */
export type LoadedCatalog = Partial<Catalog>;

let allTextsWanted = false;
let allTextsLoaded = false;

const loaders: Record<Language, () => Promise<LoadedCatalog>> = {
  en: () =>
    allTextsWanted
      ? import('@dermis/contract/i18n/en').then((module) => module.en)
      : Promise.resolve(enPublic),
  es: () => import('@dermis/contract/i18n/es').then((module) => module.es),
};

let language: Language = defaultLanguage;
let catalog: LoadedCatalog = enPublic;
const listeners = new Set<() => void>();

export function currentLanguage(): Language {
  return language;
}

export function currentCatalog(): LoadedCatalog {
  return catalog;
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The remembered choice, else the browser's first supported language, else English. */
export function initialLanguage(storage: Storage | undefined = safeStorage()): Language {
  const stored = storage?.getItem(languageStorageKey);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.languages?.join(',');
  return languageFromAcceptLanguage(browser);
}

/**
 * Switches the app's language: loads the catalog, sets `lang` on <html>, remembers the choice and
 * re-renders every subscriber. `pending` marks a choice made before sign-in.
 */
export async function setLanguage(
  next: Language,
  options: { remember?: boolean; pending?: boolean; storage?: Storage } = {},
): Promise<void> {
  const loaded = await loaders[next]();
  const storage = options.storage ?? safeStorage();
  if (options.remember !== false) storage?.setItem(languageStorageKey, next);
  if (options.pending) storage?.setItem(pendingLanguageKey, next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === language && loaded === catalog) return;
  language = next;
  catalog = loaded;
  listeners.forEach((listener) => listener());
}

export function takePendingLanguage(storage: Storage | undefined = safeStorage()): Language | undefined {
  const pending = storage?.getItem(pendingLanguageKey);
  storage?.removeItem(pendingLanguageKey);
  return isLanguage(pending) ? pending : undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; a component using it re-renders when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/**
 * Loads every area's texts in the current language (once). The signed-in routes wait for it, so no
 * signed-in screen renders before its texts are here; the sign-in page never asks for them.
 */
export async function loadAllTexts(): Promise<void> {
  if (allTextsWanted) return;
  allTextsWanted = true;
  const requested = language;
  const loaded = await loaders[requested]();
  if (language === requested) catalog = loaded;
  allTextsLoaded = true;
  listeners.forEach((listener) => listener());
}

function textsLoaded(): boolean {
  return allTextsLoaded;
}

/** Whether every area's texts are here; starts loading them when `wanted` (a session exists). */
export function useAllTexts(wanted: boolean): boolean {
  const loaded = useSyncExternalStore(subscribe, textsLoaded, textsLoaded);
  if (wanted && !loaded) void loadAllTexts();
  return loaded;
}
