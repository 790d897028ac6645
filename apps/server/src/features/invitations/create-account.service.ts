/**
 * POST patient/createAccount (spec 000 §4): a patient with an account-creation link chooses a
 * username and password. The date of birth must match the patient record; wrong dates are counted
 * per token and, at the limit, the link expires (see docs/decisions/010).
 */
import type { CreateAccountRequest, CreateAccountResponse } from '@dermis/contract';
import type { Db } from '../../db/database';
import { userAccount } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { findAccountToken, markAccountTokenUsed, recordWrongDateOfBirth } from './account-token.repository';
import {
  accountOfPatient,
  patientById,
  recordVerifiedEmail,
  usernameTaken,
} from './patient-lookup.repository';

/** Wrong dates of birth allowed per link before it expires. */
export const maxDateOfBirthAttempts = 5;

class UsernameRace extends Error {}

export async function createAccount(db: Db, input: CreateAccountRequest): Promise<CreateAccountResponse> {
  const found = await findAccountToken(db, 'ACCOUNT_CREATION', input.token);
  if (found.status !== 'UNUSED') return { tokenStatus: found.status };
  const { row } = found;

  const patient = await patientById(db, row.patientId);
  if (!patient || !patient.active || patient.deceased) return { tokenStatus: 'INVALID' };
  if (await accountOfPatient(db, row.patientId)) {
    // The patient already made an account (with another link): this one is spent too.
    await markAccountTokenUsed(db, row.id);
    return { tokenStatus: 'USED' };
  }

  if (input.dateOfBirth !== patient.dateOfBirth) {
    await recordWrongDateOfBirth(db, row.id, maxDateOfBirthAttempts);
    return { tokenStatus: 'UNUSED', error: 'WRONG_DATE_OF_BIRTH' };
  }
  const username = input.username.trim();
  if (await usernameTaken(db, row.practiceId, username))
    return { tokenStatus: 'UNUSED', error: 'USERNAME_EXISTS' };

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (!(await markAccountTokenUsed(tx, row.id))) return { tokenStatus: 'USED' as const };
      if (await usernameTaken(tx, row.practiceId, username)) throw new UsernameRace();
      await tx
        .insert(userAccount)
        .values({ practiceId: row.practiceId, patientId: row.patientId, username, passwordHash });
      // The link reached the patient at this address: it is theirs.
      await recordVerifiedEmail(tx, row.patientId, row.email);
      return { tokenStatus: 'UNUSED' as const, username };
    });
  } catch (error) {
    // Another request took the username (or made this patient's account) between check and insert.
    if (error instanceof UsernameRace || isUniqueViolation(error)) {
      return (await accountOfPatient(db, row.patientId))
        ? { tokenStatus: 'USED' }
        : { tokenStatus: 'UNUSED', error: 'USERNAME_EXISTS' };
    }
    throw error;
  }
}

/** PostgreSQL's unique_violation, possibly wrapped by Drizzle in `cause`. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
