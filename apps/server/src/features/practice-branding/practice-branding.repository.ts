import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { practice } from '../../db/schema';

const brandingColumns = {
  id: practice.id,
  name: practice.name,
  phone: practice.phone,
  brandColor: practice.brandColor,
  logoMimeType: practice.logoMimeType,
  brandingUpdatedAt: practice.brandingUpdatedAt,
  timeZone: practice.timeZone,
};

export type BrandingRow = {
  id: number;
  name: string;
  phone: string | null;
  brandColor: string | null;
  logoMimeType: string | null;
  brandingUpdatedAt: Date;
  timeZone: string | null;
};

/** The practice asked for, or the first one created (a one-practice installation needs no id). */
export async function findBranding(db: Db, practiceId?: number): Promise<BrandingRow | null> {
  const query = db.select(brandingColumns).from(practice);
  const [row] = await (practiceId === undefined
    ? query.orderBy(asc(practice.id)).limit(1)
    : query.where(eq(practice.id, practiceId)).limit(1));
  return row ?? null;
}

export async function findLogo(
  db: Db,
  practiceId: number,
): Promise<{ base64: string; mimeType: string } | null> {
  const [row] = await db
    .select({ base64: practice.logoBase64, mimeType: practice.logoMimeType })
    .from(practice)
    .where(eq(practice.id, practiceId))
    .limit(1);
  return row?.base64 && row.mimeType ? { base64: row.base64, mimeType: row.mimeType } : null;
}

export async function updateBranding(
  db: Db,
  practiceId: number,
  values: Partial<
    Pick<
      typeof practice.$inferInsert,
      'name' | 'phone' | 'brandColor' | 'logoBase64' | 'logoMimeType' | 'timeZone'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(practice)
    .set({ ...values, brandingUpdatedAt: new Date() })
    .where(eq(practice.id, practiceId))
    .returning({ id: practice.id });
  return rows.length > 0;
}
