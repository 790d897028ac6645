import { format, type MessageKey } from '@dermis/contract';
import { currentCatalog } from './language';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

/** The one way the web app produces user-visible text: a catalog key plus its placeholders. */
export function t(key: MessageKey, params?: MessageParams): string {
  // A key missing from the catalog can only be a signed-in area's text shown before the guard loaded
  // them (a bug); the key itself is shown rather than nothing.
  return format(currentCatalog()[key] ?? key, params);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(currentCatalog(), value);
}
