/**
 * Insurance profiles and their policies (0045). Read: the patient's profiles, active and inactive,
 * each with its policies sorted by order. Write (clinic feed): a profile and its complete set of
 * policies by the clinic's own ids, in one transaction.
 */
import type {
  InsurancePolicy,
  InsuranceProfile,
  PatientInsuranceResponse,
  UpsertInsuranceProfileRequest,
} from '@dermis/contract';
import {
  en,
  insurancePolicyTypeCode,
  insuranceRelationship,
  type InsurancePolicyTypeCode,
  type InsuranceRelationship,
} from '@dermis/contract';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { insurancePolicy, insuranceProfile, insuranceRevision } from '../../db/schema';

type PolicyRow = typeof insurancePolicy.$inferSelect;

// A stored code the contract does not know reads as UNDEFINED (type) or null (relationship). A set
// lookup, not a Zod schema with `.catch` built and run for every policy of every read (decision 269).
const policyTypes = new Set<string>(insurancePolicyTypeCode.options);
const relationships = new Set<string>(insuranceRelationship.options);
const isPolicyType = (code: string): code is InsurancePolicyTypeCode => policyTypes.has(code);
const isRelationship = (code: string): code is InsuranceRelationship => relationships.has(code);

function toPolicy(row: PolicyRow): InsurancePolicy {
  const type = isPolicyType(row.policyType) ? row.policyType : 'UNDEFINED';
  const relationship =
    row.relationship !== null && isRelationship(row.relationship) ? row.relationship : null;
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
    relationshipToResponsiblePerson: relationship,
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
}

/**
 * One round trip: each profile with its policies (a profile without any still comes, once),
 * prepared (decision 269) so its SQL is built and planned once per connection.
 */
const profilesStatement = preparedPerDatabase((db) =>
  db
    .select({
      profile: { id: insuranceProfile.id, name: insuranceProfile.name, active: insuranceProfile.active },
      policy: insurancePolicy,
    })
    .from(insuranceProfile)
    .leftJoin(insurancePolicy, eq(insurancePolicy.profileId, insuranceProfile.id))
    .where(eq(insuranceProfile.patientId, sql.placeholder('patientId')))
    .orderBy(asc(insuranceProfile.id), asc(insurancePolicy.sortOrder), asc(insurancePolicy.id))
    .prepare('insurance_profiles'),
);

/** The revision of the patient's insurance (migration 0496), the one read of a request answered kept. */
const revisionStatement = preparedPerDatabase((db) =>
  db
    .select({ revision: insuranceRevision.revision })
    .from(insuranceRevision)
    .where(eq(insuranceRevision.patientId, sql.placeholder('patientId')))
    .prepare('insurance_revision'),
);

/** The insurance's revision now; 0 for insurance never changed since the revision was kept. */
export async function insuranceRevisionOf(db: Db, patientId: number): Promise<number> {
  const [row] = await revisionStatement(db).execute({ patientId });
  return row?.revision ?? 0;
}

export async function patientInsurance(db: Db, patientId: number): Promise<PatientInsuranceResponse> {
  const rows = await profilesStatement(db).execute({ patientId });
  const byId = new Map<number, InsuranceProfile>();
  for (const { profile, policy } of rows) {
    let entry = byId.get(profile.id);
    if (!entry) byId.set(profile.id, (entry = { ...profile, insurancePolicies: [] }));
    if (policy) entry.insurancePolicies.push(toPolicy(policy));
  }
  const withPolicies = [...byId.values()];
  return {
    activePatientInsuranceProfiles: withPolicies.filter((p) => p.active),
    inactivePatientInsuranceProfiles: withPolicies.filter((p) => !p.active),
  };
}

export async function upsertInsuranceProfile(
  db: Db,
  practiceId: number,
  patientId: number,
  externalId: string,
  input: UpsertInsuranceProfileRequest,
): Promise<{ id: number; externalId: string; created: boolean; policies: number }> {
  return db.transaction(async (tx) => {
    const fields = { name: input.name ?? null, active: input.active };
    const [profile] = await tx
      .insert(insuranceProfile)
      .values({ practiceId, patientId, externalId, ...fields })
      .onConflictDoUpdate({
        target: [insuranceProfile.patientId, insuranceProfile.externalId],
        set: { ...fields, updatedAt: sql`now()` },
      })
      .returning({ id: insuranceProfile.id, created: sql<boolean>`(xmax = 0)` });
    if (!profile) throw new Error('insurance profile upsert returned nothing');

    const kept = input.policies.map((p) => p.externalId);
    await tx
      .delete(insurancePolicy)
      .where(
        kept.length > 0
          ? and(eq(insurancePolicy.profileId, profile.id), notInArray(insurancePolicy.externalId, kept))
          : eq(insurancePolicy.profileId, profile.id),
      );
    for (const policy of input.policies) {
      const values = {
        sortOrder: policy.order,
        name: policy.name,
        validFrom: policy.validFrom ?? null,
        validThrough: policy.validThrough ?? null,
        dateTerminated: policy.dateTerminated ?? null,
        title: policy.title ?? null,
        memberNumber: policy.memberNumber ?? null,
        groupName: policy.groupName ?? null,
        coInsurance: policy.coInsurance ?? null,
        coPayment: policy.coPayment ?? null,
        deductible: policy.deductible ?? null,
        companyName: policy.insuranceCompanyName,
        policyType: policy.policyType,
        relationship: policy.relationshipToResponsiblePerson ?? null,
        responsibleFirstName: policy.responsibleFirstName ?? null,
        responsibleMiddleName: policy.responsibleMiddleName ?? null,
        responsibleLastName: policy.responsibleLastName ?? null,
        responsibleDateOfBirth: policy.responsibleDateOfBirth ?? null,
        responsibleGender: policy.responsibleGender ?? null,
        responsiblePhone: policy.responsiblePhone ?? null,
        responsibleOtherContact: policy.responsibleOtherContact ?? null,
        streetAddressLn1: policy.address?.streetAddressLn1 ?? null,
        streetAddressLn2: policy.address?.streetAddressLn2 ?? null,
        city: policy.address?.city ?? null,
        state: policy.address?.state ?? null,
        zip: policy.address?.zip ?? null,
        country: policy.address?.country ?? null,
      };
      await tx
        .insert(insurancePolicy)
        .values({ profileId: profile.id, externalId: policy.externalId, ...values })
        .onConflictDoUpdate({ target: [insurancePolicy.profileId, insurancePolicy.externalId], set: values });
    }
    return { id: profile.id, externalId, created: profile.created, policies: input.policies.length };
  });
}
