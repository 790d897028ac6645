import { describe, expect, it } from 'vitest';
import { errorResponse, practiceBrandingCalls, systemCalls } from '@dermis/contract';
import { isErrorResponse, practiceBranding, publicConfig } from 'virtual:compiled-validators';

// The checks /login runs without zod are compiled from the contract when the app is built (decision
// 200): each answer below is held to the contract's schema and to the compiled check alike, so the
// two cannot disagree on what is a valid answer.

const config = {
  environment: 'production',
  version: '2.4.0',
  developmentMenu: false,
  mapTileUrl: null,
  mapTileAttribution: null,
  mapPmtilesUrl: '/map/basemap.pmtiles',
};
const branding = {
  practiceId: 7,
  name: 'Sunrise Dermatology',
  phone: '+1 555 0100',
  brandColor: '#1f5fa8',
  logoUrl: '/api/practice-branding/7/logo?v=1',
};
const failure = {
  error: 'VALIDATION_FAILED',
  message: 'Check the fields',
  validationMessages: [{ field: 'username', description: 'Required' }],
};

const cases = [
  {
    name: 'the public configuration',
    schema: systemCalls.config.response,
    check: publicConfig.check,
    valid: [
      config,
      { ...config, environment: 'development', developmentMenu: true, mapTileUrl: 'https://t/{z}' },
      // An older server's answer: the fields it lacks get the contract's defaults.
      { environment: 'production', version: '2.0.1' },
    ],
    invalid: [
      null,
      [],
      'production',
      { ...config, environment: 'staging' },
      { ...config, version: 2 },
      { ...config, developmentMenu: 'yes' },
      { ...config, mapTileUrl: 5 },
    ],
  },
  {
    name: "the practice's branding",
    schema: practiceBrandingCalls.get.response,
    check: practiceBranding.check,
    valid: [branding, { ...branding, phone: null, brandColor: null, logoUrl: null }],
    invalid: [
      {},
      { ...branding, practiceId: 1.5 },
      { ...branding, practiceId: '7' },
      { ...branding, name: null },
      { ...branding, logoUrl: undefined },
    ],
  },
  {
    name: 'an error body',
    schema: errorResponse,
    check: isErrorResponse,
    valid: [failure, { error: 'FORBIDDEN', message: '' }],
    invalid: [
      { error: 'X' },
      { message: 'no code' },
      { ...failure, validationMessages: {} },
      { ...failure, validationMessages: [{ field: 'username' }] },
    ],
  },
];

describe('validators compiled from the contract', () => {
  for (const { name, schema, check, valid, invalid } of cases) {
    it(`accept ${name} as the contract does`, () => {
      for (const answer of valid) {
        expect(check(structuredClone(answer))).toEqual(schema.parse(structuredClone(answer)));
        // A property the contract does not name (a newer server's) is let through, not refused.
        expect(check({ ...structuredClone(answer), extra: 1 })).not.toBeNull();
      }
    });

    it(`refuse what the contract refuses for ${name}`, () => {
      for (const answer of invalid) {
        expect(schema.safeParse(answer).success).toBe(false);
        expect(check(structuredClone(answer))).toBeNull();
      }
    });
  }

  it('carry the method and path of their call', () => {
    expect(publicConfig).toMatchObject({ method: systemCalls.config.method, path: systemCalls.config.path });
    expect(practiceBranding).toMatchObject({
      method: practiceBrandingCalls.get.method,
      path: practiceBrandingCalls.get.path,
    });
  });
});
