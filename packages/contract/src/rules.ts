import { z } from 'zod';

/** Business constants of spec 000 §9. */
export const limits = {
  usernameMin: 3,
  usernameMax: 35,
  passwordMin: 8,
  emailMax: 255,
  otpLength: 6,
  transientMessageMs: 10_000,
} as const;

export const defaults = {
  clientVersion: '1.8.0',
  application: 'PATIENT_PORTAL',
  /** Spec 000 §9: the hidden time-zone field sends this fixed value. */
  timeZoneId: 'Europe/Berlin',
  locale: 'en',
} as const;

// Messages are catalog keys (see i18n/en.ts); the web form and the server translate them.
export const usernamePattern = /^[A-Za-z0-9_+\-.@]{3,35}$/;
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export const requiredString = z.string().trim().min(1, { message: 'validation.fieldRequired' });

export const usernameRule = requiredString.regex(usernamePattern, { message: 'validation.username' });
export const passwordRule = z
  .string()
  .min(1, { message: 'validation.fieldRequired' })
  .regex(passwordPattern, { message: 'validation.password' });

export function isStrongPassword(password: string): boolean {
  return passwordPattern.test(password);
}
