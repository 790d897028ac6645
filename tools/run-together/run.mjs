#!/usr/bin/env node
// `node tools/run-together/run.mjs lint typecheck`: runs those npm scripts at the same time and
// fails when any fails. Each is single-threaded (ESLint's type-aware rules, tsc), so on a machine of
// two or more cores they take the time of the longer instead of the sum. Each script's output is
// held back and printed whole when it ends, so two logs never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: run.mjs <npm script>...');
  process.exit(2);
}

const results = await Promise.all(scripts.map(run));
process.exit(results.some((code) => code !== 0) ? 1 : 0);

/**
 * @param {string} script
 * @returns {Promise<number>}
 */
function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n== npm run ${script}: ${outcome} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}
