import { defineConfig } from '@playwright/test';
import { chooseChromium, chromiumArgs, e2ePort } from './e2e/support/environment';

// Browser journeys against the built app served by the real server (PGlite in a fresh temp folder,
// demo practice seeded). Debian's Chromium when installed, else the one packaged in the
// @sparticuz/chromium devDependency (E2E_CHROMIUM=npm forces it); nothing is downloaded.
const chromium = await chooseChromium();
if (!process.env.TEST_WORKER_INDEX) console.log(`Chromium: ${chromium.executablePath} (${chromium.source})`);
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `./test-results/${e2ePort}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    trace: 'off',
    // Modals open without fading (the theme respects reduced motion), so axe never measures the
    // contrast of a half-faded dialog; settleTransitions in e2e/support/app.ts covers the rest.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium.executablePath,
      args: chromiumArgs(chromium),
    },
  },
  webServer: {
    command: 'npx tsx apps/web/e2e/support/start-server.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${e2ePort}/healthz`,
    reuseExistingServer: false,
    // E2E_SERVER_TIMEOUT (ms): more time to migrate and seed on a loaded machine.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 300_000),
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
