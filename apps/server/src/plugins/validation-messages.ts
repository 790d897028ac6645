/**
 * Turns schema validation issues into the contract's validationMessages: the contract's schemas carry
 * catalog keys as messages, translated here to English with `{field}` filled in, so the web form and
 * the server say the same thing.
 */
import { en, translate } from '@dermis/contract';
import type { Catalog, MessageKey } from '@dermis/contract';

export interface Issue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

export interface ValidationMessage {
  field: string;
  description: string;
}

export function toValidationMessages(
  issues: readonly Issue[],
  input: unknown,
  catalog: Catalog = en,
): ValidationMessage[] {
  return issues.map((issue) => {
    const path = issue.path.map(String);
    const field = path.length > 0 ? path.join('.') : 'body';
    const name = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? field;
    const label = isKey(`field.${name}`)
      ? translate(`field.${name}` as MessageKey, undefined, catalog)
      : name;
    return { field, description: describe(issue, label, valueAt(input, path), catalog) };
  });
}

function describe(issue: Issue, label: string, value: unknown, catalog: Catalog): string {
  const maxLength = issue.params?.maximum;
  if (value === undefined || value === null)
    return translate('validation.fieldRequired', { field: label }, catalog);
  if (isKey(issue.message)) {
    return translate(
      issue.message,
      { field: label, ...(typeof maxLength === 'number' ? { maxLength } : {}) },
      catalog,
    );
  }
  if (issue.code === 'too_big' && issue.params?.origin === 'string' && typeof maxLength === 'number') {
    return translate('validation.maxLength', { maxLength }, catalog);
  }
  // Zod's own English text, or a literal message written in the contract.
  return issue.message;
}

function isKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

function valueAt(input: unknown, path: readonly string[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
