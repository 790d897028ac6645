import { describe, expect, it } from 'vitest';
import { errorResponse, practiceBranding, publicConfigResponse } from '@dermis/contract';
import type { z } from 'zod';
import { readErrorResponse, readPracticeBranding, readPublicConfig } from './public-answers';

// Each hand-written check accepts exactly what its contract schema accepts, and returns the same data.
function agree<T>(schema: z.ZodType<T>, read: (body: unknown) => T | null, samples: unknown[]) {
  for (const sample of samples) {
    const parsed = schema.safeParse(sample);
    expect(read(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
  }
}

const odd = [undefined, null, 0, 'x', [], true];

describe('public answers read without zod', () => {
  it('errorResponse', () => {
    agree(errorResponse, readErrorResponse, [
      ...odd,
      { error: 'NOT_FOUND', message: 'Not found.' },
      { error: 'VALIDATION_ERROR', message: '', validationMessages: [{ field: 'a', description: 'b' }] },
      { error: 'X', message: 'Y', validationMessages: [] },
      { error: 'X', message: 'Y', validationMessages: [{ field: 'a' }] },
      { error: 'X', message: 'Y', validationMessages: {} },
      { error: 'X', message: 'Y', validationMessages: null },
      { error: 'X', message: 'Y', extra: 1, validationMessages: [{ field: 'a', description: 'b', more: 2 }] },
      { error: 1, message: 'Y' },
      { message: 'Y' },
      { error: 'X' },
    ]);
  });

  it('publicConfigResponse', () => {
    agree(publicConfigResponse, readPublicConfig, [
      ...odd,
      { environment: 'production', version: '2.0.1' },
      { environment: 'development', version: '1', mapTileUrl: 'https://t/{z}', mapTileAttribution: 'OSM' },
      { environment: 'test', version: '1', mapTileUrl: null, mapTileAttribution: null, other: true },
      { environment: 'staging', version: '1' },
      { environment: 'production' },
      { environment: 'production', version: 2 },
      { environment: 'production', version: '1', mapTileUrl: 5 },
      { environment: 'production', version: '1', mapTileAttribution: false },
      { environment: 'development', version: '1', developmentMenu: true },
      { environment: 'development', version: '1', developmentMenu: false },
      { environment: 'development', version: '1', developmentMenu: 'true' },
      { environment: 'development', version: '1', developmentMenu: null },
      { environment: 'production', version: '1', mapPmtilesUrl: '/map/basemap.pmtiles' },
      { environment: 'production', version: '1', mapPmtilesUrl: 7 },
    ]);
  });

  it('practiceBranding', () => {
    const base = { practiceId: 1, name: 'Sunshine', phone: null, brandColor: null, logoUrl: null };
    agree(practiceBranding, readPracticeBranding, [
      ...odd,
      base,
      { ...base, phone: '555', brandColor: '#123456', logoUrl: '/api/practice-branding/1/logo?v=2', x: 1 },
      { ...base, practiceId: 1.5 },
      { ...base, practiceId: '1' },
      { ...base, practiceId: Number.NaN },
      { ...base, name: null },
      { ...base, phone: undefined },
      { ...base, brandColor: 3 },
      { ...base, logoUrl: undefined },
    ]);
  });
});
