/**
 * The setup the reminder test files share (reminders.test.ts and reminders.responsible.test.ts): a
 * fixed clock, the reminder settings, a practice with one clinic, and builders of e-mail addresses
 * and visits that tests write straight to the tables.
 */
import { eq } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { clinic, encounter, mailOutbox, patientContact, practice } from '../db/schema';
import type { ReminderPassDeps } from '../features/reminders/reminders.service';
import { OutboxMailer } from '../lib/mail/outbox-mailer';
import { testConfig } from './config';
import type { TestDatabase } from './database';
import { givenPatient, givenPractice } from './fixtures';

export const hour = 3_600_000;
export const day = 24 * hour;
/** 10:00 New York time on Tuesday, March 10, 2026 (daylight-saving time began on March 8). */
export const reminderNow = new Date('2026-03-10T14:00:00Z');

export const reminderConfig = testConfig({
  publicUrl: 'https://portal.example',
  reminderAppointmentLeadHours: 48,
  reminderTimeZone: 'America/New_York',
});

export interface ReminderSetup {
  /** Sunshine Dermatology (brand colour #b45309, phone 239 555 0100). */
  readonly practiceId: number;
  /** Its Naples Clinic, 100 Main St, Naples, FL 34102 (phone 239 555 0199). */
  readonly clinicId: number;
  /** The pass's dependencies with the database outbox as the mailer. */
  readonly deps: ReminderPassDeps;
  /** Adds an e-mail contact to a patient (inactive when `active` is false). */
  withEmail(patientId: number, value: string, active?: boolean): Promise<void>;
  /** A new patient of the practice with one active e-mail address. */
  givenPatientWithEmail(email: string): Promise<{ patientId: number }>;
  /** A visit at the clinic; the encounter's id. */
  givenVisit(patientId: number, dateOfService: Date, followUpAfterDays?: number | null): Promise<number>;
  /** Every e-mail queued so far, oldest first. */
  outbox(): Promise<(typeof mailOutbox.$inferSelect)[]>;
}

/** Registers the practice and clinic to be created before each test of the current block. */
export function useReminderSetup(t: TestDatabase): ReminderSetup {
  let ids: { practiceId: number; clinicId: number; deps: ReminderPassDeps } | undefined;

  beforeEach(async () => {
    const practiceId = await givenPractice(t.db, 'Sunshine Dermatology');
    await t.db
      .update(practice)
      .set({ brandColor: '#b45309', phone: '2395550100' })
      .where(eq(practice.id, practiceId));
    const [row] = await t.db
      .insert(clinic)
      .values({
        practiceId,
        name: 'Naples Clinic',
        addressLine1: '100 Main St',
        city: 'Naples',
        state: 'FL',
        zipCode: '34102',
        phone: '2395550199',
      })
      .returning({ id: clinic.id });
    ids = {
      practiceId,
      clinicId: row!.id,
      deps: { db: t.db, mailer: new OutboxMailer(t.db), config: reminderConfig },
    };
  });

  const current = () => {
    if (!ids) throw new Error('the reminder setup is only available inside tests');
    return ids;
  };
  const withEmail = async (patientId: number, value: string, active = true) => {
    await t.db.insert(patientContact).values({ patientId, type: 'EMAIL_ADDRESS', value, active });
  };

  return {
    get practiceId() {
      return current().practiceId;
    },
    get clinicId() {
      return current().clinicId;
    },
    get deps() {
      return current().deps;
    },
    withEmail,
    async givenPatientWithEmail(email) {
      const patientId = await givenPatient(t.db, current().practiceId);
      await withEmail(patientId, email);
      return { patientId };
    },
    async givenVisit(patientId, dateOfService, followUpAfterDays = null) {
      const [row] = await t.db
        .insert(encounter)
        .values({
          practiceId: current().practiceId,
          patientId,
          clinicId: current().clinicId,
          externalId: `E-${Math.random().toString(36).slice(2)}`,
          dateOfService,
          followUpAfterDays,
        })
        .returning({ id: encounter.id });
      return row!.id;
    },
    outbox: () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id),
  };
}
