/**
 * POST patient/verifyEmail (spec 000 §4): a patient follows the verification link. The address is
 * recorded as verified; a patient with an active account is told their username, anyone else gets a
 * fresh account-creation token so the web app can go straight on to /account/create.
 */
import type { VerifyEmailResponse } from '@dermis/contract';
import type { MailDeps } from './invitation.service';
import { findAccountToken, issueAccountToken, markAccountTokenUsed } from './account-token.repository';
import { accountOfPatient, patientById, recordVerifiedEmail } from './patient-lookup.repository';

type Deps = Pick<MailDeps, 'db' | 'config'>;

export async function verifyEmail(deps: Deps, secret: string): Promise<VerifyEmailResponse> {
  const answer = (tokenStatus: VerifyEmailResponse['tokenStatus']): VerifyEmailResponse => ({
    tokenStatus,
    isDermisActive: false,
    username: null,
    createAccountToken: null,
  });
  const found = await findAccountToken(deps.db, 'EMAIL_VERIFICATION', secret);
  if (found.status !== 'UNUSED') return answer(found.status);

  const { row } = found;
  const patient = await patientById(deps.db, row.patientId);
  if (!patient || !patient.active || patient.deceased) return answer('INVALID');

  return deps.db.transaction(async (tx) => {
    // Conditional update: of two simultaneous clicks, one verifies and the other answers USED.
    if (!(await markAccountTokenUsed(tx, row.id))) return answer('USED');
    await recordVerifiedEmail(tx, row.patientId, row.email);

    const account = await accountOfPatient(tx, row.patientId);
    if (account?.active) {
      return {
        tokenStatus: 'UNUSED',
        isDermisActive: true,
        username: account.username,
        createAccountToken: null,
      };
    }
    if (account) return answer('INVALID'); // a disabled account: staff must re-enable it, not a new one
    const created = await issueAccountToken(tx, {
      kind: 'ACCOUNT_CREATION',
      practiceId: row.practiceId,
      patientId: row.patientId,
      email: row.email,
      ttlHours: deps.config.accountInvitationTtlHours,
    });
    return {
      tokenStatus: 'UNUSED',
      isDermisActive: false,
      username: null,
      createAccountToken: created.secret,
    };
  });
}
