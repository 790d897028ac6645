// The bench's appointments data: the demo patient (Maria) gets visits until she has
// `total`, every other one in the past, each with the demo's provider and its two consent forms, so
// encounter/getByFilter answers 200 visits with roles, clinic and consents (req/s and p99 in run.ts).
import { count, eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database';
import {
  consent,
  consentProfile,
  encounter,
  encounterRole,
  patient,
  provider,
  userAccount,
} from '../apps/server/src/db/schema';
import { demoAccounts } from '../apps/server/src/demo/demo-accounts';

export async function givenManyVisits(db: Db, total: number): Promise<number> {
  const [maria] = await db
    .select({ id: patient.id, practiceId: patient.practiceId })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(eq(userAccount.username, demoAccounts.patient.username));
  if (!maria) throw new Error('demo patient missing');
  const [existing] = await db.select({ n: count() }).from(encounter).where(eq(encounter.patientId, maria.id));
  const [doctor] = await db
    .select({ id: provider.id })
    .from(provider)
    .where(eq(provider.practiceId, maria.practiceId))
    .limit(1);
  const profiles = await db
    .select({ id: consentProfile.id })
    .from(consentProfile)
    .where(eq(consentProfile.practiceId, maria.practiceId));
  for (let i = existing?.n ?? 0; i < total; i++) {
    const days = (i % 2 === 0 ? -1 : 1) * (40 + i * 3);
    const [row] = await db
      .insert(encounter)
      .values({
        practiceId: maria.practiceId,
        patientId: maria.id,
        externalId: `BENCH-ENC-${i}`,
        dateOfService: new Date(Date.now() + days * 86_400_000),
        historyFinished: true,
        educationText: 'Bench visit education text. '.repeat(10),
      })
      .returning({ id: encounter.id });
    if (!row) throw new Error('bench encounter insert returned nothing');
    if (doctor) await db.insert(encounterRole).values({ encounterId: row.id, providerId: doctor.id });
    for (const p of profiles)
      await db.insert(consent).values({
        practiceId: maria.practiceId,
        patientId: maria.id,
        encounterId: row.id,
        consentProfileId: p.id,
        externalId: `BENCH-CONSENT-${i}-${p.id}`,
      });
  }
  return maria.id;
}
