import { describe, expect, it } from 'vitest';
import { developmentHostWarning } from './development-host';
import { loadConfig } from './env';

describe('developmentHostWarning', () => {
  it('warns when a development server listens beyond this machine', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.example.org']) {
      const config = loadConfig({ DATABASE_URL: 'memory://', HOST: host });
      expect(config.environment).toBe('development');
      const warning = developmentHostWarning(config);
      expect(warning, host).toContain(`HOST=${host} lets other machines reach this development server.`);
      expect(warning).toContain('NODE_ENV=production');
    }
  });

  it('stays quiet on this machine only, and outside development', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.1.1'])
      expect(developmentHostWarning({ environment: 'development', host }), host).toBeNull();
    expect(developmentHostWarning(loadConfig({ DATABASE_URL: 'memory://' }))).toBeNull();
    expect(developmentHostWarning({ environment: 'production', host: '0.0.0.0' })).toBeNull();
    expect(developmentHostWarning({ environment: 'test', host: '0.0.0.0' })).toBeNull();
  });
});
