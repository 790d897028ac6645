/**
 * Checking and sending one-time codes. E-mail codes: six random digits, stored as SHA-256, valid for
 * MFA_EMAIL_CODE_TTL_MINUTES, at most 5 tries each, the newest code only. Authenticator codes: TOTP
 * with replay protection. Failures are also counted per user so guessing across codes is throttled.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { CounterStore } from '../counters/counter-store';
import { translatorFor } from '../i18n';
import { httpError, tooManyAttempts, type HttpError } from '../http-error';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/template';
import { sha256Hex } from '../secrets';
import { SecretBox } from '../secret-box';
import { matchTotp } from '../totp';
import type { ProfileRow } from './profiles.repository';
import {
  claimTotpStep,
  countCodeAttempt,
  findAccountContext,
  findNewestCode,
  insertCode,
  markCodeUsed,
} from './profiles.repository';

export const maxAttemptsPerCode = 5;
/** Failed codes per user within the sign-in throttling window before 429. */
export const maxFailuresPerUser = 10;
/** Codes e-mailed per user within the window: enough for resends, not for flooding a mailbox. */
export const maxSendsPerUser = 10;

export interface TwoStepDeps {
  db: Db;
  mailer: Mailer;
  counters: CounterStore;
  config: Pick<Config, 'jwtSecret' | 'mfaEmailCodeTtlMinutes' | 'loginThrottleWindowSeconds'>;
}

/** 400 INVALID_OTP_CODE 'Invalid OTP code.' (401 at sign-in). */
export function invalidOtp(status = 400): HttpError {
  return httpError(status, 'INVALID_OTP_CODE', 'login.error.invalidOtp');
}

export function secretBox(deps: Pick<TwoStepDeps, 'config'>): SecretBox {
  return new SecretBox(deps.config.jwtSecret, 'dermis-totp-secret');
}

const failureKey = (userId: number) => `mfa:failures:${userId}`;
const sendKey = (userId: number) => `mfa:sends:${userId}`;

/**
 * True when `code` is right for the profile; spends it so it is never accepted again. The attempt is
 * counted before the code is looked at (atomic increment), so parallel guesses check at most the limit.
 */
export async function checkCode(deps: TwoStepDeps, profile: ProfileRow, code: string): Promise<boolean> {
  const tries = await deps.counters.increment(
    failureKey(profile.userId),
    deps.config.loginThrottleWindowSeconds,
  );
  if (tries > maxFailuresPerUser) throw tooManyAttempts();
  const ok =
    profile.type === 'AUTH_APP'
      ? await checkTotp(deps, profile, code)
      : await checkEmailCode(deps, profile, code);
  if (ok) await deps.counters.reset(failureKey(profile.userId));
  return ok;
}

/** True when `code` is right for the authenticator but its time step was already spent. */
export function isSpentTotp(deps: TwoStepDeps, profile: ProfileRow, code: string): boolean {
  if (profile.type !== 'AUTH_APP' || !profile.secret || profile.lastUsedStep == null) return false;
  const step = matchTotp(secretBox(deps).open(profile.secret), code, { lastUsedStep: null });
  return step !== null && step <= profile.lastUsedStep;
}

async function checkTotp(deps: TwoStepDeps, profile: ProfileRow, code: string): Promise<boolean> {
  if (!profile.secret) return false;
  const step = matchTotp(secretBox(deps).open(profile.secret), code, { lastUsedStep: profile.lastUsedStep });
  return step !== null && (await claimTotpStep(deps.db, profile.id, step));
}

async function checkEmailCode(deps: TwoStepDeps, profile: ProfileRow, code: string): Promise<boolean> {
  const stored = await findNewestCode(deps.db, profile.id);
  if (!stored || stored.usedAt || stored.expiresAt.getTime() <= Date.now()) return false;
  // Counted in one conditional statement before comparing: parallel guesses get at most 5 looks.
  if (!(await countCodeAttempt(deps.db, stored.id, maxAttemptsPerCode))) return false;
  const right =
    /^\d{6}$/.test(code) && timingSafeEqual(Buffer.from(sha256Hex(code)), Buffer.from(stored.codeHash));
  if (!right) return false;
  return markCodeUsed(deps.db, stored.id);
}

/** E-mails a new code for an e-mail profile (the code and its expiry, nothing else). */
export async function sendEmailCode(deps: TwoStepDeps, profile: ProfileRow): Promise<void> {
  if (profile.type !== 'EMAIL' || !profile.value) throw invalidOtp();
  const sends = await deps.counters.increment(
    sendKey(profile.userId),
    deps.config.loginThrottleWindowSeconds,
  );
  if (sends > maxSendsPerUser) throw tooManyAttempts();

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const minutes = deps.config.mfaEmailCodeTtlMinutes;
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  await insertCode(deps.db, { profileId: profile.id, codeHash: sha256Hex(code), expiresAt });
  const account = await findAccountContext(deps.db, profile.userId);
  const tr = translatorFor(account?.language);
  const mail = renderMail({
    language: account?.language,
    practiceName: account?.practiceName ?? 'Dermis',
    subject: tr('twoStep.mail.subject'),
    greeting: tr('twoStep.mail.greeting'),
    paragraphs: [tr.plural('twoStep.mail.code', minutes, { code, minutes }), tr('twoStep.mail.ignore')],
  });
  await deps.mailer.send({
    practiceId: account?.practiceId ?? null,
    to: profile.value,
    ...mail,
    category: 'TWO_STEP_CODE',
    // A code that arrives after it expired is useless: the outbox drops it instead (decision 184).
    sendBefore: expiresAt,
  });
}
