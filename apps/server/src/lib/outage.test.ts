import { describe, expect, it } from 'vitest';
import { ServiceUnavailable, unavailableDependency } from './outage';

/** What Drizzle throws: its own error with the driver's as the cause. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('unavailableDependency', () => {
  it('recognises a stopped, restarting, full or unreachable PostgreSQL through the wrapper', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', '53100'])
      expect(unavailableDependency(wrapped({ code, severity: 'FATAL' })), code).toBe('database');
    expect(unavailableDependency(wrapped(new Error('Connection terminated unexpectedly')))).toBe('database');
    expect(unavailableDependency(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(
      'database',
    );
    expect(unavailableDependency(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(
      'network',
    );
    expect(
      unavailableDependency(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])),
    ).toBe('network');
  });

  it('names the store that wrapped its own failure', () => {
    expect(unavailableDependency(new ServiceUnavailable('redis'))).toBe('redis');
    expect(unavailableDependency(wrapped(new ServiceUnavailable('blob store')))).toBe('blob store');
  });

  it('leaves a bad statement, a broken constraint and a plain bug alone (they stay 500 or 409)', () => {
    for (const code of ['42601', '23505', '22P02'])
      expect(unavailableDependency(wrapped({ code, severity: 'ERROR' })), code).toBeNull();
    expect(unavailableDependency(new TypeError('x is undefined'))).toBeNull();
    expect(unavailableDependency(null)).toBeNull();
  });
});
