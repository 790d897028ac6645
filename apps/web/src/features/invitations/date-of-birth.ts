/** Spec 000 §9: the date of birth is typed as MM/DD/YYYY and sent as YYYY-MM-DD. */
const pattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** YYYY-MM-DD for a real calendar date typed as MM/DD/YYYY, otherwise null. */
export function toIsoDate(value: string): string | null {
  const match = pattern.exec(value.trim());
  if (!match) return null;
  const [, mm, dd, yyyy] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const real =
    date.getUTCFullYear() === Number(yyyy) &&
    date.getUTCMonth() === Number(mm) - 1 &&
    date.getUTCDate() === Number(dd) &&
    Number(yyyy) >= 1900;
  return real ? `${yyyy}-${mm}-${dd}` : null;
}

/** What may stay of a typed date of birth: digits and '/' only; `refused` when anything was dropped. */
export function dateOfBirthTyping(typed: string): { value: string; refused: boolean } {
  const value = typed.replace(/[^\d/]/g, '');
  return { value, refused: value !== typed };
}
