/**
 * Errors as they may be logged. The default serializer copies every field of an error, and a failed
 * query carries its bound values (Drizzle's and PGlite's `params`, Drizzle's message "Failed query:
 * … params: …"), the row that broke a constraint (`detail`: "Key (username)=(maria.lopez)") and the
 * rejected value in the driver's message ('invalid input syntax for type integer: "…"'). A logged
 * database error keeps its class, SQLSTATE, the schema names involved and a statement name ("insert
 * audit_event"): enough to find the cause, nothing a patient typed.
 */
import { scrubText } from './log-redaction';

export interface SafeError {
  type: string;
  message?: string;
  code?: string | number;
  statusCode?: number;
  /** "verb table" of the failed SQL statement, never its text or values. */
  statement?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  stack?: string;
  cause?: SafeError;
}

const sqlState = /^[0-9A-Z]{5}$/;

export function isDatabaseError(error: object): boolean {
  const e = error as Record<string, unknown>;
  if ('params' in e || 'query' in e) return true;
  return typeof e.code === 'string' && sqlState.test(e.code) && ('severity' in e || 'routine' in e);
}

/** A loggable description of any thrown value; nested causes included, three levels deep. */
export function safeError(value: unknown, depth = 0): SafeError {
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null)) {
    return { type: typeof value, message: scrubText(String(value)).slice(0, 500) };
  }
  const e = value as Error & Record<string, unknown>;
  const type = (e.constructor as { name?: string } | undefined)?.name || String(e.name ?? 'Error');
  const database = isDatabaseError(e);
  const result: SafeError = { type };
  if (typeof e.code === 'string' || typeof e.code === 'number') result.code = e.code;
  if (typeof e.statusCode === 'number') result.statusCode = e.statusCode;
  if (database) {
    // The driver's message may quote a rejected value; the SQLSTATE says what went wrong.
    result.message = 'database error (message withheld)';
    const statement = statementName(e.query);
    if (statement) result.statement = statement;
    for (const key of ['severity', 'constraint', 'table', 'column', 'routine'] as const) {
      if (typeof e[key] === 'string') result[key] = e[key];
    }
    if (typeof e.stack === 'string') result.stack = stackFrames(e.stack);
  } else {
    if (typeof e.message === 'string') result.message = scrubText(e.message).slice(0, 2000);
    if (typeof e.stack === 'string') result.stack = scrubText(e.stack);
  }
  if (e.cause !== undefined && depth < 3) result.cause = safeError(e.cause, depth + 1);
  return result;
}

/** "select patient", "insert audit_event": the verb and first table of a statement, for the log. */
export function statementName(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const verb = /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete|truncate|create|alter|drop)\b/i.exec(
    query,
  )?.[1];
  if (!verb) return undefined;
  const table = /\b(?:from|into|update|join|table)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(query)?.[1];
  return table ? `${verb.toLowerCase()} ${table}` : verb.toLowerCase();
}

/** The "at …" lines of a stack: where it failed, without the first line's message. */
function stackFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** One line for a person reading a terminal (start-up failures, the CLI), with the frames if asked. */
export function describeError(value: unknown, options: { stack?: boolean } = {}): string {
  const e = safeError(value);
  const parts = [`${e.type}${e.code === undefined ? '' : ` [${e.code}]`}`];
  if (e.statement) parts.push(`in "${e.statement}"`);
  if (e.message) parts.push(e.message);
  const cause = e.cause ? ` (cause: ${e.cause.type}${e.cause.code ? ` [${e.cause.code}]` : ''})` : '';
  const frames = options.stack && e.stack ? `\n${stackFrames(e.stack)}` : '';
  return `${parts.join(': ')}${cause}${frames}`;
}
