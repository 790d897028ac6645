import { useSyncExternalStore } from 'react';
import {
  defaultLanguage,
  en,
  isLanguage,
  languageFromAcceptLanguage,
  type Catalog,
  type Language,
} from '@dermis/contract';

/**
 * The language the web app speaks. English is bundled; Spanish is loaded on first use (a dynamic
 * import), so the English sign-in page downloads no second catalog. Before sign-in the choice is kept
 * in localStorage; after sign-in it is the account's (profile/changeLanguage).
 */
export const languageStorageKey = 'dermis.language';
/** Set when the choice was made before sign-in and is not yet stored on the account. */
export const pendingLanguageKey = 'dermis.language.pending';

const loaders: Record<Language, () => Promise<Catalog>> = {
  en: () => Promise.resolve(en),
  es: () => import('@dermis/contract/i18n/es').then((module) => module.es),
};

let language: Language = defaultLanguage;
let catalog: Catalog = en;
const listeners = new Set<() => void>();

export function currentLanguage(): Language {
  return language;
}

export function currentCatalog(): Catalog {
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
