import { en, translate, type MessageKey } from '@dermis/contract';
import { currentCatalog } from './language';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

/** The one way the web app produces user-visible text: a catalog key plus its placeholders. */
export function t(key: MessageKey, params?: MessageParams): string {
  return translate(key, params, currentCatalog());
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}
