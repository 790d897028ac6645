/**
 * The insurance read's answer, pinned byte for byte: written from the stored rows in the contract's
 * key order, so that a change of how the profiles are read (their statement, their row mapping)
 * must keep every byte.
 */
import { en, insurancePolicy as policyShape, type InsurancePolicy } from '@dermis/contract';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insurancePolicy, insuranceProfile } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('insurance answer', (t) => {
  const newApp = useTestApp(t);

  it('answers the same bytes: profiles with and without policies, nulls, ties in order, odd text', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `insa${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const profile = async (externalId: string, name: string | null, active: boolean) =>
      (
        await t.db
          .insert(insuranceProfile)
          .values({ practiceId, patientId: user.patientId, externalId, name, active })
          .returning({ id: insuranceProfile.id })
      )[0]!.id;
    const gold = await profile('P1', 'Gold "PPO" \\ Núñez', true);
    const empty = await profile('P2', null, true);
    const old = await profile('P3', 'Old plan', false);
    void empty;
    const base = { companyName: 'Blue Cross', policyType: 'COMMERCIAL_INSURANCE_CO' };
    await t.db.insert(insurancePolicy).values([
      { profileId: gold, externalId: 'A', sortOrder: 2, name: 'Second', ...base, validFrom: '2025-01-01' },
      // Two policies of the same order: the lower id first.
      { profileId: gold, externalId: 'B', sortOrder: 1, name: 'First tie', ...base, city: 'Naples' },
      {
        profileId: gold,
        externalId: 'C',
        sortOrder: 1,
        name: 'Second tie 😀',
        companyName: 'Δelta\u2028Dental',
        policyType: 'NOT_A_KNOWN_CODE',
        relationship: 'NOT_KNOWN_EITHER',
        validFrom: '0001-01-01',
        validThrough: '9999-12-31',
        dateTerminated: '2024-02-29',
        title: 'T',
        memberNumber: 'M1',
        groupName: 'G',
        coInsurance: '20%',
        coPayment: '$25',
        deductible: '',
        responsibleFirstName: 'Ann',
        responsibleMiddleName: 'B.',
        responsibleLastName: "O'Neil",
        responsibleDateOfBirth: '1970-06-15',
        responsibleGender: 'F',
        responsiblePhone: '2395550100',
        responsibleOtherContact: 'tab\there',
        streetAddressLn1: '1 Main St',
        streetAddressLn2: 'Suite 2',
        state: 'FL',
        zip: '34102',
        country: 'UNITED_STATES',
      },
      { profileId: old, externalId: 'D', sortOrder: 1, name: 'Gone', ...base, relationship: 'SELF' },
    ]);

    const profiles = await t.db
      .select()
      .from(insuranceProfile)
      .where(eq(insuranceProfile.patientId, user.patientId))
      .orderBy(asc(insuranceProfile.id));
    const policies = await t.db.select().from(insurancePolicy).orderBy(asc(insurancePolicy.id));
    const known = (codes: readonly string[], code: string | null) =>
      code !== null && codes.includes(code) ? code : null;
    const policyOf = (row: (typeof policies)[number]): InsurancePolicy => {
      const type = (known(policyShape.shape.insurancePolicyType.shape.code.options, row.policyType) ??
        'UNDEFINED') as InsurancePolicy['insurancePolicyType']['code'];
      const address = [row.streetAddressLn1, row.streetAddressLn2, row.city, row.state, row.zip, row.country];
      return {
        id: row.id,
        order: row.sortOrder,
        name: row.name,
        validFrom: row.validFrom,
        validThrough: row.validThrough,
        dateTerminated: row.dateTerminated,
        title: row.title,
        memberNumber: row.memberNumber,
        groupName: row.groupName,
        coInsurance: row.coInsurance,
        coPayment: row.coPayment,
        deductible: row.deductible,
        insuranceCompany: { name: row.companyName },
        insurancePolicyType: { code: type, description: en[`insurance.policyType.${type}`] },
        relationshipToResponsiblePerson: known(
          policyShape.shape.relationshipToResponsiblePerson.unwrap().options,
          row.relationship,
        ) as InsurancePolicy['relationshipToResponsiblePerson'],
        responsibleFirstName: row.responsibleFirstName,
        responsibleMiddleName: row.responsibleMiddleName,
        responsibleLastName: row.responsibleLastName,
        responsibleDateOfBirth: row.responsibleDateOfBirth,
        responsibleGender: row.responsibleGender,
        responsiblePhone: row.responsiblePhone,
        responsibleOtherContact: row.responsibleOtherContact,
        addressInformation: address.some((part) => part !== null)
          ? {
              streetAddressLn1: row.streetAddressLn1,
              streetAddressLn2: row.streetAddressLn2,
              city: row.city,
              state: row.state,
              zip: row.zip,
              country: row.country,
            }
          : null,
      };
    };
    const shown = profiles.map((p) => ({
      id: p.id,
      name: p.name,
      active: p.active,
      insurancePolicies: policies
        .filter((policy) => policy.profileId === p.id)
        .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
        .map(policyOf),
    }));
    expect(shown[0]!.insurancePolicies.map((p) => Object.keys(p))[0]).toEqual(Object.keys(policyShape.shape));

    const answer = await app.inject({
      method: 'GET',
      url: `/api/app/insurance/getActivePatientInsuranceProfile/_rid/${user.patientId}`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(
      JSON.stringify({
        activePatientInsuranceProfiles: shown.filter((p) => p.active),
        inactivePatientInsuranceProfiles: shown.filter((p) => !p.active),
      }),
    );
  });
});
