import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language } from '@dermis/contract';
import type { Db } from '../db/database';
import { patient, patientContact, patientProfile, responsiblePerson, userAccount } from '../db/schema';

/** Where the portal writes to a patient: the first active e-mail contact, in the clinic's order. */
export async function firstActiveEmail(db: Db, patientId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ value: patientContact.value })
    .from(patientContact)
    .where(
      and(
        eq(patientContact.patientId, patientId),
        eq(patientContact.type, 'EMAIL_ADDRESS'),
        eq(patientContact.active, true),
      ),
    )
    .orderBy(asc(patientContact.position), asc(patientContact.id))
    .limit(1);
  return row?.value;
}

/**
 * The app language of a health profile's preferred language (ISO 639-1 or 639-2 code, decision 156):
 * Spanish or English when it is one of them, otherwise null (the e-mail falls back to English).
 */
export function languageOfIsoCode(code: string | null | undefined): Language | null {
  switch (code?.toLowerCase()) {
    case 'es':
    case 'spa':
      return 'es';
    case 'en':
    case 'eng':
      return 'en';
    default:
      return null;
  }
}

/**
 * The language to write to a person in: the one chosen on their portal account, else the preferred
 * language of their health profile when the portal speaks it, else null (English).
 */
export function mailLanguage(
  accountLanguage: Language | null,
  profileIsoCode: string | null,
): Language | null {
  return accountLanguage ?? languageOfIsoCode(profileIsoCode);
}

/** The preferred language of a patient's health profile, as the portal speaks it (or null). */
export async function profileLanguage(db: Db, patientId: number): Promise<Language | null> {
  const [row] = await db
    .select({ code: patientProfile.preferredLanguageIsoCode })
    .from(patientProfile)
    .where(eq(patientProfile.patientId, patientId))
    .limit(1);
  return languageOfIsoCode(row?.code);
}

/** A responsible person to write to about a patient (decision 156). */
export interface ResponsibleRecipient {
  /** The responsible person's own patient record. */
  patientId: number;
  /** Their portal account, 0 when they have none. */
  userId: number;
  to: string;
  language: Language | null;
}

/**
 * The responsible persons who act for a patient and can be written to: the same rule as the access
 * guard (an active link, the person's own record active, in the patient's practice) and not
 * deceased, each with the first active e-mail of their own record. One e-mail per address: two
 * persons sharing an address get it once. In the order the links were made.
 */
export async function responsibleRecipients(db: Db, patientId: number): Promise<ResponsibleRecipient[]> {
  const cared = alias(patient, 'cared_for');
  const email = sql<string | null>`(
    SELECT c.value FROM ${patientContact} c
    WHERE c.patient_id = ${patient.id} AND c.type = 'EMAIL_ADDRESS' AND c.active
    ORDER BY c.position, c.id LIMIT 1)`;
  const rows = await db
    .select({
      patientId: patient.id,
      userId: userAccount.id,
      to: email,
      accountLanguage: userAccount.language,
      profileLanguage: patientProfile.preferredLanguageIsoCode,
    })
    .from(responsiblePerson)
    .innerJoin(cared, eq(cared.id, responsiblePerson.patientId))
    .innerJoin(patient, eq(patient.id, responsiblePerson.responsiblePatientId))
    .leftJoin(userAccount, eq(userAccount.patientId, patient.id))
    .leftJoin(patientProfile, eq(patientProfile.patientId, patient.id))
    .where(
      and(
        eq(responsiblePerson.patientId, patientId),
        eq(responsiblePerson.active, true),
        eq(patient.active, true),
        eq(patient.deceased, false),
        eq(patient.practiceId, cared.practiceId),
      ),
    )
    .orderBy(asc(responsiblePerson.id));
  const seen = new Set<string>();
  const recipients: ResponsibleRecipient[] = [];
  for (const row of rows) {
    const key = row.to?.trim().toLowerCase();
    if (!row.to || !key || seen.has(key)) continue;
    seen.add(key);
    recipients.push({
      patientId: row.patientId,
      userId: row.userId ?? 0,
      to: row.to,
      language: mailLanguage(row.accountLanguage, row.profileLanguage),
    });
  }
  return recipients;
}
