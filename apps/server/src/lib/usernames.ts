/**
 * One spelling of a sign-in name for comparisons and throttling keys: Unicode-compatibility folded,
 * trimmed, inner runs of white space made one space, lower-cased. "  Maria ", "MARIA" and "ｍａｒｉａ"
 * are the same name, so none of them opens a fresh throttling count.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
