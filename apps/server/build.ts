/**
 * `npm run build:server`: compiles the server and its CLIs into apps/server/dist (ES modules for
 * `node`, no TypeScript loader at run time). The contract package is bundled in; every other package
 * stays an import from node_modules. Run files keep finding the migrations and the repository from
 * dist/ (src/config/paths.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
export const serverDist = path.join(serverRoot, 'dist');

/**
 * Entry points: dist/<name>.js. dist/server.js is the small start.ts, which turns source maps on for
 * our own code and then imports dist/server-main.js (server.ts) as a file of its own.
 */
export const serverEntries = {
  server: 'src/start.ts',
  'server-main': 'src/server.ts',
  dermis: 'src/cli/dermis.ts',
  migrate: 'src/cli/migrate.ts',
} as const;

/** Packages from node_modules stay external; workspace packages (@dermis/*) are TypeScript: bundle them. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      // JSON data a package ships (the contract's country names) is bundled: Node's ESM loader
      // would need an import attribute for it.
      args.path.startsWith('@dermis/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** start.ts's `import('./server')` stays an import, of the bundle built from server.ts. */
const serverMainImport: Plugin = {
  name: 'server-main-import',
  setup(b) {
    b.onResolve({ filter: /^\.\/server$/ }, (args) =>
      args.importer === path.join(serverRoot, serverEntries.server)
        ? { path: './server-main.js', external: true }
        : undefined,
    );
  },
};

export async function buildServer(): Promise<void> {
  await build({
    absWorkingDir: serverRoot,
    entryPoints: Object.entries(serverEntries).map(([out, input]) => ({ in: input, out })),
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    sourcemap: 'linked',
    plugins: [serverMainImport, externalPackages],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.error(
    `server built into ${path.relative(process.cwd(), serverDist) || '.'} in ${Math.round(performance.now() - started)} ms`,
  );
}
