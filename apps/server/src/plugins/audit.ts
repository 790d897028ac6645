/** The audit trail of security decisions (denied access today; sign-ins and exports later). */
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
  await db.insert(auditEvent).values({ ...entry, detail: entry.detail ?? {} });
}
