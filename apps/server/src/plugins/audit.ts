/**
 * The audit trail of security decisions (denied access today; sign-ins and exports later). What a
 * request carried (a username, an odd id) is stored made storable: PostgreSQL refuses U+0000 and a
 * lone surrogate in jsonb, and a request must not be able to stop its own audit row by sending them.
 */
import { toStorableText } from '@dermis/contract';
import type { Db } from '../db/database';
import { auditEvent } from '../db/schema';

export type AuditAction = 'ACCESS_DENIED';

export interface AuditEntry {
  practiceId: number;
  userId: number | null;
  patientId: number | null;
  action: AuditAction;
  detail?: Record<string, unknown>;
  address: string | null;
}

export async function recordAuditEvent(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvent).values({
    ...entry,
    detail: storableDetail(entry.detail ?? {}, 0) as Record<string, unknown>,
    address: entry.address === null ? null : toStorableText(entry.address, 100),
  });
}

/** The detail with every string made storable and short, and nesting and size bounded. */
function storableDetail(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return toStorableText(value, 200);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return typeof value === 'bigint' ? String(value) : null;
  if (depth >= 3) return '[nested]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => storableDetail(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([k, v]) => [toStorableText(k, 64), storableDetail(v, depth + 1)]),
  );
}
