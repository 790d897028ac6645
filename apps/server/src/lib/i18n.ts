/**
 * The server's language: answers follow the signed-in account's choice, else the request's
 * Accept-Language; e-mails follow the recipient account's choice. English is the fallback.
 */
import {
  en,
  languageFromAcceptLanguage,
  translate,
  type Catalog,
  type Language,
  type MessageKey,
} from '@dermis/contract';
import { es } from '@dermis/contract/i18n/es';
import type { FastifyRequest } from 'fastify';

const catalogs: Record<Language, Catalog> = { en, es };

export function catalogOf(language: Language | null | undefined): Catalog {
  return catalogs[language ?? 'en'];
}

/** A translator bound to one language, for building an e-mail or an answer. */
export function translatorFor(language: Language | null | undefined) {
  const catalog = catalogOf(language);
  return (key: MessageKey, params?: Record<string, string | number>) => translate(key, params, catalog);
}

export function requestLanguage(request: FastifyRequest): Language {
  return request.auth?.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
}
