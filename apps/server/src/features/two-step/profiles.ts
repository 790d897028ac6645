/**
 * Two-step profiles of a user: list, add, verify, prefer, deactivate. Used by the account-settings
 * calls and the login-time calls alike; callers have already established whose profiles these are.
 */
import { errorCodes, twoStepEmail } from '@dermis/contract';
import type { AddProfileResponse, TwoFactorType, TwoStepProfile } from '@dermis/contract';
import QRCode from 'qrcode';
import { forbidden, httpError, invalidField } from '../../lib/http-error';
import { newTotpSecret, otpauthUri } from '../../lib/totp';
import type { TwoStepDeps } from '../../lib/two-step/codes';
import { checkCode, invalidOtp, secretBox, sendEmailCode } from '../../lib/two-step/codes';
import type { ProfileRow } from '../../lib/two-step/profiles.repository';
import {
  findAccountContext,
  findOwnProfile,
  findVerifiedProfiles,
  insertProfile,
  setOnlyPreferred,
  updateProfile,
} from '../../lib/two-step/profiles.repository';

/** Every practice offers both kinds today; the list exists so a practice could restrict it later. */
export const availableTypes: TwoFactorType[] = ['EMAIL', 'AUTH_APP'];

export function toProfile(row: ProfileRow): TwoStepProfile {
  return { id: row.id, type: row.type, value: row.value, preferred: row.preferred };
}

export async function listProfiles(deps: Pick<TwoStepDeps, 'db'>, userId: number) {
  const [rows, account] = await Promise.all([
    findVerifiedProfiles(deps.db, userId),
    findAccountContext(deps.db, userId),
  ]);
  return { profiles: rows.map(toProfile), mfaRequired: account?.mfaRequired ?? false };
}

/** The caller's own active profile, or 403 (someone else's and unknown ids answer alike). */
export async function ownProfile(
  deps: Pick<TwoStepDeps, 'db'>,
  userId: number,
  id: number,
): Promise<ProfileRow> {
  const row = await findOwnProfile(deps.db, userId, id);
  if (!row) throw forbidden();
  return row;
}

export async function addProfile(
  deps: TwoStepDeps,
  userId: number,
  input: { type: TwoFactorType; value?: string | undefined; preferred: boolean },
): Promise<AddProfileResponse> {
  const existing = await findVerifiedProfiles(deps.db, userId);
  if (existing.some((p) => p.type === input.type))
    throw httpError(409, errorCodes.conflict, 'twoStep.error.typeExists');

  if (input.type === 'EMAIL') {
    const parsed = twoStepEmail.safeParse(input.value ?? '');
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message;
      if (key === 'validation.maxLength')
        throw invalidField('value', 'validation.maxLength', { maxLength: 255 });
      if (key === 'twoStep.emailInvalid') throw invalidField('value', 'twoStep.emailInvalid');
      throw invalidField('value', 'validation.fieldRequired', { field: 'Email' });
    }
    const row = await insertProfile(deps.db, {
      userId,
      type: 'EMAIL',
      value: parsed.data,
      secret: null,
      preferred: input.preferred,
    });
    await sendEmailCode(deps, row);
    return { profileInfo: { ...toProfile(row), preferred: false, verified: false } };
  }

  const account = await findAccountContext(deps.db, userId);
  const secret = newTotpSecret();
  const row = await insertProfile(deps.db, {
    userId,
    type: 'AUTH_APP',
    value: null,
    secret: secretBox(deps).seal(secret),
    preferred: input.preferred,
  });
  const qrCode = await QRCode.toDataURL(
    otpauthUri(secret, account?.username ?? String(userId), account?.practiceName ?? 'Dermis'),
  );
  return { profileInfo: { ...toProfile(row), preferred: false, verified: false }, qrCode, secret };
}

/** Verifies a new profile with its first code. The first verified profile becomes preferred. */
export async function verifyProfile(
  deps: TwoStepDeps,
  userId: number,
  id: number,
  code: string,
): Promise<TwoStepProfile> {
  const row = await ownProfile(deps, userId, id);
  if (row.verified) throw invalidOtp();
  if (!(await checkCode(deps, row, code))) throw invalidOtp();
  const others = await findVerifiedProfiles(deps.db, userId);
  await updateProfile(deps.db, id, { verified: true });
  const preferred = row.preferred || !others.some((p) => p.preferred);
  if (preferred) await setOnlyPreferred(deps.db, userId, id);
  return { ...toProfile(row), preferred };
}

export async function setPreferred(
  deps: TwoStepDeps,
  userId: number,
  id: number,
  preferred: boolean,
): Promise<void> {
  const row = await ownProfile(deps, userId, id);
  if (!row.verified) throw forbidden();
  if (preferred) return setOnlyPreferred(deps.db, userId, id);
  await updateProfile(deps.db, id, { preferred: false });
  await ensureOnePreferred(deps, userId);
}

/** Removes a profile; when it was the preferred one, the first remaining becomes preferred. */
export async function deactivateProfile(deps: TwoStepDeps, userId: number, id: number): Promise<void> {
  await ownProfile(deps, userId, id);
  await updateProfile(deps.db, id, { active: false, preferred: false });
  await ensureOnePreferred(deps, userId);
}

async function ensureOnePreferred(deps: Pick<TwoStepDeps, 'db'>, userId: number): Promise<void> {
  const remaining = await findVerifiedProfiles(deps.db, userId);
  if (remaining.length > 0 && !remaining.some((p) => p.preferred))
    await setOnlyPreferred(deps.db, userId, remaining[0]!.id);
}

/** A new e-mail code for one of the caller's e-mail profiles (resend, or "try another way"). */
export async function resendCode(deps: TwoStepDeps, userId: number, id: number): Promise<void> {
  const row = await ownProfile(deps, userId, id);
  if (row.type !== 'EMAIL') throw invalidField('id', 'twoStep.error.resend');
  await sendEmailCode(deps, row);
}
