import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mapDataPlugin } from './build/map-data';
import { chunkGroups, firstPass, loadedOnEveryScreen } from './vite/chunk-groups';
import { compiledValidatorsPlugin } from './vite/compiled-validators';
import { earlyPreloadPlugin, screenModules, signedInStart } from './vite/early-preload';
import { precompressPlugin } from './vite/precompress';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(async ({ command }) => ({
  root,
  // The offline pharmacy map's county lines and towns, as JSON files of the build (decision 182); the
  // checks of the answers /login reads, compiled from the contract (decision 200); brotli and gzip
  // copies of every text file, which the server sends as they are (decision 245); with a stored
  // session, the signed-in screens' shared files preloaded from the page's first script (decision 292).
  plugins: [react(), mapDataPlugin(), compiledValidatorsPlugin(), earlyPreloadPlugin(), precompressPlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route module pulls in (npm run bench reads it).
    manifest: true,
    modulePreload: {
      // No polyfill: every browser the portal supports preloads modules itself, and its bytes
      // counted against /login's JavaScript budget (decision 218).
      polyfill: false,
      // The entry calls' module (zod and the contract's schemas) loads on the first sign-in action:
      // its imports follow it then, instead of a list of their file names riding in /login's budget.
      resolveDependencies: (file: string, deps: string[]) => (file.includes('entry-calls') ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // Few files before a screen shows: React, what /login needs, and what the other chunks share
        // (vite/chunk-groups.ts, decisions 259 and 317). A first pass finds which modules /login and
        // each main screen need.
        codeSplitting: {
          groups: chunkGroups(
            command === 'build'
              ? await firstPass(
                  root,
                  [react(), compiledValidatorsPlugin()],
                  [...signedInStart, ...loadedOnEveryScreen],
                  screenModules.map(([, module]) => module),
                )
              : { login: new Set(), screens: new Map(), screenCount: 0, shared: new Set() },
          ),
        },
      },
    },
  },
  server: {
    // The API runs as a separate process in development; in production one process serves both.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
}));
