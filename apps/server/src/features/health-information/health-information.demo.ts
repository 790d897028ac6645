/**
 * Demo data of the health information page: Maria has visits across the past year (the
 * health-profile seeder gives her one a month ago), Emma, whom Daniel acts for, has two, and Maria
 * holds a FHIR invite code. Each demo person's sex assigned at birth is known (the C-CDA's Birth Sex
 * observation).
 */
import type { DemoSeeder } from '../../demo/seed';
import { encounter, encounterRole, patientProfile } from '../../db/schema';
import { issueInvite } from './fhir-invite.repository';

function daysAgo(days: number, hourUtc: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

export const seedHealthRecords: DemoSeeder = async (tx, demo) => {
  const [dermatologist, second] = demo.providerIds;
  const visits = [
    { patientId: demo.patients.maria, externalId: 'DEMO-ENC-HI-1', days: 120, provider: dermatologist },
    {
      patientId: demo.patients.maria,
      externalId: 'DEMO-ENC-HI-2',
      days: 250,
      provider: second ?? dermatologist,
    },
    { patientId: demo.patients.emma, externalId: 'DEMO-ENC-HI-3', days: 45, provider: dermatologist },
    { patientId: demo.patients.emma, externalId: 'DEMO-ENC-HI-4', days: 200, provider: dermatologist },
  ];
  for (const { days, provider, ...visit } of visits) {
    const [row] = await tx
      .insert(encounter)
      .values({
        practiceId: demo.practiceId,
        clinicId: demo.clinicId,
        dateOfService: daysAgo(days, 15),
        historyFinished: true,
        ...visit,
      })
      .returning({ id: encounter.id });
    if (row && provider) await tx.insert(encounterRole).values({ encounterId: row.id, providerId: provider });
  }
  await issueInvite(tx, demo.patients.maria);
  const { maria, samuel, daniel, emma, carlos } = demo.patients;
  const birthSexes: [number, 'F' | 'M'][] = [
    [maria, 'F'],
    [emma, 'F'],
    [samuel, 'M'],
    [daniel, 'M'],
    [carlos, 'M'],
  ];
  for (const [patientId, birthSex] of birthSexes)
    await tx
      .insert(patientProfile)
      .values({ patientId, birthSex })
      .onConflictDoUpdate({ target: patientProfile.patientId, set: { birthSex } });
};
