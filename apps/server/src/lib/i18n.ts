/**
 * The server's language: answers follow the signed-in account's choice, else the request's
 * Accept-Language; e-mails follow the recipient account's choice. English is the fallback.
 */
import {
  en,
  languageFromAcceptLanguage,
  pluralForm,
  translate,
  type Catalog,
  type Language,
  type MessageKey,
  type PluralKey,
} from '@dermis/contract';
import { es } from '@dermis/contract/i18n/es';
import type { FastifyRequest } from 'fastify';

const catalogs: Record<Language, Catalog> = { en, es };

export function catalogOf(language: Language | null | undefined): Catalog {
  return catalogs[language ?? 'en'];
}

/**
 * A translator bound to one language, for building an e-mail or an answer. `tr.plural` is a counting
 * text in the form the language gives `count` (decision 164): a configured '1 minute' is not '1 minutes'.
 */
export function translatorFor(language: Language | null | undefined) {
  const catalog = catalogOf(language);
  const tr = (key: MessageKey, params?: Record<string, string | number>) => translate(key, params, catalog);
  const plural = (key: PluralKey, count: number, params?: Record<string, string | number>) =>
    tr(`${key}.${pluralForm(language ?? 'en', count)}`, { count, ...params });
  return Object.assign(tr, { plural });
}

export function requestLanguage(request: FastifyRequest): Language {
  return request.auth?.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
}
