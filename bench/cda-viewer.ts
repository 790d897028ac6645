// Complete-record viewer figures, printed by `npm run bench` (and alone by
// `npm run bench:cda-viewer`): in a real Chromium, the viewer's render of the largest shared C-CDA
// fixture (Vitera_CCDA_SMART_Sample.xml) beside Chromium's own XSLTProcessor running HL7's CDA.xsl
// (../shared/fixtures/cda-oracle) on the same document, median of BENCH_CDA_RUNS runs (default 5)
// after one warm-up each, and their ratio (target: the viewer no slower, a ratio of at most 1).
// - Viewer: from the moment the page's fetch of patient/viewCCDADocument resolves (the document is
//   served in place of the real call) to the rendered article, laid out: the answer's JSON, the XML
//   parse, React and the layout.
// - XSLT: DOMParser of both texts, importStylesheet, transformToFragment, the fragment added to the
//   same page and laid out.
// Dermis runs as the browser tests start it (apps/web/e2e/support/start-server.ts: the demo practice
// on a fresh embedded database) on BENCH_CDA_PORT (default 8398), serving apps/web/dist, which is
// built first when absent (BENCH_WEB_BUILD=1 rebuilds it). Chromium is the browser tests' choice
// (apps/web/e2e/support/environment.ts). Figures are printed, never asserted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { findFixturesDir } from '../apps/server/src/features/health-information/ccda/validate-cda';
import { demoAccounts } from '../apps/server/src/demo/demo-accounts';
import { sessionStorageKey } from '../apps/web/src/lib/session/session-storage';
import { webDist } from '../apps/web/e2e/support/bundle';
import { chooseChromium, chromiumArgs } from '../apps/web/e2e/support/environment';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const runs = Number(process.env.BENCH_CDA_RUNS ?? 5);
const port = Number(process.env.BENCH_CDA_PORT ?? 8398);
const serverTimeoutMs = Number(process.env.E2E_SERVER_TIMEOUT ?? 300_000);
const documentName = 'ccda/chb-sample_ccdas/Vitera_CCDA_SMART_Sample.xml';
const stylesheetName = 'cda-oracle/CDA.xsl';
const heading = '\nComplete-record viewer in Chromium: Vitera_CCDA_SMART_Sample.xml, viewer vs native XSLT';

/** The document and the stylesheet, or why they cannot be read. */
function sharedFiles(): { xml: string; xsl: string } | string {
  const fixtures = findFixturesDir();
  if (!fixtures) return 'not measured: ../shared/fixtures is not beside this checkout';
  const missing = [documentName, stylesheetName].filter((f) => !fs.existsSync(path.join(fixtures, f)));
  if (missing.length > 0) return `not measured: ${missing.join(' and ')} missing from ${fixtures}`;
  return {
    xml: fs.readFileSync(path.join(fixtures, documentName), 'utf8'),
    xsl: fs.readFileSync(path.join(fixtures, stylesheetName), 'utf8'),
  };
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

const healthy = () =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

/** apps/web/e2e/support/start-server.ts on `port`; resolves once /healthz answers. */
async function startServer(): Promise<ChildProcess> {
  // Another server on the port would answer the health check and be measured instead.
  if (await healthy()) throw new Error(`port ${port} is in use: set BENCH_CDA_PORT to a free one`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/web/e2e/support/start-server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, E2E_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + serverTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bench server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stopServer(child);
      throw new Error(`the bench server did not answer within ${serverTimeoutMs} ms (E2E_SERVER_TIMEOUT)`);
    }
    if (await healthy()) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  // start-server.ts leaves the API key it made for the browser tests' CLI; this run has no use for it.
  fs.rmSync(path.join(tmpdir(), `dermis-e2e-api-key-${port}`), { force: true });
}

/** Marks, in every page this context opens, when the document's answer arrived and when it showed. */
function markRenderTimes(): void {
  const w = window as unknown as Record<string, number>;
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const answer = await originalFetch(...args);
    const url = args[0] instanceof Request ? args[0].url : String(args[0]);
    if (url.includes('viewCCDADocument')) w.__answered = performance.now();
    return answer;
  };
  new MutationObserver(() => {
    const article = document.querySelector('article.cda-document');
    if (w.__rendered || !article) return;
    article.getBoundingClientRect(); // forces the layout the XSLT side also pays for
    w.__rendered = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

async function viewerRun(page: Page, patientId: number): Promise<number> {
  await page.goto(`/health-information/view/${patientId}/1`);
  await page.waitForSelector('article.cda-document');
  return page.evaluate(() => {
    const w = window as unknown as Record<string, number>;
    return (w.__rendered ?? NaN) - (w.__answered ?? NaN);
  });
}

function xsltRun(page: Page, xml: string, xsl: string): Promise<number> {
  return page.evaluate(
    ({ xml, xsl }) => {
      const start = performance.now();
      const parser = new DOMParser();
      const processor = new XSLTProcessor();
      processor.importStylesheet(parser.parseFromString(xsl, 'application/xml'));
      const fragment = processor.transformToFragment(
        parser.parseFromString(xml, 'application/xml'),
        document,
      );
      const host = document.createElement('div');
      host.appendChild(fragment);
      document.body.appendChild(host);
      host.getBoundingClientRect();
      const took = performance.now() - start;
      host.remove();
      return took;
    },
    { xml, xsl },
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function printCdaViewer(): Promise<void> {
  const files = sharedFiles();
  if (typeof files === 'string') {
    console.log(`${heading}\n${files}`);
    return;
  }
  ensureWebBuild();
  const choice = await chooseChromium();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: choice.executablePath,
    args: chromiumArgs(choice),
  });
  try {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    await context.addInitScript(markRenderTimes);
    await context.route('**/api/app/patient/viewCCDADocument', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ xml: files.xml }),
      }),
    );
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(demoAccounts.patient.username);
    await page.getByLabel('Password', { exact: true }).fill(demoAccounts.patient.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/my-health-profile$/);
    const patientId = await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { user?: { id?: number } };
      return session.user?.id ?? NaN;
    }, sessionStorageKey);

    const viewer: number[] = [];
    for (let run = 0; run <= runs; run += 1) {
      const took = await viewerRun(page, patientId);
      if (run > 0) viewer.push(took);
    }
    const native = await page.evaluate(() => typeof XSLTProcessor === 'function');
    const xslt: number[] = [];
    for (let run = 0; native && run <= runs; run += 1) {
      const took = await xsltRun(page, files.xml, files.xsl);
      if (run > 0) xslt.push(took);
    }

    const [load1] = loadavg();
    console.log(
      `${heading}\nChromium ${browser.version()} (${choice.source}), ${runs} runs after a warm-up each, ` +
        `${availableParallelism()} cores, load average ${load1?.toFixed(1)} at the end`,
    );
    const row = (scenario: string, times: number[]) => ({
      scenario,
      'median ms': Math.round(median(times)),
      'runs ms': times.map(Math.round).join(' '),
    });
    console.table([
      row('viewer: answer to laid-out article', viewer),
      ...(native ? [row('XSLTProcessor + CDA.xsl: parse to laid-out fragment', xslt)] : []),
    ]);
    console.log(
      native
        ? `viewer / native XSLT:             ${(median(viewer) / median(xslt)).toFixed(2)}x (target <= 1)`
        : 'native XSLT not measured: this Chromium has no XSLTProcessor',
    );
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printCdaViewer();
