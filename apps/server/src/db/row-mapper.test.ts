/**
 * The planned row mapping gives what Drizzle's own mapping gives, byte for byte as JSON (keys in the
 * same order): plain and nested selections, decoders (integers, dates, timestamps, JSON, mapWith),
 * nulls, and a left join whose missing side is null while a present side with null columns is not.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { careTeamMember, insurancePolicy, insuranceProfile } from './schema';
import { withPlannedRowMapper } from './row-mapper';
import { describeEachDatabase } from '../test/database';
import { givenPractice, givenUser } from '../test/fixtures';

describeEachDatabase('planned row mapping', (t) => {
  it('maps rows as Drizzle does', async () => {
    const practiceId = await givenPractice(t.db);
    const { patientId } = await givenUser(t.db, practiceId, { username: `rm${Date.now()}` });
    const [withPolicies, without] = await t.db
      .insert(insuranceProfile)
      .values([
        { practiceId, patientId, externalId: 'A', name: 'Gold', active: true },
        { practiceId, patientId, externalId: 'B', name: null, active: false },
      ])
      .returning({ id: insuranceProfile.id });
    void without;
    await t.db.insert(insurancePolicy).values([
      {
        profileId: withPolicies!.id,
        externalId: 'P',
        sortOrder: 1,
        name: 'P',
        companyName: 'C',
        policyType: 'X',
      },
      {
        profileId: withPolicies!.id,
        externalId: 'Q',
        sortOrder: 2,
        name: 'Q "q" 😀',
        companyName: 'C',
        policyType: 'X',
        validFrom: '2024-02-29',
        city: 'Naples',
      },
    ]);
    await t.db.insert(careTeamMember).values([
      { patientId, position: 1, name: 'A', addresses: [{ city: 'N' } as never] },
      { patientId, position: 2, name: 'B', npi: '1234567893' },
    ]);

    const joined = () =>
      t.db
        .select({
          profile: { id: insuranceProfile.id, name: insuranceProfile.name, active: insuranceProfile.active },
          policy: insurancePolicy,
          // Its first column decides whether the missing side's object is null.
          nested: { at: sql<string>`now()`.mapWith(String), order: insurancePolicy.sortOrder },
          // Drawn from two tables: never null, whatever its first column.
          mixed: { profileName: insuranceProfile.name, policyName: insurancePolicy.name },
          count: sql<number>`count(*) over ()`.mapWith(Number),
          updated: insuranceProfile.updatedAt,
        })
        .from(insuranceProfile)
        .leftJoin(insurancePolicy, eq(insurancePolicy.profileId, insuranceProfile.id))
        .where(eq(insuranceProfile.patientId, sql.placeholder('patientId')))
        .orderBy(asc(insuranceProfile.id), asc(insurancePolicy.sortOrder));
    const team = () =>
      t.db
        .select({ id: careTeamMember.id, addresses: careTeamMember.addresses, at: careTeamMember.createdAt })
        .from(careTeamMember)
        .where(eq(careTeamMember.patientId, sql.placeholder('patientId')))
        .orderBy(asc(careTeamMember.position));

    for (const [query, name] of [
      [joined, 'row_mapper_joined'],
      [team, 'row_mapper_team'],
    ] as const) {
      const drizzles = await query().prepare(`${name}_drizzle`).execute({ patientId });
      const planned = await withPlannedRowMapper(query().prepare(name)).execute({ patientId });
      // now() differs between the two statements: compare everything else.
      const plain = (rows: unknown[]) => JSON.stringify(rows).replace(/"at":"[^"]*"/g, '"at":""');
      expect(planned.length).toBeGreaterThan(1);
      expect(plain(planned)).toBe(plain(drizzles));
    }
  });
});
