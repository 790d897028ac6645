import type { Db } from '../db/database';
import { buildProgram } from '../cli/program';

/**
 * A runner for `dermis` command lines in-process against a test database: `run(...args)` answers
 * everything the command printed (its result, usage and errors) joined by newlines. Commander's
 * errors throw instead of exiting the test process; its settings are per command, hence the loop.
 * `db` is read at each run because the database helpers give every test its own.
 */
export function cliRunner(db: () => Db): (...args: string[]) => Promise<string> {
  return async (...args) => {
    const printed: string[] = [];
    const program = buildProgram({ withDatabase: async (fn) => void printed.push(await fn(db())) });
    for (const command of [program, ...program.commands]) {
      command
        .exitOverride()
        .configureOutput({ writeErr: (s) => printed.push(s), writeOut: (s) => printed.push(s) });
    }
    await program.parseAsync(['node', 'dermis', ...args]);
    return printed.join('\n');
  };
}
