/**
 * The compiled server's entry point, dist/server.js (`npm start`, the Dockerfile): it turns source
 * maps on for the server's own bundle only, then loads that bundle (dist/server-main.js, built from
 * server.ts). Stack traces still name the TypeScript lines (decision 047), and Node no longer reads
 * the source map every package in node_modules ships, as `--enable-source-maps` made it do (about
 * 26 MB of an idle server; decision 263). It has to run before the bundle loads: Node reads a
 * module's map when it loads the module, and a static import would load the bundle first.
 */
import module from 'node:module';

// Every supported Node has it (24.11 and later); an older one goes on without maps, so that the
// server can still say which Node it needs (config/runtime.ts).
if ('setSourceMapsSupport' in module)
  module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });

await import('./server');
