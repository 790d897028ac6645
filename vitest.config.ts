import { defineConfig } from 'vitest/config';

// One run covers every workspace. Server tests hold an in-memory PGlite (~780 MB) per file, so
// workers are capped for the 2-core, CI-sized machine.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      // The browser tests' own plumbing (which Chromium, the bundle budget), tested without a browser.
      { test: { name: 'tooling', include: ['apps/web/e2e/support/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
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
