import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mapDataPlugin } from './build/map-data';
import { compiledValidatorsPlugin } from './vite/compiled-validators';
import { precompressPlugin } from './vite/precompress';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // The offline pharmacy map's county lines and towns, as JSON files of the build (decision 182); the
  // checks of the answers /login reads, compiled from the contract (decision 200); brotli and gzip
  // copies of every text file, which the server sends as they are (decision 245).
  plugins: [react(), mapDataPlugin(), compiledValidatorsPlugin(), precompressPlugin()],
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
      resolveDependencies: (file, deps) => (file.includes('entry-calls') ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and the router are on every page and change less often than the app:
          // one long-cached chunk. Everything else (Mantine components, zod, forms, queries) is split
          // by the routes that use it, so /login downloads only what sign-in needs.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    // The API runs as a separate process in development; in production one process serves both.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
