#!/usr/bin/env node
// `npm run test:unit`: Vitest over every workspace, with what it is given (a file, a project).
//
// Once in a while V8 itself kills a worker (SIGTRAP from a failed internal check, SIGSEGV, SIGILL,
// SIGBUS) in the middle of a file whose tests all pass when run again: Node has open reports of
// WebAssembly and Maglev crashes under load, and PGlite runs PostgreSQL as WebAssembly in every
// worker. Vitest then fails the whole run with "Worker exited unexpectedly". This runner tells that
// apart from a failure of ours: when the run failed only because of such a signal (no test failed,
// no other error), it prints what the runtime said as it died and runs the files that were in
// flight once more. Their result is the run's result. A test failure, an error of any other kind, an
// out-of-memory abort (SIGABRT, possibly our own leak) or a second crash fails the run as before.
// docs/decisions/273-a-runtime-crash-reruns-its-file-once.md says why.
import { spawn } from 'node:child_process';
import { crashedFiles, failedOtherwise, plainText, runtimeReport } from './outcome.mjs';

const first = await vitest(['run', ...process.argv.slice(2)]);
if (first.code === 0) process.exit(0);

const crashed = crashedFiles(first.output);
if (crashed.length === 0 || failedOtherwise(first.output)) process.exit(first.code || 1);

console.error('\n== The runtime crashed while running tests; no test failed.');
for (const { file, signal } of crashed) console.error(`   ${signal} while running ${file}`);
const report = runtimeReport(first.output);
console.error(report ? `   What the runtime printed as it died:\n${report}` : '   It printed nothing first.');
console.error('== Running those files once more.\n');
const again = await vitest(['run', ...crashed.map((c) => c.file)]);
process.exit(again.code);

/**
 * Runs Vitest, passing its output through as it comes, and keeps a copy to read afterwards.
 * @param {string[]} args
 * @returns {Promise<{ code: number, output: string }>}
 */
function vitest(args) {
  return new Promise((resolve) => {
    const child = spawn('vitest', args, { stdio: ['inherit', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      chunks.push(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output: plainText(chunks) }));
  });
}
