import fs from 'node:fs';

export const e2ePort = 8181;

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
