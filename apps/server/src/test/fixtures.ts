/** Small builders of test data, written straight to the tables so each test states what it needs. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { apiKey, patient, practice, responsiblePerson, userAccount } from '../db/schema';
import { newApiKey, sha256Hex } from '../lib/secrets';
import { hashPassword } from '../lib/passwords';

let sequence = 0;

export async function givenPractice(db: Db, name = 'Test Practice'): Promise<number> {
  const [row] = await db.insert(practice).values({ name }).returning({ id: practice.id });
  return row!.id;
}

/** A practice with an integration API key (the key in clear, as a clinic system holds it). */
export async function givenPracticeWithKey(
  db: Db,
  name = 'Test Practice',
): Promise<{ practiceId: number; apiKey: string }> {
  const practiceId = await givenPractice(db, name);
  const key = newApiKey();
  await db.insert(apiKey).values({ practiceId, keyHash: sha256Hex(key), label: 'test' });
  return { practiceId, apiKey: key };
}

export interface PersonOptions {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  gender?: 'MALE' | 'FEMALE' | 'UNKNOWN';
  active?: boolean;
  deceased?: boolean;
}

export async function givenPatient(db: Db, practiceId: number, options: PersonOptions = {}): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(patient)
    .values({
      practiceId,
      externalId: `EXT-${sequence}`,
      firstName: options.firstName ?? `First${sequence}`,
      lastName: options.lastName ?? `Last${sequence}`,
      dateOfBirth: options.dateOfBirth ?? '1980-01-01',
      gender: options.gender ?? 'UNKNOWN',
      active: options.active ?? true,
      deceased: options.deceased ?? false,
    })
    .returning({ id: patient.id });
  return row!.id;
}

export interface UserFixture {
  practiceId: number;
  patientId: number;
  userId: number;
  username: string;
  password: string;
}

/** A patient with an account. */
export async function givenUser(
  db: Db,
  practiceId: number,
  options: PersonOptions & { username?: string; password?: string; accountActive?: boolean } = {},
): Promise<UserFixture> {
  const patientId = await givenPatient(db, practiceId, options);
  const username = options.username ?? `user${sequence}`;
  const password = options.password ?? 'Secret123';
  const [row] = await db
    .insert(userAccount)
    .values({
      practiceId,
      patientId,
      username,
      passwordHash: await hashPassword(password),
      active: options.accountActive ?? true,
    })
    .returning({ id: userAccount.id });
  return { practiceId, patientId, userId: row!.id, username, password };
}

export async function givenResponsiblePerson(
  db: Db,
  patientId: number,
  responsiblePatientId: number,
  options: { relationship?: number; active?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .insert(responsiblePerson)
    .values({
      patientId,
      responsiblePatientId,
      relationship: options.relationship ?? 2,
      active: options.active ?? true,
    })
    .returning({ id: responsiblePerson.id });
  return row!.id;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
}

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<Session>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Family {
  guardian: UserFixture;
  stranger: UserFixture;
  minorId: number;
  linkId: number;
}

/**
 * The guard's usual cast: Daniel Reed, the active responsible person (Father) for the minor Emma Reed,
 * and Eve Stone, a patient of the same practice with no link to either.
 */
export async function givenFamily(db: Db, practiceId: number): Promise<Family> {
  const guardian = await givenUser(db, practiceId, {
    username: 'daniel',
    firstName: 'Daniel',
    lastName: 'Reed',
    gender: 'MALE',
  });
  const stranger = await givenUser(db, practiceId, { username: 'eve', firstName: 'Eve', lastName: 'Stone' });
  const minorId = await givenPatient(db, practiceId, {
    firstName: 'Emma',
    lastName: 'Reed',
    gender: 'FEMALE',
    dateOfBirth: '2015-05-09',
  });
  const linkId = await givenResponsiblePerson(db, minorId, guardian.patientId, { relationship: 2 });
  return { guardian, stranger, minorId, linkId };
}
