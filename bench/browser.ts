// Browser timing of the main screens, printed by `npm run bench` (and alone by `npm run bench:browser`):
// in a real Chromium made to behave like a mid-range phone on a slow mobile network (4x CPU slowdown,
// Chrome DevTools' "Fast 3G" preset, a phone's viewport), how long each main screen takes to become
// usable and how many API requests, in how many round trips, it makes before then.
// - Usable: the screen's h1 and its main content are shown (per screen below) and nothing in <main> is
//   still loading (no aria-busy skeleton). Waited for as a condition in the page, never a fixed sleep.
//   A long list shows its first screenful first (components/screenful-first.ts); "whole lists" is
//   when every list in <main> holds all its rows too (none marked data-rows-pending).
// - Requests: the /api/ requests started between the navigation and usable. Round trips: the longest
//   chain among them, a request counting as after another when it started once the other had answered
//   (1 = all in parallel). A chain is what a throttled network makes expensive: 562.5 ms each.
// - First visit: a new browser profile (empty cache) opening the screen's address, signed in.
//   Repeat visit: the same address opened again, the app's files now cached.
// The server is bench/browser-serve.ts (Dermis on an in-memory PGlite with the demo practice, serving
// apps/web/dist, built first when absent; BENCH_WEB_BUILD=1 rebuilds it) on BENCH_BROWSER_PORT
// (default 8397). Chromium is the browser tests' choice (apps/web/e2e/support/environment.ts).
// Figures are printed with a pass or fail against BENCH_BROWSER_TARGET_MS (3000), never asserted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { webDist } from '../apps/web/e2e/support/bundle';
import { chooseChromium, chromiumArgs } from '../apps/web/e2e/support/environment';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const targetMs = Number(process.env.BENCH_BROWSER_TARGET_MS ?? 3000);
const serverTimeoutMs = Number(process.env.E2E_SERVER_TIMEOUT ?? 300_000);

/**
 * Chrome DevTools' "Fast 3G" preset (front_end/core/sdk/NetworkManager.ts): 1.6 Mbit/s down and
 * 750 kbit/s up, each times 0.9, and 150 ms times 3.75 of latency; throughputs in bytes a second.
 */
export const fast3g = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
/** Lighthouse's mobile CPU slowdown. */
export const cpuSlowdown = 4;
/** A mid-range phone's screen (Lighthouse's Moto G Power): 412 x 823 CSS pixels. */
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

interface Screen {
  name: string;
  path: string;
  /**
   * CSS selectors inside <main>, each of which must match: one per part of the screen's main content,
   * each listing what that part shows once its data is in (the list or table, its empty state, its error).
   */
  content: string[];
}

/** Any of these test ids, as one selector. */
const anyOf = (...testIds: string[]) => testIds.map((id) => `[data-testid="${id}"]`).join(', ');

/** The main screens, each with what shows that it is usable. */
export const screens: Screen[] = [
  {
    name: 'My Health Profile',
    path: '/my-health-profile',
    content: [anyOf('health-history'), anyOf('documents-block'), anyOf('insurance-block')],
  },
  {
    name: 'Appointments',
    path: '/appointments',
    content: [
      anyOf('upcoming-appointments', 'upcoming-empty', 'upcoming-error'),
      anyOf('past-visits', 'past-empty', 'past-error'),
    ],
  },
  {
    name: 'Messages inbox',
    path: '/messages/inbox',
    content: ['[data-testid="messages-list-inbox"] li, ' + anyOf('messages-empty', 'messages-list-error')],
  },
  {
    name: 'Health Information',
    path: '/health-information',
    // The clinical record below the demographics shows a skeleton (aria-busy) until it is in.
    content: [anyOf('health-info-demographics'), anyOf('record-showing')],
  },
  {
    name: 'Documents',
    path: '/my-health-profile/documents',
    // A phone gets the table as stacked cards (components/data-table.tsx): found by its test id.
    content: ['[role="alert"], ' + anyOf('documents-table', 'documents-empty', 'documents-empty-range')],
  },
  {
    name: 'Care team',
    path: '/my-health-profile/my-care-team',
    content: [anyOf('care-team-list', 'care-team-empty', 'care-team-fetch-failed')],
  },
  {
    name: 'Pharmacies',
    path: '/pharmacies',
    content: [
      anyOf('favorite-pharmacies'),
      '[aria-labelledby="pharmacy-list-title"] :is(li, [role="alert"])',
    ],
  },
];

interface Served {
  url: string;
  patient: { username: string; password: string };
  label: string;
}

function ensureWebBuild(): void {
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  if (built && process.env.BENCH_WEB_BUILD !== '1') {
    const at = fs.statSync(path.join(webDist, 'index.html')).mtime.toISOString();
    console.log(`(using the web build of ${at} in apps/web/dist; BENCH_WEB_BUILD=1 rebuilds it)`);
    return;
  }
  const build = spawnSync('npm', ['run', 'build', '-w', '@dermis/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status})`);
}

/** bench/browser-serve.ts in its own process; resolves with what it printed once it listens. */
async function startServer(): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/browser-serve.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the browser bench server did not start')),
      serverTimeoutMs,
    );
    createInterface({ input: child.stdout }).once('line', (l) => {
      clearTimeout(timer);
      resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`the browser bench server exited with ${code}`)));
  });
  return { child, served: JSON.parse(line) as Served };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The phone's slow CPU and network on this page, through the DevTools protocol. */
async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', fast3g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

interface ApiRequest {
  started: number;
  answered: number | null;
}

/** The longest chain of requests each started after the one before it answered. */
export function roundTrips(requests: readonly ApiRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.started - b.started);
  const depth: number[] = [];
  sorted.forEach((request, i) => {
    let before = 0;
    for (let j = 0; j < i; j += 1) {
      const earlier = sorted[j]!;
      if (earlier.answered !== null && earlier.answered <= request.started)
        before = Math.max(before, depth[j]!);
    }
    depth.push(before + 1);
  });
  return Math.max(0, ...depth);
}

interface Visit {
  /** The app's own files (page, scripts, styles, texts, images) requested before usable. */
  files: number;
  ms: number;
  /** When every list of the screen had rendered all its rows. */
  wholeMs: number;
  requests: number;
  roundTrips: number;
  calls: string[];
}

/** Opens the screen's address and waits until it is usable; what it took. */
async function visit(page: Page, base: string, screen: Screen): Promise<Visit> {
  const requests = new Map<object, ApiRequest & { url: string }>();
  const now = () => performance.now();
  let files = 0;
  // The app's files too, printed with BENCH_BROWSER_FILES=1: when each started and arrived.
  const fileRequests = new Map<object, ApiRequest & { url: string }>();
  const onRequest = (r: { url: () => string }) => {
    const api = new URL(r.url()).pathname.startsWith('/api/');
    if (!api) files += 1;
    (api ? requests : fileRequests).set(r, { url: r.url(), started: now(), answered: null });
  };
  const onAnswered = (r: object) => {
    const entry = requests.get(r) ?? fileRequests.get(r);
    if (entry) entry.answered = now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onAnswered);
  page.on('requestfailed', onAnswered);
  const started = now();
  try {
    await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
    await page
      .waitForFunction(
        (content) => {
          const main = document.querySelector('main');
          if (!main?.querySelector('h1')) return false;
          if (main.querySelector('[aria-busy="true"]')) return false;
          return content.every((selector) => main.querySelector(selector) !== null);
        },
        screen.content,
        { polling: 'raf', timeout: 60_000 },
      )
      .catch(async (error: unknown) => {
        const seen = await page.evaluate((content) => {
          const main = document.querySelector('main');
          return `h1: ${main?.querySelector('h1')?.textContent ?? 'none'}; busy: ${main?.querySelectorAll('[aria-busy="true"]').length ?? 0}; missing: ${content.filter((selector) => !main?.querySelector(selector)).join(' | ') || 'none'}; at ${location.pathname}`;
        }, screen.content);
        throw new Error(`${screen.name} never became usable (${seen})`, { cause: error });
      });
    const usable = now();
    await page.waitForFunction(() => !document.querySelector('main [data-rows-pending]'), undefined, {
      polling: 'raf',
      timeout: 60_000,
    });
    const whole = now();
    const before = [...requests.values()].filter((r) => r.started <= usable);
    const shown = process.env.BENCH_BROWSER_FILES === '1' ? [...fileRequests.values(), ...before] : before;
    return {
      files,
      ms: Math.round(usable - started),
      wholeMs: Math.round(whole - started),
      requests: before.length,
      roundTrips: roundTrips(
        before.map((r) => ({
          ...r,
          answered: r.answered !== null && r.answered <= usable ? r.answered : null,
        })),
      ),
      // Each call with when it started and answered, in ms from the navigation: chains show as a
      // call starting after another's answer.
      calls: shown
        .filter((r) => r.started <= usable)
        .sort((a, b) => a.started - b.started)
        .map((r) => {
          const call = new URL(r.url).pathname.replace(/^\/api\/app\//, '');
          const answered =
            r.answered !== null && r.answered <= usable ? Math.round(r.answered - started) : '…';
          return `${call} ${Math.round(r.started - started)}–${answered}`;
        }),
    };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onAnswered);
    page.off('requestfailed', onAnswered);
  }
}

/** Signs in once, unthrottled, and returns the signed-in storage every measured profile starts from. */
async function signIn(browser: Browser, served: Served) {
  const context = await browser.newContext({ baseURL: served.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(served.patient.username);
  await page.getByLabel('Password', { exact: true }).fill(served.patient.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/my-health-profile$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function printBrowser(): Promise<void> {
  ensureWebBuild();
  const choice = await chooseChromium();
  const { child, served } = await startServer();
  const browser = await chromium.launch({
    executablePath: choice.executablePath,
    args: chromiumArgs(choice),
  });
  try {
    const storageState = await signIn(browser, served);
    const rows = [];
    const details: string[] = [];
    // BENCH_BROWSER_SCREENS: a comma-separated part of the screens' names, to measure only those.
    const only = process.env.BENCH_BROWSER_SCREENS?.toLowerCase().split(',');
    for (const screen of screens.filter((s) => !only || only.some((o) => s.name.toLowerCase().includes(o)))) {
      const context = await browser.newContext({ ...phone, storageState, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        await throttle(context, page);
        const first = await visit(page, served.url, screen);
        const repeat = await visit(page, served.url, screen);
        rows.push({
          screen: screen.name,
          requests: first.requests,
          'round trips': first.roundTrips,
          'app files': first.files,
          'first visit ms': first.ms,
          'whole lists ms': first.wholeMs,
          'repeat visit ms': repeat.ms,
          [`< ${targetMs} ms`]: first.ms < targetMs && repeat.ms < targetMs ? 'pass' : 'FAIL',
        });
        details.push(`${screen.name}: ${first.calls.join(', ')}`);
      } finally {
        await context.close();
      }
    }
    const [load1] = loadavg();
    console.log(
      `\nMain screens in Chromium ${browser.version()} (${choice.source}) as a phone: ${cpuSlowdown}x CPU slowdown, ` +
        `Fast 3G (${fast3g.latency} ms, ${Math.round((fast3g.downloadThroughput * 8) / 1000)} kbit/s down), ` +
        `${phone.viewport.width}x${phone.viewport.height}; ${served.label}; ${availableParallelism()} cores, ` +
        `load average ${load1?.toFixed(1)} at the end`,
    );
    console.table(rows);
    console.log('API requests before usable (first visit):');
    for (const line of details) console.log(`  ${line}`);
  } finally {
    await browser.close();
    await stopServer(child);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printBrowser();
