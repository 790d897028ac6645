import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { safeString } from './rules';

/**
 * Practice identity: name, help phone, brand colour and logo, set through the integration
 * API (`PUT /api/integration/practice/branding`) or `dermis practice:set-branding`, and read by anyone
 * through `GET /api/practice-branding` (the sign-in page needs it before anyone signs in). The same
 * call sets the practice's time zone (decision 127), which only the integration answer carries.
 */
export const brandColorPattern = /^#[0-9a-fA-F]{6}$/;
export const logoMimeTypes = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoMimeType = (typeof logoMimeTypes)[number];
/** Largest logo accepted, decoded. */
export const logoMaxBytes = 262_144;

/**
 * An IANA time zone name (America/New_York, UTC) the runtime knows. Offsets (+05:00) and
 * abbreviations (EST) are not names of a place's rules, so they are refused.
 */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A valid zone name in the runtime's canonical spelling (america/new_york → America/New_York). */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

export const ianaTimeZone = safeString
  .trim()
  .max(64)
  .refine(isIanaTimeZone, { message: 'validation.timeZone' });

export const practiceBrandingRequest = z.object({
  name: safeString.trim().min(1).max(200).optional(),
  /** The help line shown on the sign-in card; null removes it. */
  phone: safeString.trim().min(1).max(40).nullable().optional(),
  /** #rrggbb; a colour too light for white text is darkened until it reaches 4.5:1. */
  brandColor: safeString.regex(brandColorPattern, { message: 'validation.brandColor' }).nullable().optional(),
  /** The logo file in base64 (PNG, JPEG or SVG, recognised by content); null removes it. */
  logoBase64: safeString
    .max(Math.ceil(logoMaxBytes / 3) * 4 + 4)
    .nullable()
    .optional(),
  /**
   * The practice's IANA time zone (decision 127): reminder e-mails state times and dates in it; null
   * goes back to the server's REMINDER_TIME_ZONE.
   */
  timeZone: ianaTimeZone.nullable().optional(),
});
export type PracticeBrandingRequest = z.infer<typeof practiceBrandingRequest>;

export const practiceBranding = z.object({
  practiceId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  /** Always at least 4.5:1 against white. */
  brandColor: z.string().nullable(),
  /** Where the logo is served, with a version so browsers refetch a new one; null when none. */
  logoUrl: z.string().nullable(),
});
export type PracticeBranding = z.infer<typeof practiceBranding>;

export const practiceBrandingResponse = practiceBranding.extend({
  /** True when the colour sent was darkened to reach the contrast. */
  brandColorAdjusted: z.boolean(),
  /** The practice's own time zone; null when it uses the server's REMINDER_TIME_ZONE. */
  timeZone: z.string().nullable(),
});

export const practiceBrandingQuery = z.object({
  practiceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The practice's identity: set by the clinic's system, read by anyone (the sign-in page). */
export const practiceBrandingCalls = {
  get: describeCall({
    method: 'GET',
    path: '/api/practice-branding',
    who: who.public,
    query: practiceBrandingQuery,
    response: practiceBranding,
  }),
  set: describeCall({
    method: 'PUT',
    path: '/api/integration/practice/branding',
    who: who.apiKey,
    body: practiceBrandingRequest,
    response: practiceBrandingResponse,
    answers: { 400: errorResponse, 401: errorResponse },
  }),
};

// --- Colour contrast (WCAG 2.x relative luminance) ---

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio of a colour against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

export const minimumBrandContrast = 4.5;

/**
 * The colour itself when it already reaches 4.5:1 against white, otherwise the same hue darkened
 * step by step (black is 21:1, so this always ends). Lower-case #rrggbb.
 */
export function readableBrandColor(hex: string): string {
  const [r, g, b] = rgbOf(hex.toLowerCase());
  for (let factor = 1; factor >= 0; factor -= 0.01) {
    const candidate = toHex(r * factor, g * factor, b * factor);
    if (contrastWithWhite(candidate) >= minimumBrandContrast) return candidate;
  }
  return '#000000';
}

function toHex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => Math.floor(v).toString(16).padStart(2, '0')).join('')}`;
}
