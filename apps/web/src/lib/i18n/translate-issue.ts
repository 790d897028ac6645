import { t, isMessageKey, type MessageKey } from './t';

/**
 * Contract rules carry catalog keys as messages (rules.ts) so server and web word errors the same.
 * `{field}` is filled with the field's translated label; a message that is not a key (a server text)
 * is shown as it came.
 */
export function translateIssue(message: string | undefined, fieldLabel?: MessageKey): string | undefined {
  if (!message) return undefined;
  if (!isMessageKey(message)) return message;
  return t(message, fieldLabel ? { field: t(fieldLabel) } : undefined);
}

export interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** Translates a list of contract validation issues, labelling each by its first path segment. */
export function translateIssues(
  issues: ReadonlyArray<Issue>,
  labels: Partial<Record<string, MessageKey>>,
): Array<{ field: string; message: string }> {
  return issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return { field, message: translateIssue(issue.message, labels[field]) ?? '' };
  });
}
