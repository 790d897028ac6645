/** What every answer during an outage must be: 503, Retry-After, and the catalog's message. */
import { errorCodes, translate } from '@dermis/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { catalogOf } from '../lib/i18n';
import { retryAfterSeconds } from '../lib/outage';

export function expectUnavailable(response: LightMyRequestResponse, language: 'en' | 'es' = 'en'): void {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
  expect(response.json()).toEqual({
    error: errorCodes.serviceUnavailable,
    message: translate('error.serviceUnavailable', undefined, catalogOf(language)),
  });
}
