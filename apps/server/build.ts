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

/** Entry points: dist/<name>.js */
export const serverEntries = {
  server: 'src/server.ts',
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
    plugins: [externalPackages],
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
