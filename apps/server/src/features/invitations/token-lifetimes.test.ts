import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';

const base = { DATABASE_URL: 'memory://', NODE_ENV: 'test' };

describe('link lifetimes', () => {
  it('default to 7 days for account creation and 3 days for e-mail verification', () => {
    const config = loadConfig(base);
    expect(config.accountInvitationTtlHours).toBe(168);
    expect(config.emailVerificationTtlHours).toBe(72);
  });

  it('are read from the environment and refused when not whole hours', () => {
    const config = loadConfig({
      ...base,
      ACCOUNT_INVITATION_TTL_HOURS: '24',
      EMAIL_VERIFICATION_TTL_HOURS: '2',
    });
    expect(config.accountInvitationTtlHours).toBe(24);
    expect(config.emailVerificationTtlHours).toBe(2);
    expect(() => loadConfig({ ...base, EMAIL_VERIFICATION_TTL_HOURS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ACCOUNT_INVITATION_TTL_HOURS: '1.5' })).toThrow(
      /ACCOUNT_INVITATION_TTL_HOURS/,
    );
  });
});
