import { format, pluralForm, type MessageKey, type PluralKey } from '@dermis/contract';
import { currentCatalog, currentLanguage } from './language';

export type { MessageKey, PluralKey };
export type MessageParams = Record<string, string | number>;

/** The one way the web app produces user-visible text: a catalog key plus its placeholders. */
export function t(key: MessageKey, params?: MessageParams): string {
  // A key missing from the catalog can only be a signed-in area's text shown before the guard loaded
  // them (a bug); the key itself is shown rather than nothing.
  return format(currentCatalog()[key] ?? key, params);
}

/**
 * A counting text in the form the current language gives `count` ('1 past visit', '2 past visits').
 * `count` is also a placeholder; the others come in `params`.
 */
export function tPlural(key: PluralKey, count: number, params?: MessageParams): string {
  return t(`${key}.${pluralForm(currentLanguage(), count)}`, { count, ...params });
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(currentCatalog(), value);
}
