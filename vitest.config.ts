import { defineConfig } from 'vitest/config';
import { compiledValidatorsPlugin } from './apps/web/vite/compiled-validators';

// One run covers every workspace. Server tests hold an in-memory PGlite (~780 MB) per file, so
// workers are capped for the 2-core, CI-sized machine.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      // The browser tests' own plumbing (which Chromium, the bundle budget) and the unit runner's reading
      // of a run (tools/unit-tests), tested without a browser.
      {
        test: {
          name: 'tooling',
          include: ['apps/web/e2e/support/**/*.test.ts', 'tools/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Files of a worker share one module graph: importing the app anew for each of some 110
          // files cost 218 s of a CI run (55 s shared). The files keep no state in modules that
          // another could see: each opens its own database and app, and none mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's checks of its public answers, compiled from the contract as in its build.
        plugins: [compiledValidatorsPlugin()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // Above test-setup's 10 s findBy allowance, so a slow journey fails on what it waited for.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
