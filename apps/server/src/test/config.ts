/** A Config for tests, built without reading process.env: in-memory database, silent, no demo. */
import type { Config } from '../config/env';
import { loadConfig } from '../config/env';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: 'apps/server/src/test/no-web-dist',
    }),
    ...overrides,
  };
}
