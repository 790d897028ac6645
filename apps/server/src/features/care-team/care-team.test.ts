/**
 * Care team and provider directory (spec 001 §3, §4, §5, §7): the synthetic directory (deterministic,
 * valid NPIs), `nppes/search` ranked by name match, and the care team read and saved whole through
 * the guard (orders renumbered 1..n, one referring physician, a provider once).
 */
import {
  isValidNpi,
  npiCheckDigit,
  type PatientCareTeam,
  type ProviderDirectoryResult,
  type SaveCareTeamRequest,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';
import { demoAccounts } from '../../demo/demo-accounts';
import { seedDemo } from '../../demo/seed';
import { demoClinicProviders } from './care-team.demo';
import { directoryCounts, searchProviders, upsertProviders } from './provider-directory.repository';
import { syntheticDirectory, syntheticDirectorySize } from './synthetic-directory';

describe('NPI check digit', () => {
  it('matches the CMS worked example and real NPIs', () => {
    // CMS, "Requirements for National Provider Identifier check digit": 123456789 → 3.
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
  });
});

describe('synthetic directory', () => {
  const rows = syntheticDirectory();

  it('is the same on every run, with unique, valid NPIs', () => {
    expect(rows).toHaveLength(syntheticDirectorySize);
    expect(syntheticDirectory(50)).toEqual(rows.slice(0, 50));
    expect(new Set(rows.map((r) => r.npi)).size).toBe(rows.length);
    expect(rows.every((r) => isValidNpi(r.npi))).toBe(true);
    expect(demoClinicProviders().every((r) => isValidNpi(r.npi))).toBe(true);
  });

  it('is dermatology and primary care in Southwest Florida', () => {
    const dermatology = rows.filter((r) => r.primaryTaxonomy?.startsWith('207N'));
    const family = rows.filter((r) => r.primaryTaxonomy === '207Q00000X');
    expect(dermatology.length).toBeGreaterThan(rows.length / 5);
    expect(family.length).toBeGreaterThan(rows.length / 10);
    expect(rows.every((r) => r.state === 'FL' && /^3[34]\d{7}$/.test(r.zip ?? ''))).toBe(true);
    expect(rows.filter((r) => r.city === 'Naples').length).toBeGreaterThan(rows.length / 3);
  });
});

describeEachDatabase('care team', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let user: UserFixture;
  let practiceId: number;
  let token: string;

  beforeEach(async () => {
    practiceId = await givenPractice(t.db);
    app = await newApp();
    user = await givenUser(t.db, practiceId, { username: `care${Date.now()}` });
    token = (await signIn(app, user.username, user.password)).accessToken;
  });

  const search = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/app/nppes/search', headers: bearer(token), payload });
  const read = (patientId = user.patientId, as = token) =>
    app.inject({
      method: 'GET',
      url: `/api/app/careteam/getById/_rid/${patientId}`,
      headers: bearer(as),
    });
  const save = (payload: SaveCareTeamRequest, as = token) =>
    app.inject({ method: 'POST', url: '/api/app/careteam/save', headers: bearer(as), payload });

  const providerMember = (name: string, npi: string | null, order: number, referring = false) => ({
    order,
    defaultReferringPhysician: referring,
    addressBookInfo: {
      name,
      npi,
      credential: 'MD',
      specialty: 'Dermatology',
      addressBookType: 'PERSON' as const,
      addressInfoList: [
        {
          streetAddressLn1: '850 Fifth Avenue South',
          streetAddressLn2: '',
          city: 'Naples',
          state: 'FL',
          zip: '34102',
          country: 'US',
        },
      ],
    },
  });

  describe('nppes/search', () => {
    beforeEach(async () => {
      await upsertProviders(t.db, [...syntheticDirectory(), ...demoClinicProviders()]);
    });

    it('answers at most 30 providers, name matches first, with npi, names, credential, taxonomies and address', async () => {
      const response = await search({ searchText: 'garcia', lightBean: true, type: 'PROVIDER', limit: 30 });
      expect(response.statusCode).toBe(200);
      const results = response.json<ProviderDirectoryResult[]>();
      expect(results.length).toBeGreaterThan(5);
      expect(results.length).toBeLessThanOrEqual(30);
      for (const result of results) {
        expect(`${result.providerFirstName} ${result.providerLastNameLegalName}`.toLowerCase()).toContain(
          'garcia',
        );
        expect(isValidNpi(result.npi)).toBe(true);
        expect(result.taxonomies[0]?.primary).toBe(true);
        expect(result.addressInformationInfo.state).toBe('FL');
      }
    });

    it('finds a provider by first and last name, and the demo clinic dermatologist first', async () => {
      const results = (await search({ searchText: 'Olivia Bennett' })).json<ProviderDirectoryResult[]>();
      expect(results[0]).toMatchObject({
        providerFirstName: 'Olivia',
        providerLastNameLegalName: 'Bennett',
        providerCredentialText: 'MD',
        taxonomies: [{ code: '207N00000X', description: 'Dermatology' }],
        addressInformationInfo: {
          streetAddressLn1: '850 Fifth Avenue South',
          city: 'Naples',
          zip: '34102-6502',
        },
      });
    });

    it('ranks names that start with the query before names that only contain a word starting with it', async () => {
      const results = (await search({ searchText: 'mar' })).json<ProviderDirectoryResult[]>();
      const startsWith = (r: ProviderDirectoryResult) =>
        `${r.providerFirstName ?? ''}`.toLowerCase().startsWith('mar');
      const firstMiss = results.findIndex((r) => !startsWith(r));
      if (firstMiss >= 0) expect(results.slice(firstMiss).every((r) => !startsWith(r))).toBe(true);
      expect(results.filter(startsWith).length).toBeGreaterThan(0);
    });

    it('ranks a bounded set of candidates, gathering names that start with the query apart', async () => {
      const startsWith = (r: ProviderDirectoryResult) =>
        `${r.providerFirstName ?? ''}`.toLowerCase().startsWith('mar');
      const all = await searchProviders(t.db, 'mar', 1000);
      const starting = all.filter(startsWith).length;
      expect(starting).toBeGreaterThan(4);
      expect(all.length - starting).toBeGreaterThan(4);
      // Four candidates of each kind: whatever four the other word matches are, the four names that
      // start with the query are among them and lead.
      const capped = await searchProviders(t.db, 'mar', 30, 4);
      expect(capped.length).toBeLessThanOrEqual(8);
      expect(capped.slice(0, 4).every(startsWith)).toBe(true);
    });

    it('forgives a typo and finds by NPI', async () => {
      const typo = (await search({ searchText: 'Olivia Benett' })).json<ProviderDirectoryResult[]>();
      expect(typo.some((r) => r.providerLastNameLegalName === 'Bennett')).toBe(true);
      const npi = demoClinicProviders()[1]!.npi;
      const byNpi = (await search({ searchText: npi })).json<ProviderDirectoryResult[]>();
      expect(byNpi.map((r) => r.npi)).toEqual([npi]);
    });

    it('refuses texts of 2 characters or fewer, too long, or another type; answers [] for no match', async () => {
      expect((await search({ searchText: 'ga' })).statusCode).toBe(400);
      expect((await search({ searchText: 'g'.repeat(101) })).statusCode).toBe(400);
      expect((await search({ searchText: 'garcia', type: 'PHARMACY' })).statusCode).toBe(400);
      expect((await search({ searchText: 'garcia', limit: 0 })).statusCode).toBe(400);
      expect((await search({ searchText: 'zzzqqxx' })).json()).toEqual([]);
      const unauthenticated = await app.inject({
        method: 'POST',
        url: '/api/app/nppes/search',
        payload: { searchText: 'garcia' },
      });
      expect(unauthenticated.statusCode).toBe(401);
    });

    it('loads idempotently by NPI', async () => {
      await upsertProviders(t.db, syntheticDirectory());
      expect(await directoryCounts(t.db)).toEqual({ synthetic: syntheticDirectorySize + 2, nppes: 0 });
    });
  });

  it('starts empty, saves the whole list renumbered 1..n and reads it back in order', async () => {
    expect((await read()).json()).toEqual({ patientId: user.patientId, careTeamMembers: [] });
    const saved = await save({
      patientId: user.patientId,
      patientCareTeam: {
        patientId: user.patientId,
        careTeamMembers: [
          providerMember('Dr. Olivia Bennett', '1234567893', 5),
          providerMember('Ana Cruz, PA-C', null, 2),
          providerMember('Dr. John Smith', '1987654329', 9, true),
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const team = (await read()).json<PatientCareTeam>();
    expect(
      team.careTeamMembers.map((m) => [m.order, m.addressBookInfo.name, m.defaultReferringPhysician]),
    ).toEqual([
      [1, 'Ana Cruz, PA-C', false],
      [2, 'Dr. Olivia Bennett', false],
      [3, 'Dr. John Smith', true],
    ]);
    expect(team.careTeamMembers[1]?.addressBookInfo).toMatchObject({
      npi: '1234567893',
      addressBookType: 'PERSON',
      addressInfoList: [{ streetAddressLn1: '850 Fifth Avenue South', streetAddressLn2: null, zip: '34102' }],
    });
    expect(saved.json()).toEqual(team);

    // Removing one: the rest renumbered.
    const removed = team.careTeamMembers.filter((m) => m.order !== 1).map((m, i) => ({ ...m, order: i + 1 }));
    await save({ patientId: user.patientId, patientCareTeam: { careTeamMembers: removed } });
    const after = (await read()).json<PatientCareTeam>();
    expect(after.careTeamMembers.map((m) => [m.order, m.addressBookInfo.name])).toEqual([
      [1, 'Dr. Olivia Bennett'],
      [2, 'Dr. John Smith'],
    ]);
  });

  it('refuses a provider twice, two referring physicians, a bad NPI, or an empty name', async () => {
    const body = (members: ReturnType<typeof providerMember>[]) => ({
      patientId: user.patientId,
      patientCareTeam: { careTeamMembers: members },
    });
    const twice = await save(
      body([providerMember('A', '1234567893', 1), providerMember('B', '1234567893', 2)]),
    );
    expect(twice.statusCode).toBe(400);
    const referring = await save(
      body([providerMember('A', '1234567893', 1, true), providerMember('B', null, 2, true)]),
    );
    expect(referring.statusCode).toBe(400);
    expect((await save(body([providerMember('A', '12345', 1)]))).statusCode).toBe(400);
    expect((await save(body([providerMember('  ', null, 1)]))).statusCode).toBe(400);
    expect((await read()).json<PatientCareTeam>().careTeamMembers).toEqual([]);
  });

  it("refuses another patient's team, and lets their responsible person read and save it", async () => {
    const other = await givenUser(t.db, practiceId, { username: `other${Date.now()}` });
    const members = [providerMember('Dr. Olivia Bennett', '1234567893', 1)];
    expect((await read(other.patientId)).statusCode).toBe(403);
    expect(
      (await save({ patientId: other.patientId, patientCareTeam: { careTeamMembers: members } })).statusCode,
    ).toBe(403);

    await givenResponsiblePerson(t.db, other.patientId, user.patientId);
    expect(
      (await save({ patientId: other.patientId, patientCareTeam: { careTeamMembers: members } })).statusCode,
    ).toBe(200);
    const team = (await read(other.patientId)).json<PatientCareTeam>();
    expect(team.careTeamMembers).toHaveLength(1);
    expect((await read()).json<PatientCareTeam>().careTeamMembers).toEqual([]);
  });
});

describeEachDatabase('care team demo data', (t) => {
  const newApp = useTestApp(t);

  it('gives Maria a care team of three with her referring physician first, and a searchable directory', async () => {
    await seedDemo(t.db);
    const app = await newApp();
    const maria = demoAccounts.patient;
    const { accessToken } = await signIn(app, maria.username, maria.password);
    const profile = await app.inject({
      method: 'POST',
      url: '/api/app/patient/getByUsername',
      headers: bearer(accessToken),
      payload: { username: maria.username },
    });
    const patientId = profile.json<{ id: number }>().id;
    const team = (
      await app.inject({
        method: 'GET',
        url: `/api/app/careteam/getById/_rid/${patientId}`,
        headers: bearer(accessToken),
      })
    ).json<PatientCareTeam>();
    expect(team.careTeamMembers.map((m) => [m.order, m.defaultReferringPhysician])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(team.careTeamMembers[0]?.addressBookInfo.specialty).toBe('Family Medicine');
    expect(team.careTeamMembers.slice(1).map((m) => m.addressBookInfo.name)).toEqual([
      'Dr. Olivia Bennett',
      'Dr. Marcus Hale',
    ]);
    expect(team.careTeamMembers.every((m) => isValidNpi(m.addressBookInfo.npi ?? ''))).toBe(true);
    expect(await directoryCounts(t.db)).toEqual({ synthetic: syntheticDirectorySize + 2, nppes: 0 });
  });
});
