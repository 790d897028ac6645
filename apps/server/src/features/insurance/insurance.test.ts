/**
 * Insurance (spec 001 §3, §4 "Insurance"): the clinic sends a profile with its complete set of
 * policies (idempotent by its ids); the patient reads active and inactive profiles, policies sorted
 * by order, through the guard.
 */
import type { PatientInsuranceResponse } from '@dermis/contract';
import { isPolicyExpired } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { insurancePolicy, patient } from '../../db/schema';
import type { DemoContext } from '../../demo/seed';
import { useTestApp } from '../../test/app';
import { seedInsurance } from './insurance.demo';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPracticeWithKey, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('insurance', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let key: string;
  let user: UserFixture;
  let externalId: string;
  let token: string;

  beforeEach(async () => {
    const practice = await givenPracticeWithKey(t.db);
    key = practice.apiKey;
    app = await newApp();
    user = await givenUser(t.db, practice.practiceId, { username: `ins${Date.now()}` });
    const [row] = await t.db.select().from(patient).where(eq(patient.id, user.patientId));
    externalId = row!.externalId;
    token = (await signIn(app, user.username, user.password)).accessToken;
  });

  const put = (profileId: string, body: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/integration/patients/${externalId}/insurance-profiles/${profileId}`,
      headers: { 'x-api-key': key },
      payload: body,
    });
  const read = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/app/insurance/getActivePatientInsuranceProfile/_rid/${user.patientId}`,
        headers: bearer(token),
      })
    ).json<PatientInsuranceResponse>();

  const secondary = {
    externalId: 'POL-2',
    order: 2,
    name: 'Dental Plus',
    insuranceCompanyName: 'Delta Dental',
    policyType: 'PREFERRED_PROVIDER_ORGANIZATION',
    validFrom: '2023-01-01',
    validThrough: '2024-12-31',
  };
  const primary = {
    externalId: 'POL-1',
    order: 1,
    name: 'Gold PPO',
    insuranceCompanyName: 'Blue Cross Blue Shield',
    policyType: 'COMMERCIAL_INSURANCE_CO',
    memberNumber: 'XGP123456789',
    groupName: 'ACME Corp',
    coPayment: '$25',
    relationshipToResponsiblePerson: 'SELF',
    validFrom: '2025-01-01',
    validThrough: '2030-12-31',
    address: {
      streetAddressLn1: 'PO Box 1',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      country: 'UNITED_STATES',
    },
  };

  it('stores a profile with policies sorted by order, idempotently, and replaces the set', async () => {
    const created = await put('PROF-1', { name: 'Main', policies: [secondary, primary] });
    expect(created.statusCode).toBe(201);
    expect((await put('PROF-1', { name: 'Main', policies: [secondary, primary] })).statusCode).toBe(200);

    const answer = await read();
    expect(answer.inactivePatientInsuranceProfiles).toEqual([]);
    const [profile] = answer.activePatientInsuranceProfiles;
    expect(profile?.insurancePolicies.map((p) => p.name)).toEqual(['Gold PPO', 'Dental Plus']);
    expect(profile?.insurancePolicies[0]).toMatchObject({
      order: 1,
      memberNumber: 'XGP123456789',
      insuranceCompany: { name: 'Blue Cross Blue Shield' },
      insurancePolicyType: { code: 'COMMERCIAL_INSURANCE_CO', description: 'Commercial insurance company' },
      relationshipToResponsiblePerson: 'SELF',
      validThrough: '2030-12-31',
      addressInformation: { city: 'Chicago', zip: '60601', streetAddressLn2: null },
    });
    expect(profile?.insurancePolicies[1]?.addressInformation).toBeNull();

    // The set sent is the set kept.
    await put('PROF-1', { name: 'Main', policies: [primary] });
    expect((await read()).activePatientInsuranceProfiles[0]?.insurancePolicies).toHaveLength(1);
    expect(await t.db.select().from(insurancePolicy)).toHaveLength(1);

    await put('PROF-OLD', {
      name: 'Former employer',
      active: false,
      policies: [{ ...secondary, externalId: 'OLD-1' }],
    });
    expect((await read()).inactivePatientInsuranceProfiles[0]?.name).toBe('Former employer');
  });

  it('reads a stored code the contract does not know as UNDEFINED, and such a relationship as none', async () => {
    await put('PROF-1', { name: 'Main', policies: [primary] });
    // Codes the clinic feed can no longer send, as an older feed or a hand edit may have left them.
    await t.db.update(insurancePolicy).set({ policyType: 'BARTER', relationship: 'NEIGHBOUR' });
    const [policy] = (await read()).activePatientInsuranceProfiles[0]?.insurancePolicies ?? [];
    expect(policy?.insurancePolicyType).toEqual({ code: 'UNDEFINED', description: 'Undefined' });
    expect(policy?.relationshipToResponsiblePerson).toBeNull();
  });

  it('refuses bad input and other patients', async () => {
    expect((await put('P', { policies: [primary, primary] })).statusCode).toBe(400);
    expect((await put('P', { policies: [{ ...primary, validThrough: '12/31/2030' }] })).statusCode).toBe(400);
    expect((await put('P', { policies: [{ ...primary, policyType: 'NOPE' }] })).statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/integration/patients/NOBODY/insurance-profiles/P',
      headers: { 'x-api-key': key },
      payload: { policies: [] },
    });
    expect(unknown.statusCode).toBe(404);
    const stranger = await givenUser(t.db, user.practiceId, { username: `s${Date.now()}` });
    const strangerToken = (await signIn(app, stranger.username, stranger.password)).accessToken;
    const refused = await app.inject({
      method: 'GET',
      url: `/api/app/insurance/getActivePatientInsuranceProfile/_rid/${user.patientId}`,
      headers: bearer(strangerToken),
    });
    expect(refused.statusCode).toBe(403);
    expect(await read()).toEqual({
      activePatientInsuranceProfiles: [],
      inactivePatientInsuranceProfiles: [],
    });
  });

  it("seeds Maria's two policies, the second one expired", async () => {
    await seedInsurance(t.db, {
      practiceId: user.practiceId,
      patients: { maria: user.patientId },
    } as DemoContext);
    const policies = (await read()).activePatientInsuranceProfiles.flatMap((p) => p.insurancePolicies);
    const today = new Date().toISOString().slice(0, 10);
    expect(policies.map((p) => [p.order, isPolicyExpired(p, today)])).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});
