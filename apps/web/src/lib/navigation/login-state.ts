/**
 * What other pages hand to /login through the router's location state (spec 000 §2): banners to show,
 * a username to prefill, and `from`, the location a guard turned away, to return to after sign-in.
 */
export interface LoginState {
  errors?: string[];
  warnings?: string[];
  notifications?: string[];
  username?: string;
  from?: { pathname: string; search?: string; hash?: string };
}
export interface LoginFrom {
  pathname: string;
  search: string;
  hash: string;
}
export type ReadLoginState = Omit<LoginState, 'from'> & { from?: LoginFrom };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Location state is whatever the last navigation left; anything unexpected reads as empty. Checked
 * by hand, not with zod: this runs on /login, whose JavaScript carries no zod (decision 049).
 */
export function readLoginState(state: unknown): ReadLoginState {
  const value = state ?? {};
  if (!isObject(value)) return {};
  const read: ReadLoginState = {};
  for (const key of ['errors', 'warnings', 'notifications'] as const) {
    if (value[key] === undefined) continue;
    if (!isStrings(value[key])) return {};
    read[key] = value[key];
  }
  if (value.username !== undefined) {
    if (typeof value.username !== 'string') return {};
    read.username = value.username;
  }
  if (value.from !== undefined) {
    const from = value.from;
    if (!isObject(from) || typeof from.pathname !== 'string') return {};
    const search = from.search ?? '';
    const hash = from.hash ?? '';
    if (typeof search !== 'string' || typeof hash !== 'string') return {};
    read.from = { pathname: from.pathname, search, hash };
  }
  return read;
}
