import { describe, expect, it } from 'vitest';
import { tokenClaims } from '@dermis/contract';
import { readTokenClaims } from './jwt';

describe('readTokenClaims', () => {
  it("accepts exactly what the contract's tokenClaims.partial() accepts, with the same claims", () => {
    const full = { practiceId: 1, userId: 7, username: 'jdoe', exp: 2_000_000_000, iat: 1_900_000_000 };
    for (const sample of [
      full,
      { ...full, jti: 'x', extra: [1] },
      {},
      { username: 'a' },
      { exp: 5 },
      { ...full, userId: 7.5 },
      { ...full, exp: '5' },
      { ...full, username: 3 },
      { ...full, iat: null },
      { ...full, practiceId: Number.POSITIVE_INFINITY },
      null,
      [],
      'token',
      42,
    ]) {
      const parsed = tokenClaims.partial().safeParse(sample);
      expect(readTokenClaims(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
