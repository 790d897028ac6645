/**
 * zod checks without compiling its checks (`jitless`, which `z.config({ jitless: true })` sets).
 * Compiling means `new Function`, which the page's Content-Security-Policy refuses, and zod's probe
 * for it is reported as a violation on every signed-in page even though zod then falls back.
 *
 * zod reads the setting when a schema is built, so it must be made before the first chunk holding
 * the contract's schemas runs; yet zod itself must stay out of the page's first files (vite/
 * chunk-groups.ts). zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by every
 * copy of zod on the page), adopting an object already there, so main.tsx imports this module first
 * and the setting is in place before zod loads, without loading zod. zod-jitless.test.ts checks that
 * zod still reads it from there. Listed in package.json's sideEffects: it is imported for its effect.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
