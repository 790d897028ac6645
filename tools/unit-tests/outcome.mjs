// How a Vitest run ended, read from what it printed (without terminal colours): which files a runtime
// fault killed the worker of, and whether anything else failed. tools/unit-tests/run.mjs acts on it.

/** The signals of the runtime's own faults; SIGABRT is not one: an out-of-memory abort may be ours. */
export const runtimeFaults = ['SIGTRAP', 'SIGSEGV', 'SIGILL', 'SIGBUS'];

/**
 * The files in flight when a runtime fault killed their worker, from Vitest's "Worker exited
 * unexpectedly" errors. Empty when any worker died of something else.
 * @param {string} output
 * @returns {{ file: string, signal: string }[]}
 */
export function crashedFiles(output) {
  const found = new Map();
  const pattern = /Worker exited unexpectedly with signal (SIG[A-Z]+)[^\n]*? while running test file (\S+)/g;
  for (const [, signal, file] of output.matchAll(pattern)) {
    if (!runtimeFaults.includes(signal)) return [];
    found.set(file, { file, signal });
  }
  const exits = output.match(/Worker exited unexpectedly/g)?.length ?? 0;
  return exits === found.size ? [...found.values()] : [];
}

/**
 * Whether the run failed for anything besides its crashed workers: a failed test or file, or more
 * errors than crashes.
 * @param {string} output
 */
export function failedOtherwise(output) {
  const failedTests = /^\s*Tests\s+.*\b\d+ failed/m.test(output);
  const failedFiles = /^\s*Test Files\s+.*\b\d+ failed/m.test(output);
  const errors = Number(/^\s*Errors\s+(\d+) errors?/m.exec(output)?.[1] ?? 0);
  const crashes = new Set(crashedFiles(output).map((c) => c.file)).size;
  return failedTests || failedFiles || errors > crashes;
}

/**
 * V8's own words on a fatal error ("# Fatal error", "Check failed", its native stack), if it printed
 * any before the worker died.
 * @param {string} output
 */
export function runtimeReport(output) {
  const lines = output.split('\n');
  const start = lines.findIndex((line) =>
    /# Fatal error|Check failed|FATAL ERROR|Fatal process out of memory/.test(line),
  );
  return start < 0 ? '' : lines.slice(Math.max(0, start - 2), start + 25).join('\n');
}

/** @param {Buffer[]} chunks */
export function plainText(chunks) {
  return (
    Buffer.concat(chunks)
      .toString('utf8')
      // eslint-disable-next-line no-control-regex -- terminal colours are control characters
      .replace(/\u001b\[[0-9;]*m/g, '')
  );
}
