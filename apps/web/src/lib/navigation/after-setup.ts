/**
 * The page a guard turned away before sign-in, when first-time setup was still to do (a health app's
 * authorization request among them). Setup comes first, as it is mandatory; the wizard returns there
 * at its end (decision 283). Kept in sessionStorage so that a reload during setup keeps it: this tab
 * only, and sign-out forgets it.
 */
const storageKey = 'dermis.afterSetup';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberAfterSetup(path: string): void {
  storage()?.setItem(storageKey, path);
}

/** The remembered page, forgotten as it is read. */
export function takeAfterSetup(): string | null {
  const path = storage()?.getItem(storageKey) ?? null;
  forgetAfterSetup();
  return path;
}

export function forgetAfterSetup(): void {
  storage()?.removeItem(storageKey);
}
