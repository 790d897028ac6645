import { z } from 'zod';

// Messages are catalog keys (see i18n/en.ts); the web form and the server translate them.
export const usernamePattern = /^[A-Za-z0-9_+\-.@]{3,35}$/;
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

/**
 * What PostgreSQL cannot store in text (U+0000) and what is not valid UTF-16 (a lone surrogate).
 * Every string a request carries is checked against it, so such input is a clear 400, never a 500.
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const unstorableCharacter = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !unstorableCharacter.test(value);
}

/**
 * The text with every unstorable character replaced by U+FFFD, cut to at most `max` UTF-16 units
 * without splitting a surrogate pair: for what the server itself writes from a request (audit rows).
 */
export function toStorableText(value: string, max = Infinity): string {
  const cleaned = value.replace(new RegExp(unstorableCharacter.source, 'g'), '\uFFFD');
  if (cleaned.length <= max) return cleaned;
  const cut = cleaned.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The base of every request string in the contract: build request schemas from this, not z.string(). */
export const safeString = z.string().refine(isStorableText, { message: 'validation.invalidCharacters' });

/** Integers the database's `integer` columns hold; the base of every whole number a request carries. */
export const int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);

/** A row id (identity columns are 32-bit and start at 1). */
export const entityId = int32.positive();

/** A whole number in a query string or path: text coerced to a number, then held to 32 bits. */
export const int32Text = z.coerce.number().pipe(int32);

/**
 * The `:id` of a `_rid/:id` route. It stays text so that the patient-access guard parses it and
 * refuses (and audits) anything that is not one of the caller's patients; only unstorable
 * characters are refused before, as in every request string.
 */
export const ridParams = z.object({ id: safeString.max(64) });

export const requiredString = safeString.trim().min(1, { message: 'validation.fieldRequired' });

export const usernameRule = requiredString.regex(usernamePattern, { message: 'validation.username' });
export const passwordRule = safeString
  .min(1, { message: 'validation.fieldRequired' })
  .regex(passwordPattern, { message: 'validation.password' });

export function isStrongPassword(password: string): boolean {
  return passwordPattern.test(password);
}
