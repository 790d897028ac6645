import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { createAccountFailure } from './outcomes';

describe('create-account failures (spec 000 §5, §8)', () => {
  const unavailable =
    'Service is not available at the moment. Please try again later or ask your clinic staff for the help.';

  it('gives the server-unavailable text for a network failure and for an outage (503, or a proxy 502/504)', () => {
    expect(createAccountFailure(new ApiError(0, 'NETWORK_ERROR', ''))).toEqual({ errors: [unavailable] });
    for (const status of [502, 503, 504])
      expect(createAccountFailure(ApiError.fromBody(status, undefined))).toEqual({ errors: [unavailable] });
  });

  it('shows the server validation messages, else the request-failed text', () => {
    expect(
      createAccountFailure(
        new ApiError(400, 'VALIDATION_ERROR', 'x', [{ field: 'username', description: 'Bad name' }]),
      ),
    ).toEqual({ errors: ['Bad name'] });
    expect(createAccountFailure(new ApiError(500, 'INTERNAL_ERROR', 'x')).errors).not.toContain(unavailable);
  });
});
