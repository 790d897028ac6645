import fs from 'node:fs';

/** E2E_PORT lets several checkouts (or engineers) run the browser tests side by side. */
export const e2ePort = Number(process.env.E2E_PORT ?? 8181);

/** Where a system Chromium is looked for, in order (Debian's package first; .ci/run installs it). */
export const systemChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export interface ChromiumChoice {
  source: 'CHROMIUM_PATH' | 'system' | 'npm';
  executablePath: string;
}

interface ChromiumEnvironment {
  CHROMIUM_PATH?: string | undefined;
  /** `npm` forces the Chromium of the @sparticuz/chromium package, `system` forbids it. */
  E2E_CHROMIUM?: string | undefined;
}

/**
 * The Chromium the browser tests run in, never a download at run time: CHROMIUM_PATH when set, else
 * the system's (Debian's /usr/bin/chromium), else the headless Chromium shipped inside the
 * @sparticuz/chromium devDependency (unpacked once into the temporary folder), so `npm test` works on a
 * machine with Node and nothing else. E2E_CHROMIUM=npm forces the packaged one, E2E_CHROMIUM=system
 * refuses it.
 */
export async function chooseChromium(
  env: ChromiumEnvironment = process.env,
  exists: (file: string) => boolean = fs.existsSync,
  packaged: () => Promise<string> = packagedChromium,
): Promise<ChromiumChoice> {
  const mode = env.E2E_CHROMIUM ?? 'auto';
  if (!['auto', 'npm', 'system'].includes(mode)) {
    throw new Error(`E2E_CHROMIUM must be npm, system or unset (auto), not "${mode}".`);
  }
  if (mode !== 'npm') {
    if (env.CHROMIUM_PATH) {
      if (!exists(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH ${env.CHROMIUM_PATH} does not exist.`);
      return { source: 'CHROMIUM_PATH', executablePath: env.CHROMIUM_PATH };
    }
    const system = systemChromiumPaths.find((p) => exists(p));
    if (system) return { source: 'system', executablePath: system };
    if (mode === 'system') {
      throw new Error(
        'No system Chromium found: install Debian\'s "chromium" package (.ci/run does) or set CHROMIUM_PATH.',
      );
    }
  }
  return { source: 'npm', executablePath: await packaged() };
}

/**
 * The flags every launch of that Chromium gets (the browser tests and the viewer bench): no sandbox
 * (root in a container), no GPU, and none of the background traffic a fresh profile would start.
 */
export function chromiumArgs(choice: ChromiumChoice): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The packaged build has no zygote helper to fork renderers from.
    ...(choice.source === 'npm' ? ['--no-zygote'] : []),
  ];
}

/** Unpacks (once, into os.tmpdir()) the Chromium of @sparticuz/chromium and returns its path. */
async function packagedChromium(): Promise<string> {
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}
