/**
 * Seeds the demo practice on an empty database so that `npm start` gives a portal one can sign in
 * to at once. Runs in one transaction and only when no practice exists, so it is safe at every start
 * and never touches a real installation's data.
 *
 * This folder sits outside features/ because it composes them: the people, clinic and providers are
 * seeded here, then each feature's own demo data by the seeders listed in `featureSeeders`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  clinic,
  patient,
  patientAddress,
  patientContact,
  practice,
  provider,
  responsiblePerson,
  userAccount,
} from '../db/schema';
import { seedHealthProfile } from '../features/health-profile/health-profile.demo';
import { seedDocuments } from '../features/documents/documents.demo';
import { seedInsurance } from '../features/insurance/insurance.demo';
import { seedCareTeam } from '../features/care-team/care-team.demo';
import { seedPharmacies } from '../features/pharmacies/pharmacies.demo';
import { seedClinicalDocuments } from '../features/health-information/clinical-documents.demo';
import { seedHealthRecords } from '../features/health-information/health-information.demo';
import { seedClinicalRecord } from '../features/health-information/clinical-record/clinical-record.demo';
import { seedPracticeBranding } from '../features/practice-branding/practice-branding.demo';
import { seedEditProfile } from '../features/edit-profile/edit-profile.demo';
import { seedMessages } from '../features/messages/messages.demo';
import { seedAppointments } from '../features/appointments/appointments.demo';
import { seedReminders } from '../features/reminders/reminders.demo';
import { seedHealthApps } from '../features/health-apps/authorization/health-apps.demo';
import { hashPassword } from '../lib/passwords';
import { recordActivity } from '../plugins/activity-log';
import { demoAccounts, demoActivity, demoMinor, demoPractice, demoSpouse } from './demo-accounts';

// Serialises two instances starting at once on one empty PostgreSQL (an arbitrary constant).
const seedLockKey = 4_711_2025;

/** The ids of the demo practice's people and places, handed to every feature seeder. */
export interface DemoContext {
  practiceId: number;
  clinicId: number;
  /** In the order of demoPractice.providers. */
  providerIds: number[];
  /** Patient ids: Maria (demo.patient), Samuel (demo.new), Daniel (demo.guardian), his daughter Emma, Maria's husband Carlos. */
  patients: { maria: number; samuel: number; daniel: number; emma: number; carlos: number };
  /** Account (user) ids of the three demo sign-ins. */
  users: { maria: number; samuel: number; daniel: number };
}

/** A feature's demo data, written inside the seed's transaction after the people exist. */
export type DemoSeeder = (tx: Db, demo: DemoContext) => Promise<void>;

/**
 * Each feature's demo data, in the order the features depend on each other (a feature's seeder may
 * read what an earlier one wrote). A feature exports its seeder from features/<feature>/<feature>.demo.ts.
 */
const featureSeeders: DemoSeeder[] = [
  seedPracticeBranding,
  seedHealthProfile,
  seedEditProfile,
  seedDocuments,
  seedInsurance,
  seedCareTeam,
  seedPharmacies,
  seedClinicalDocuments,
  seedHealthRecords,
  // After the health records: Maria's invite code is theirs; the apps add Daniel's and Emma's.
  seedHealthApps,
  seedClinicalRecord,
  seedMessages,
  seedAppointments,
  seedReminders,
];

/** Returns the new practice's id, or null when the database already had a practice. */
export async function seedDemo(db: Db): Promise<number | null> {
  const accounts = Object.values(demoAccounts);
  // Hash outside the transaction: it is the slow part.
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ id: practice.id }).from(practice).limit(1);
    if (existing) return null;

    const [p] = await tx
      .insert(practice)
      .values({ name: demoPractice.name, mfaRequiredByPracticeAdmin: false, npi: demoPractice.npi })
      .returning();
    if (!p) throw new Error('demo practice insert returned nothing');
    const [c] = await tx
      .insert(clinic)
      .values({ practiceId: p.id, ...demoPractice.clinic })
      .returning();
    if (!c) throw new Error('demo clinic insert returned nothing');
    const providers = await tx
      .insert(provider)
      .values(demoPractice.providers.map((d) => ({ practiceId: p.id, clinicId: c.id, ...d })))
      .returning({ id: provider.id });

    const patientIds: Record<string, number> = {};
    for (const [index, account] of accounts.entries()) {
      const { username: _u, password: _p, ...person } = account;
      const [row] = await tx
        .insert(patient)
        .values({ practiceId: p.id, ...person })
        .returning({ id: patient.id });
      if (!row) throw new Error('demo patient insert returned nothing');
      patientIds[account.username] = row.id;
      await tx.insert(userAccount).values({
        practiceId: p.id,
        patientId: row.id,
        username: account.username,
        passwordHash: hashes[index] ?? '',
      });
    }
    const [minor] = await tx
      .insert(patient)
      .values({
        practiceId: p.id,
        externalId: demoMinor.externalId,
        firstName: demoMinor.firstName,
        lastName: demoMinor.lastName,
        gender: demoMinor.gender,
        dateOfBirth: demoMinor.dateOfBirth,
        firstTimeSetupComplete: true,
      })
      .returning({ id: patient.id });
    if (!minor) throw new Error('demo minor insert returned nothing');

    const maria = patientIds[demoAccounts.patient.username] ?? 0;
    const samuel = patientIds[demoAccounts.newPatient.username] ?? 0;
    const daniel = patientIds[demoAccounts.guardian.username] ?? 0;
    await tx.insert(patientContact).values([
      { patientId: maria, type: 'EMAIL_ADDRESS', value: 'maria.lopez@example.com', position: 0 },
      { patientId: maria, type: 'HOME_PHONE', value: '(239) 555-0142', position: 1 },
      { patientId: samuel, type: 'EMAIL_ADDRESS', value: 'samuel.carter@example.com', position: 0 },
      { patientId: daniel, type: 'EMAIL_ADDRESS', value: 'daniel.reed@example.com', position: 0 },
      { patientId: daniel, type: 'HOME_PHONE', value: '(239) 555-0187', position: 1 },
    ]);
    await tx.insert(patientAddress).values([
      {
        patientId: maria,
        addressLine1: '1200 Gulf Shore Blvd N',
        addressLine2: 'Apt 4B',
        city: 'Naples',
        state: 'FL',
        zipCode: '34102',
      },
      {
        patientId: daniel,
        addressLine1: '455 Mooring Line Dr',
        city: 'Naples',
        state: 'FL',
        zipCode: '34102',
      },
      {
        patientId: minor.id,
        addressLine1: '455 Mooring Line Dr',
        city: 'Naples',
        state: 'FL',
        zipCode: '34102',
      },
    ]);
    await tx.insert(responsiblePerson).values({
      patientId: minor.id,
      responsiblePatientId: daniel,
      relationship: demoMinor.relationship,
      active: true,
    });
    const accountRows = await tx
      .select({ id: userAccount.id, patientId: userAccount.patientId })
      .from(userAccount)
      .where(eq(userAccount.practiceId, p.id));
    const userOf = (patientId: number) => accountRows.find((a) => a.patientId === patientId)?.id ?? 0;
    const carlos = await seedSpouseAndActivity(tx, p.id, { maria, daniel, minor: minor.id }, userOf);

    const demo: DemoContext = {
      practiceId: p.id,
      clinicId: c.id,
      providerIds: providers.map((row) => row.id),
      patients: { maria, samuel, daniel, emma: minor.id, carlos },
      users: { maria: userOf(maria), samuel: userOf(samuel), daniel: userOf(daniel) },
    };
    for (const seedFeature of featureSeeders) await seedFeature(tx, demo);
    return p.id;
  });
}

/** Maria's responsible person and the demo activity log (spec 000 §2 account area); returns Carlos's id. */
async function seedSpouseAndActivity(
  tx: Db,
  practiceId: number,
  ids: { maria: number; daniel: number; minor: number },
  userOf: (patientId: number) => number,
): Promise<number> {
  const { homePhone, relationship, ...person } = demoSpouse;
  const [carlos] = await tx
    .insert(patient)
    .values({ practiceId, ...person, firstTimeSetupComplete: true })
    .returning({ id: patient.id });
  if (!carlos) throw new Error('demo spouse insert returned nothing');
  await tx
    .insert(patientContact)
    .values({ patientId: carlos.id, type: 'HOME_PHONE', value: homePhone, position: 0 });
  await tx
    .insert(responsiblePerson)
    .values({ patientId: ids.maria, responsiblePatientId: carlos.id, relationship, active: true });

  const people = { patient: ids.maria, guardian: ids.daniel, minor: ids.minor } as const;
  for (const entry of demoActivity) {
    await recordActivity(tx, {
      practiceId,
      patientId: people[entry.about],
      actorUserId: userOf(people[entry.who]),
      action: entry.action,
      toAddress: 'toAddress' in entry ? entry.toAddress : null,
      createdAt: new Date(Date.now() - entry.daysAgo * 86_400_000),
    });
  }
  return carlos.id;
}
