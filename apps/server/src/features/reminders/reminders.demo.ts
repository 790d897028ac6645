/**
 * Demo data of the reminder e-mails (decisions 107 and 108): the first reminder pass on the
 * demo practice (a server's poller shortly after start, or `dermis reminders:run`) e-mails Maria an
 * appointment reminder for her visit tomorrow and Daniel a reminder to schedule his yearly skin
 * check; both show in the development mailbox (/dev/mailbox). The follow-up is Daniel's, not
 * Maria's: a patient with a booked visit has the follow-up taken care of (decision 108), and Maria
 * has booked visits.
 */
import type { DemoSeeder } from '../../demo/seed';
import { encounter, encounterRole } from '../../db/schema';

/** Days from now (negative: ago) at a whole UTC hour. */
function dayAt(days: number, hourUtc: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

/** Daniel's skin check: a year's follow-up that fell due 15 days ago (inside the 30-day window). */
export const demoFollowUp = { visitDaysAgo: 380, followUpAfterDays: 365 } as const;

export const seedReminders: DemoSeeder = async (tx, demo) => {
  const [dermatologist] = demo.providerIds;
  const visits = [
    // Tomorrow at 15:00 UTC: 9 to 39 hours after seeding, inside the 48-hour reminder lead.
    {
      patientId: demo.patients.maria,
      externalId: 'DEMO-ENC-UP-0',
      dateOfService: dayAt(1, 15),
      followUpAfterDays: null,
    },
    {
      patientId: demo.patients.daniel,
      externalId: 'DEMO-ENC-DANIEL-1',
      dateOfService: dayAt(-demoFollowUp.visitDaysAgo, 15),
      followUpAfterDays: demoFollowUp.followUpAfterDays,
    },
  ];
  for (const visit of visits) {
    const [row] = await tx
      .insert(encounter)
      .values({ practiceId: demo.practiceId, clinicId: demo.clinicId, historyFinished: true, ...visit })
      .returning({ id: encounter.id });
    if (!row) throw new Error('demo encounter insert returned nothing');
    if (dermatologist)
      await tx.insert(encounterRole).values({ encounterId: row.id, providerId: dermatologist });
  }
};
