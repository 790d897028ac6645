/** Test data of this area: a practice with an API key and patients with e-mail contacts. */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accountToken, apiKey, mailOutbox, patient, patientContact } from '../../db/schema';
import { newApiKey, sha256Hex } from '../../lib/secrets';
import { givenPatient, givenPractice } from '../../test/fixtures';

export async function givenPracticeWithKey(db: Db, name = 'Sunshine Dermatology') {
  const practiceId = await givenPractice(db, name);
  const key = newApiKey();
  await db.insert(apiKey).values({ practiceId, keyHash: sha256Hex(key), label: 'test' });
  return { practiceId, key };
}

export async function givenPatientWithEmail(
  db: Db,
  practiceId: number,
  email: string,
  dateOfBirth = '1984-03-12',
) {
  const patientId = await givenPatient(db, practiceId, { dateOfBirth, firstName: 'Ana' });
  await db.insert(patientContact).values({ patientId, type: 'EMAIL_ADDRESS', value: email });
  const [row] = await db
    .select({ externalId: patient.externalId })
    .from(patient)
    .where(eq(patient.id, patientId));
  return { patientId, externalId: row!.externalId };
}

export async function outboxTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);
}

/** The secret in the newest e-mail's link to `/prefix/<secret>`. */
export async function secretFromMail(db: Db, to: string, prefix: string): Promise<string> {
  const mails = await outboxTo(db, to);
  const text = mails.at(-1)?.textBody ?? '';
  const match = new RegExp(`${prefix}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${prefix} link in the mail to ${to}`);
  return match[1]!;
}

export async function expireTokensOf(db: Db, patientId: number) {
  await db
    .update(accountToken)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(accountToken.patientId, patientId)));
}

export function invite(app: FastifyInstance, key: string, externalId: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/integration/patients/${encodeURIComponent(externalId)}/invitations`,
    headers: { 'x-api-key': key },
    payload,
  });
}
