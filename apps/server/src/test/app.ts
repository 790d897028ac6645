/** A Fastify app on a test database, closed after each test by the caller. */
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import type { Config } from '../config/env';
import type { CounterStore } from '../lib/counters/counter-store';
import { MemoryCounterStore } from '../lib/counters/memory-counter-store';
import { testConfig } from './config';
import type { TestDatabase } from './database';

/**
 * Returns a function building an app on `t`'s database with fresh in-process counters; every app it
 * built is closed after each test.
 */
export function useTestApp(t: TestDatabase) {
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });
  return async (
    overrides: Partial<Config> = {},
    counters: CounterStore = new MemoryCounterStore(),
    deps: Omit<AppDeps, 'database' | 'counters'> = {},
  ) => {
    const app = await buildApp(testConfig(overrides), { ...deps, database: t.database, counters });
    open.push(app);
    return app;
  };
}
