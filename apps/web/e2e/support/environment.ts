import fs from 'node:fs';

/** E2E_PORT lets several checkouts (or engineers) run the browser tests side by side. */
export const e2ePort = Number(process.env.E2E_PORT ?? 8181);

/** Debian's Chromium (installed by .ci/run). Fails with a clear message rather than downloading one. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium found: install Debian\'s "chromium" package (.ci/run does) or set CHROMIUM_PATH.',
    );
  }
  return found;
}
