import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mapDataPlugin } from './build/map-data';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // The offline pharmacy map's county lines and towns, as JSON files of the build (decision 182).
  plugins: [react(), mapDataPlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route module pulls in (npm run bench reads it).
    manifest: true,
    // No modulepreload polyfill in the entry: every browser the portal supports preloads modules
    // itself, and the polyfill's bytes counted against /login's JavaScript budget (decision 218).
    modulePreload: { polyfill: false },
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
