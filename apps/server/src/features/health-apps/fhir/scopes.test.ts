import { describe, expect, it } from 'vitest';
import { allows, parseScopes, scopesFor } from './scopes';

const lab = { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' };
const social = {
  system: 'http://terminology.hl7.org/CodeSystem/observation-category',
  code: 'social-history',
};
const categoryOf = (r: unknown) => (r as { categories: { system: string; code: string }[] }).categories;

describe('SMART scopes', () => {
  it('reads v1 scopes as read and search, and ignores write-only and non-resource scopes', () => {
    expect(parseScopes(['openid', 'launch/patient', 'patient/*.read', 'patient/Observation.write'])).toEqual([
      { type: '*', read: true, search: true, categories: null },
    ]);
  });

  it('reads v2 permission letters', () => {
    expect(parseScopes(['patient/Observation.rs', 'patient/Patient.r', 'patient/Condition.s'])).toEqual([
      { type: 'Observation', read: true, search: true, categories: null },
      { type: 'Patient', read: true, search: false, categories: null },
      { type: 'Condition', read: false, search: true, categories: null },
    ]);
    expect(
      parseScopes(['patient/Observation.cud', 'patient/Observation.sr', 'patient/Observation.']),
    ).toEqual([]);
  });

  it('gives nothing for user/ and system/ scopes', () => {
    expect(parseScopes(['user/*.read', 'system/Observation.rs', 'patient/observation.rs'])).toEqual([]);
  });

  it('narrows a v2 scope to the categories of its query', () => {
    const [scope] = parseScopes([`patient/Observation.rs?category=${lab.system}|laboratory`]);
    expect(scope?.categories).toEqual([{ system: lab.system, code: 'laboratory' }]);
    const scopes = parseScopes([`patient/Observation.rs?category=${lab.system}|laboratory`]);
    expect(allows(scopes, 'Observation', 'read', { categories: [lab] }, categoryOf)).toBe(true);
    expect(allows(scopes, 'Observation', 'read', { categories: [social] }, categoryOf)).toBe(false);
    expect(allows(scopes, 'Condition', 'read', { categories: [lab] }, categoryOf)).toBe(false);
  });

  it('matches a bare category code in any system', () => {
    const scopes = parseScopes(['patient/Observation.rs?category=social-history']);
    expect(allows(scopes, 'Observation', 'search', { categories: [social] }, categoryOf)).toBe(true);
  });

  it('grants nothing for a query on another parameter or a v1 scope with a query', () => {
    expect(parseScopes(['patient/Observation.rs?code=http://loinc.org|72166-2'])).toEqual([]);
    expect(parseScopes(['patient/Observation.read?category=laboratory'])).toEqual([]);
    expect(parseScopes(['patient/Observation.rs?category='])).toEqual([]);
  });

  it('joins several scopes: an unrestricted one covers everything', () => {
    const scopes = parseScopes(['patient/Observation.rs?category=laboratory', 'patient/*.rs']);
    expect(allows(scopes, 'Observation', 'read', { categories: [social] }, categoryOf)).toBe(true);
    expect(scopesFor(scopes, 'Observation', 'search')).toHaveLength(2);
    expect(scopesFor(scopes, 'Patient', 'search')).toHaveLength(1);
  });
});
