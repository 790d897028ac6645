/**
 * A patient's care team (spec 001 §3, §4): read in order, and saved whole. A save replaces the team
 * with the list sent, ordered by the `order` the client gave (ties keep the list's order) and
 * renumbered 1..n, in one transaction. A provider (by NPI) is on the team at most once, and at most
 * one member is the referring physician.
 */
import {
  renumberCareTeam,
  type CareTeamAddress,
  type CareTeamMemberInput,
  type PatientCareTeam,
} from '@dermis/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { careTeamMember, careTeamRevision } from '../../db/schema';
import { invalidField } from '../../lib/http-error';

/**
 * The team in order, prepared (decision 269): only the columns the answer shows, and its SQL built
 * and planned once per connection instead of on every read of the Care team screen.
 */
const careTeamStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: careTeamMember.id,
      position: careTeamMember.position,
      defaultReferringPhysician: careTeamMember.defaultReferringPhysician,
      name: careTeamMember.name,
      npi: careTeamMember.npi,
      credential: careTeamMember.credential,
      specialty: careTeamMember.specialty,
      addresses: careTeamMember.addresses,
    })
    .from(careTeamMember)
    .where(eq(careTeamMember.patientId, sql.placeholder('patientId')))
    .orderBy(asc(careTeamMember.position))
    .prepare('care_team'),
);

/** The revision of the patient's team (migration 0490), the one read of a request answered from the cache. */
const careTeamRevisionStatement = preparedPerDatabase((db) =>
  db
    .select({ revision: careTeamRevision.revision })
    .from(careTeamRevision)
    .where(eq(careTeamRevision.patientId, sql.placeholder('patientId')))
    .prepare('care_team_revision'),
);

/** The team's revision now; 0 for a team never changed since the revision was kept. */
export async function careTeamRevisionOf(db: Db, patientId: number): Promise<number> {
  const [row] = await careTeamRevisionStatement(db).execute({ patientId });
  return row?.revision ?? 0;
}

export async function loadCareTeam(db: Db, patientId: number): Promise<PatientCareTeam> {
  const rows = await careTeamStatement(db).execute({ patientId });
  return {
    patientId,
    careTeamMembers: rows.map((row) => ({
      id: row.id,
      order: row.position,
      defaultReferringPhysician: row.defaultReferringPhysician,
      addressBookInfo: {
        name: row.name,
        npi: row.npi,
        credential: row.credential,
        specialty: row.specialty,
        addressBookType: 'PERSON' as const,
        addressInfoList: row.addresses,
      },
    })),
  };
}

const orNull = (value: string | null | undefined) => (value ? value : null);

export async function saveCareTeam(
  db: Db,
  patientId: number,
  members: readonly CareTeamMemberInput[],
): Promise<PatientCareTeam> {
  const ordered = renumberCareTeam(
    members
      .map((member, index) => ({ member, index, order: member.order }))
      .sort((a, b) => a.order - b.order || a.index - b.index),
  );
  const npis = members.map((m) => m.addressBookInfo.npi).filter((npi): npi is string => Boolean(npi));
  if (new Set(npis).size !== npis.length)
    throw invalidField('careTeamMembers', 'server.error.careTeamDuplicateProvider');
  if (members.filter((m) => m.defaultReferringPhysician).length > 1)
    throw invalidField('careTeamMembers', 'server.error.careTeamReferringPhysician');

  await db.transaction(async (tx) => {
    await tx.delete(careTeamMember).where(eq(careTeamMember.patientId, patientId));
    if (ordered.length === 0) return;
    await tx.insert(careTeamMember).values(
      ordered.map(({ member, order }) => ({
        patientId,
        position: order,
        defaultReferringPhysician: member.defaultReferringPhysician ?? false,
        name: member.addressBookInfo.name.trim(),
        npi: orNull(member.addressBookInfo.npi),
        credential: orNull(member.addressBookInfo.credential),
        specialty: orNull(member.addressBookInfo.specialty),
        addresses: (member.addressBookInfo.addressInfoList ?? []).map((address): CareTeamAddress => ({
          streetAddressLn1: orNull(address.streetAddressLn1),
          streetAddressLn2: orNull(address.streetAddressLn2),
          city: orNull(address.city),
          state: orNull(address.state),
          zip: orNull(address.zip),
          country: orNull(address.country),
        })),
      })),
    );
  });
  return loadCareTeam(db, patientId);
}
