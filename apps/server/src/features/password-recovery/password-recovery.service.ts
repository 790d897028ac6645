/**
 * Forgot and reset password (spec 000 §2, §4, §7, §8).
 *
 * The secret that resets a password travels only in the e-mail; the forgot-password answer carries
 * the token row's public id, a reference that cannot reset anything (docs/decisions/020). Only a
 * SHA-256 of the secret is stored. A reset spends the link, sets the password and signs the account
 * out everywhere by revoking its refresh tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  errorCodes,
  forgotPasswordErrors,
  isStrongPassword,
  type ForgotPasswordResponse,
  type MessageKey,
  type ResetPasswordResponse,
} from '@dermis/contract';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { CounterStore } from '../../lib/counters/counter-store';
import { HttpError, httpError, invalidField } from '../../lib/http-error';
import type { Mailer } from '../../lib/mail/mailer';
import { translatorFor } from '../../lib/i18n';
import { mailBrand, renderMail } from '../../lib/mail/template';
import { hashPassword } from '../../lib/passwords';
import { sha256Hex } from '../../lib/secrets';
import { revokeAllSessions } from '../../lib/sessions';
import { forgetCallers } from '../../plugins/caller-cache';
import {
  deleteResetToken,
  findEmailOfAccount,
  findRecoveryCandidates,
  findResetTokenByHash,
  hasRecentOpenToken,
  insertResetToken,
  spendTokenAndSetPassword,
  type RecoveryCandidate,
} from './password-recovery.repository';

export interface RecoveryDeps {
  db: Db;
  counters: CounterStore;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'resetPasswordTtlMinutes' | 'loginThrottleWindowSeconds'>;
}

/** A second request within this time answers RESET_PASSWORD_MAIL_ALREADY_SENT instead of mailing again. */
export const resendAfterMs = 5 * 60_000;
/** Forgot-password requests allowed per username and per client address in the throttle window. */
export const maxRequestsPerUsername = 5;
export const maxRequestsPerAddress = 20;

export async function forgotPassword(
  deps: RecoveryDeps,
  username: string,
  address: string,
): Promise<ForgotPasswordResponse> {
  await throttle(deps, username, address);

  const candidates = await findRecoveryCandidates(deps.db, username);
  if (candidates.length === 0)
    throw refused(
      400,
      forgotPasswordErrors.noPatientForUsername,
      'forgotPassword.error.noPatientForUsername',
    );

  // Usernames are unique per practice and the form names no practice: every matching account that
  // may reset gets its own link; the answer refers to the first one.
  const ready: { candidate: RecoveryCandidate; email: string }[] = [];
  let firstRefusal: HttpError | undefined;
  for (const candidate of candidates) {
    const outcome = await check(deps, candidate);
    if (outcome instanceof HttpError) firstRefusal ??= outcome;
    else ready.push({ candidate, email: outcome });
  }
  if (ready.length === 0) throw firstRefusal ?? new Error('no candidate and no refusal');

  const references: string[] = [];
  for (const { candidate, email } of ready) references.push(await issueAndSend(deps, candidate, email));
  return { resetPasswordToken: references[0] ?? '' };
}

export async function resetPassword(
  deps: Pick<RecoveryDeps, 'db'>,
  input: { password: string; token: string },
): Promise<ResetPasswordResponse> {
  const token = input.token ? await findResetTokenByHash(deps.db, sha256Hex(input.token)) : undefined;
  if (!token) return { tokenStatus: 'INVALID' };
  if (token.usedAt) return { tokenStatus: 'USED' };
  if (token.expiresAt.getTime() <= Date.now()) return { tokenStatus: 'EXPIRED' };
  if (!input.password) throw invalidField('password', 'resetPassword.passwordRequired');
  if (!isStrongPassword(input.password)) throw invalidField('password', 'validation.password');

  const passwordHash = await hashPassword(input.password);
  const spent = await spendTokenAndSetPassword(deps.db, token, passwordHash, (tx) =>
    revokeAllSessions(tx, token.userId),
  );
  if (!spent) return { tokenStatus: 'USED' };
  // Dropped again now the revocation is committed: a check that ran meanwhile read the old state.
  forgetCallers({ userId: token.userId });
  return { tokenStatus: 'UNUSED', username: token.username };
}

/** The e-mail address to send to, or the refusal for this account. */
async function check(deps: RecoveryDeps, candidate: RecoveryCandidate): Promise<string | HttpError> {
  if (!candidate.patientActive || candidate.deceased)
    return refused(
      400,
      forgotPasswordErrors.patientInactiveOrDeceased,
      'forgotPassword.error.patientInactive',
    );
  if (!candidate.accountActive)
    return refused(
      400,
      forgotPasswordErrors.portalAccountInactive,
      'forgotPassword.error.portalAccountInactive',
    );
  const email = await findEmailOfAccount(deps.db, candidate.userId);
  if (!email) return refused(400, forgotPasswordErrors.noEmailOnFile, 'forgotPassword.error.noEmailOnFile');
  if (await hasRecentOpenToken(deps.db, candidate.userId, new Date(Date.now() - resendAfterMs)))
    return refused(409, forgotPasswordErrors.mailAlreadySent, 'forgotPassword.error.mailAlreadySent');
  return email;
}

async function issueAndSend(
  deps: RecoveryDeps,
  candidate: RecoveryCandidate,
  email: string,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const publicId = randomUUID();
  const minutes = deps.config.resetPasswordTtlMinutes;
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  await insertResetToken(deps.db, {
    publicId,
    userId: candidate.userId,
    tokenHash: sha256Hex(secret),
    expiresAt,
  });
  const url = `${deps.config.publicUrl}/password/reset/${secret}`;
  // In the language of the account's owner, whoever asked.
  const tr = translatorFor(candidate.language);
  const mail = renderMail({
    language: candidate.language,
    practiceName: candidate.practiceName,
    brand: mailBrand(deps.config.publicUrl, candidate),
    subject: tr('mail.passwordReset.subject'),
    greeting: tr('mail.passwordReset.greeting'),
    paragraphs: [tr.plural('mail.passwordReset.body', minutes, { minutes }), tr('mail.passwordReset.ignore')],
    action: { label: tr('mail.passwordReset.action'), url },
  });
  try {
    await deps.mailer.send({
      practiceId: candidate.practiceId,
      to: email,
      category: 'PASSWORD_RESET',
      ...mail,
      // A link past its expiry would only lead to an error page.
      sendBefore: expiresAt,
    });
  } catch (error) {
    // A link nobody received must not block the next request as "already sent".
    await deleteResetToken(deps.db, publicId);
    throw error;
  }
  return publicId;
}

/**
 * Every request counts, found or not, so the per-address limit also slows down anyone probing which
 * usernames exist (NO_PATIENT_FOR_USERNAME tells them, as the spec requires).
 */
async function throttle(deps: RecoveryDeps, username: string, address: string): Promise<void> {
  const window = deps.config.loginThrottleWindowSeconds;
  const byUsername = `forgot-password:username:${username.trim().toLowerCase()}`;
  const byAddress = `forgot-password:address:${address}`;
  const [u, a] = await Promise.all([deps.counters.get(byUsername), deps.counters.get(byAddress)]);
  if (u >= maxRequestsPerUsername || a >= maxRequestsPerAddress)
    throw refused(429, errorCodes.tooManyAttempts, 'forgotPassword.error.throttled');
  await Promise.all([
    deps.counters.increment(byUsername, window),
    deps.counters.increment(byAddress, window),
  ]);
}

function refused(status: number, code: string, key: MessageKey): HttpError {
  return httpError(status, code, key);
}
