/**
 * For the tests of answers kept by a revision: after each change made behind the server's back (as
 * another instance, the clinic's feed or a script would), the kept answers must be exactly what a
 * server with nothing kept answers, and differ from what they were before the change, so that the
 * change is known to have been seen.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Reads `answers(app)` now, and returns the check to run after each change: `answers(app)` equals
 * `answers` of a fresh server (the same JWT secret, so the same tokens) and differs from the last read.
 */
export async function expectFreshAfterEachChange<Answers>(
  app: FastifyInstance,
  newApp: (overrides: { jwtSecret: string }) => Promise<FastifyInstance>,
  answers: (server: FastifyInstance) => Promise<Answers>,
): Promise<() => Promise<void>> {
  let before = await answers(app);
  return async () => {
    const fresh = await newApp({ jwtSecret: app.config.jwtSecret });
    const now = await answers(app);
    expect(now).toEqual(await answers(fresh));
    expect(now).not.toEqual(before);
    before = now;
  };
}
