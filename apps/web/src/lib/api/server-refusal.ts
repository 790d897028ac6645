import { t } from '../i18n';
import { isApiError, isServiceUnavailable } from './api-error';

/** What a form shows when the server refuses what was sent. */
export interface ServerRefusal<F extends string> {
  /** The server's message for each of the form's own fields it named, shown under that field. */
  fields: Partial<Record<F, string>>;
  /** The rest, for the failure modal or banner; null when every message went under a field. */
  reason: string | null;
}

/**
 * The form field a server message belongs to. The server names fields by their path in the request
 * ('to', 'directMessageInfo.to', 'phones.1.number'): the same path, a form field the path ends
 * with, or else one field alone with the path's last named part.
 */
function fieldOf<F extends string>(path: string, fields: readonly F[]): F | undefined {
  const exact = fields.find((field) => field === path);
  if (exact !== undefined) return exact;
  const suffix = fields.find((field) => path.endsWith(`.${field}`));
  if (suffix !== undefined) return suffix;
  const last = (value: string) =>
    value
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop();
  const named = fields.filter((field) => last(field) === last(path));
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The one reading of a failed call for every form (spec 000 §8: validation messages are shown
 * instead of the request's own text). A refusal (4xx) is shown in the server's own words: each
 * validation message under the field it names when the form has that field, the others (or, with
 * none, the server's message) as the reason. A failure that carries no words for the patient (a
 * network failure, a 5xx) gets `fallback`: the screen's own text from the spec, or the generic one;
 * an outage (503) says the service is briefly unavailable, so the patient knows to try again.
 */
export function serverRefusal<F extends string = never>(
  error: unknown,
  fields: readonly F[] = [],
  fallback: string = t('error.generic'),
): ServerRefusal<F> {
  if (isServiceUnavailable(error)) return { fields: {}, reason: error.message };
  if (!isApiError(error) || error.status < 400 || error.status >= 500)
    return { fields: {}, reason: fallback };
  const placed: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const m of error.validationMessages) {
    const field = fieldOf(m.field, fields);
    if (field !== undefined && placed[field] === undefined) placed[field] = m.description;
    else rest.push(m.description);
  }
  if (rest.length > 0) return { fields: placed, reason: rest.join(' ') };
  if (error.validationMessages.length > 0) return { fields: placed, reason: null };
  return { fields: placed, reason: error.message || fallback };
}

/** The text to show for any failure a query or mutation reports, on a screen with no fields for it. */
export function errorMessage(error: unknown, fallback?: string): string {
  return serverRefusal(error, [], fallback).reason ?? t('error.generic');
}
