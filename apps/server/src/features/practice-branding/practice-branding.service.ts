/** Setting and reading a practice's identity (integration API, CLI, the public branding call, e-mails). */
import { canonicalTimeZone, practiceBrandingRoutes, readableBrandColor } from '@dermis/contract';
import type { PracticeBranding, PracticeBrandingRequest } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invalidField, notFound } from '../../lib/http-error';
import { checkLogo } from './logo-check';
import type { BrandingRow } from './practice-branding.repository';
import { findBranding, updateBranding } from './practice-branding.repository';

export async function setPracticeBranding(db: Db, practiceId: number, input: PracticeBrandingRequest) {
  const values: Parameters<typeof updateBranding>[2] = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.phone !== undefined) values.phone = input.phone;
  let brandColorAdjusted = false;
  if (input.brandColor !== undefined) {
    values.brandColor = input.brandColor === null ? null : readableBrandColor(input.brandColor);
    brandColorAdjusted = input.brandColor !== null && values.brandColor !== input.brandColor.toLowerCase();
  }
  if (input.logoBase64 === null) {
    values.logoBase64 = null;
    values.logoMimeType = null;
  } else if (input.logoBase64 !== undefined) {
    const logo = checkLogo(input.logoBase64);
    values.logoBase64 = logo.base64;
    values.logoMimeType = logo.mimeType;
  }
  if (input.timeZone !== undefined) {
    const zone = input.timeZone === null ? null : canonicalTimeZone(input.timeZone);
    if (zone !== null) await assertDatabaseKnowsZone(db, zone);
    values.timeZone = zone;
  }
  if (!(await updateBranding(db, practiceId, values)))
    throw notFound('server.error.practiceNotFound', { practiceId });
  const row = await findBranding(db, practiceId);
  if (!row) throw notFound('server.error.practiceNotFound', { practiceId });
  return { ...toBranding(row), brandColorAdjusted, timeZone: row.timeZone };
}

/**
 * The reminder pass does its calendar arithmetic in the database (decision 127), so a zone the
 * runtime knows but the database's time zone data does not would fail every pass: refuse it here.
 */
async function assertDatabaseKnowsZone(db: Db, timeZone: string): Promise<void> {
  try {
    await db.transaction((tx) => tx.execute(sql`select now() at time zone ${timeZone}`));
  } catch {
    throw invalidField('timeZone', 'validation.timeZone');
  }
}

export async function getPracticeBranding(db: Db, practiceId?: number): Promise<PracticeBranding> {
  const row = await findBranding(db, practiceId);
  if (!row) throw notFound('server.error.practiceNotFound', { practiceId: practiceId ?? 0 });
  return toBranding(row);
}

export function toBranding(row: BrandingRow): PracticeBranding {
  return {
    practiceId: row.id,
    name: row.name,
    phone: row.phone,
    brandColor: row.brandColor,
    logoUrl: row.logoMimeType
      ? `${practiceBrandingRoutes.logo.replace(':practiceId', String(row.id))}?v=${row.brandingUpdatedAt.getTime()}`
      : null,
  };
}
