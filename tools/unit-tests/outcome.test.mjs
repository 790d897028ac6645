import { describe, expect, it } from 'vitest';
import { crashedFiles, failedOtherwise, plainText, runtimeReport } from './outcome.mjs';

// The end of a real CI run whose worker V8 killed (colours removed), trimmed.
const crashedRun = `
 ✓  web  apps/web/src/features/invitations/date-of-birth.test.ts (8 tests) 8ms
⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯

Vitest caught 1 unhandled error during the test run.

⎯⎯⎯⎯⎯⎯ Unhandled Error ⎯⎯⎯⎯⎯⎯⎯
Error: [vitest-pool]: Worker forks emitted error.
 ❯ EventEmitter.onTaskError node_modules/vitest/dist/chunks/index.6pLw0FLK.js:6033:21

Caused by: Error: Worker exited unexpectedly with signal SIGTRAP during started state while running test file /check/work/main/apps/server/src/features/reminders/reminders.test.ts
 ❯ ChildProcess.emitUnexpectedExit node_modules/vitest/dist/chunks/index.6pLw0FLK.js:5447:33

 Test Files  198 passed (199)
      Tests  1800 passed (1830)
     Errors  1 error
   Start at  18:53:00
`;

describe('a Vitest run that failed', () => {
  it('names the file a runtime fault killed the worker of, when nothing else failed', () => {
    expect(crashedFiles(crashedRun)).toEqual([
      { file: '/check/work/main/apps/server/src/features/reminders/reminders.test.ts', signal: 'SIGTRAP' },
    ]);
    expect(failedOtherwise(crashedRun)).toBe(false);
  });

  it('does not take an out-of-memory abort for the runtime’s fault', () => {
    expect(crashedFiles(crashedRun.replace('SIGTRAP', 'SIGABRT'))).toEqual([]);
  });

  it('counts a failed test, a failed file or another error as a failure of its own', () => {
    expect(failedOtherwise(crashedRun.replace('1800 passed', '1 failed | 1799 passed'))).toBe(true);
    expect(failedOtherwise(crashedRun.replace('198 passed', '1 failed | 197 passed'))).toBe(true);
    expect(failedOtherwise(crashedRun.replace('Errors  1 error', 'Errors  2 errors'))).toBe(true);
  });

  it('finds no crash in a run that failed a test', () => {
    const failed = ' Test Files  1 failed | 198 passed (199)\n      Tests  1 failed | 1829 passed (1830)\n';
    expect(crashedFiles(failed)).toEqual([]);
    expect(failedOtherwise(failed)).toBe(true);
  });

  it('keeps what V8 printed as it died, and reads output without its colours', () => {
    const died = plainText([
      Buffer.from('\u001b[31mok\u001b[39m\n#\n# Fatal error in , line 0\n# Check failed: node->IsInUse().\n'),
    ]);
    expect(died.startsWith('ok\n')).toBe(true);
    expect(runtimeReport(died)).toContain('Check failed: node->IsInUse().');
    expect(runtimeReport(crashedRun)).toBe('');
  });
});
