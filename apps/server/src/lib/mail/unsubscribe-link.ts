/**
 * Signed unsubscribe links for reminder-type e-mail (spec 000 §2: types 1, 3, 4). The token is an
 * HMAC-SHA256 over "pid|uid|type", so a link works without signing in but cannot be altered to
 * unsubscribe another patient or another type. The key is derived from JWT_SECRET with a fixed label,
 * so it never equals a key used to sign anything else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { webRoutes } from '@dermis/contract';
import type { UnsubscribeType } from '@dermis/contract';
import type { Config } from '../../config/env';

export interface UnsubscribeSubject {
  /** The patient the e-mail is about. */
  patientId: number;
  /** The patient's portal account, 0 when there is none yet. */
  userId: number;
  type: UnsubscribeType;
}

type KeyConfig = Pick<Config, 'jwtSecret'>;

export function unsubscribeToken(config: KeyConfig, subject: UnsubscribeSubject): string {
  const key = createHmac('sha256', config.jwtSecret).update('dermis-unsubscribe-v1').digest();
  return createHmac('sha256', key)
    .update(`${subject.patientId}|${subject.userId}|${subject.type}`)
    .digest('base64url');
}

export function unsubscribeLink(
  config: KeyConfig & Pick<Config, 'publicUrl'>,
  subject: UnsubscribeSubject,
): string {
  const query = new URLSearchParams({
    pid: String(subject.patientId),
    uid: String(subject.userId),
    type: String(subject.type),
    token: unsubscribeToken(config, subject),
  });
  return `${config.publicUrl}${webRoutes.unsubscribe}?${query.toString()}`;
}

/** Timing-safe comparison of a presented token with the expected one. */
export function verifyUnsubscribeToken(
  config: KeyConfig,
  subject: UnsubscribeSubject,
  token: string,
): boolean {
  const expected = Buffer.from(unsubscribeToken(config, subject));
  const presented = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
