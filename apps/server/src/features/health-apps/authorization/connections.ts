/**
 * Connections: a patient's record shared with an app, one per approval (an oidc-provider grant). A
 * connection holds while it is not disconnected, the app is enabled, the approving account and both
 * patients are active, the portal's access rule still lets the approver act for the patient, and the
 * patient's invite is in force (a practice's revoke ends every connection of the patient: decision 215).
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database';
import { healthApp, healthAppConnection, oauthArtifact, patient, userAccount } from '../../../db/schema';
import { patientAccessRule } from '../../../plugins/patient-access';

export interface Connection {
  grantId: string;
  practiceId: number;
  healthAppId: number;
  clientId: string;
  clientName: string;
  appDisabled: boolean;
  userId: number;
  approverPatientId: number;
  patientId: number;
  resourceTypes: string[];
  scopes: string[];
  connectedAt: Date;
  lastUsedAt: Date | null;
  disconnectedAt: Date | null;
}

const connectionColumns = {
  grantId: healthAppConnection.grantId,
  practiceId: healthAppConnection.practiceId,
  healthAppId: healthAppConnection.healthAppId,
  clientId: healthApp.clientId,
  clientName: healthApp.name,
  appDisabled: sql<boolean>`${healthApp.disabledAt} IS NOT NULL`,
  userId: healthAppConnection.userId,
  approverPatientId: healthAppConnection.approverPatientId,
  patientId: healthAppConnection.patientId,
  resourceTypes: healthAppConnection.resourceTypes,
  scopes: healthAppConnection.scopes,
  connectedAt: healthAppConnection.connectedAt,
  lastUsedAt: healthAppConnection.lastUsedAt,
  disconnectedAt: healthAppConnection.disconnectedAt,
};

export async function findConnection(db: Db, grantId: string): Promise<Connection | undefined> {
  const [row] = await db
    .select(connectionColumns)
    .from(healthAppConnection)
    .innerJoin(healthApp, eq(healthApp.id, healthAppConnection.healthAppId))
    .where(eq(healthAppConnection.grantId, grantId))
    .limit(1);
  return row;
}

/** The approving account, when it and its own patient record are active. */
export async function approverAccount(db: Db, userId: number) {
  const [row] = await db
    .select({ userId: userAccount.id, patientId: userAccount.patientId, practiceId: userAccount.practiceId })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(and(eq(userAccount.id, userId), eq(userAccount.active, true), eq(patient.active, true)))
    .limit(1);
  return row;
}

/** Spec 000 §6: sharing needs the practice's FHIR permission and a current invite. */
export async function patientSharesWithApps(db: Db, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: patient.id })
    .from(patient)
    .where(
      and(
        eq(patient.id, patientId),
        eq(patient.active, true),
        eq(patient.hasFhirPermission, true),
        eq(patient.patientFhirInvite, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type ConnectionVerdict = 'holds' | 'ended' | 'refused';

/**
 * Whether the connection still gives access: `ended` when it (or its app) is gone, `refused` when the
 * access rule or the invite no longer holds for the patient.
 */
export async function connectionVerdict(db: Db, connection: Connection): Promise<ConnectionVerdict> {
  if (connection.disconnectedAt || connection.appDisabled) return 'ended';
  const approver = await approverAccount(db, connection.userId);
  if (!approver || approver.patientId !== connection.approverPatientId) return 'refused';
  if (approver.practiceId !== connection.practiceId) return 'refused';
  const access = await patientAccessRule(
    db,
    { patientId: approver.patientId, practiceId: approver.practiceId },
    connection.patientId,
  );
  if (!access) return 'refused';
  if (!(await patientSharesWithApps(db, connection.patientId))) return 'refused';
  return 'holds';
}

export async function connectionHolds(db: Db, connection: Connection): Promise<boolean> {
  return (await connectionVerdict(db, connection)) === 'holds';
}

/** Whether the app holds a live connection to the patient's record (then no invite code is asked). */
export async function appConnectedTo(db: Db, healthAppId: number, patientId: number): Promise<boolean> {
  const rows = await db
    .select(connectionColumns)
    .from(healthAppConnection)
    .innerJoin(healthApp, eq(healthApp.id, healthAppConnection.healthAppId))
    .where(
      and(
        eq(healthAppConnection.healthAppId, healthAppId),
        eq(healthAppConnection.patientId, patientId),
        isNull(healthAppConnection.disconnectedAt),
        liveGrant,
      ),
    );
  for (const row of rows) if (await connectionHolds(db, row)) return true;
  return false;
}

// A connection whose grant expired is over too, though nobody disconnected it.
const liveGrant = sql`EXISTS (SELECT 1 FROM ${oauthArtifact} WHERE ${oauthArtifact.model} = 'Grant'
  AND ${oauthArtifact.id} = ${healthAppConnection.grantId}
  AND (${oauthArtifact.expiresAt} IS NULL OR ${oauthArtifact.expiresAt} > now()))`;

const approver = alias(patient, 'approver');

/** The patient's connected apps, newest first, each with the name of the person who approved it. */
export async function connectionsOfPatient(
  db: Db,
  patientId: number,
): Promise<(Connection & { approverName: string })[]> {
  return db
    .select({
      ...connectionColumns,
      approverName: sql<string>`${approver.firstName} || ' ' || ${approver.lastName}`,
    })
    .from(healthAppConnection)
    .innerJoin(healthApp, eq(healthApp.id, healthAppConnection.healthAppId))
    .innerJoin(approver, eq(approver.id, healthAppConnection.approverPatientId))
    .where(
      and(
        eq(healthAppConnection.patientId, patientId),
        isNull(healthAppConnection.disconnectedAt),
        liveGrant,
      ),
    )
    .orderBy(desc(healthAppConnection.connectedAt));
}

export interface NewConnection {
  grantId: string;
  practiceId: number;
  healthAppId: number;
  userId: number;
  approverPatientId: number;
  patientId: number;
  resourceTypes: string[];
  scopes: string[];
}

/**
 * Records an approval. The same account approving the same app for the same patient again replaces
 * the earlier connection: the grant ids it ended are returned, for the provider to revoke.
 */
export async function recordConnection(db: Db, connection: NewConnection): Promise<string[]> {
  return db.transaction(async (tx) => {
    const replaced = await tx
      .update(healthAppConnection)
      .set({ disconnectedAt: new Date() })
      .where(
        and(
          eq(healthAppConnection.healthAppId, connection.healthAppId),
          eq(healthAppConnection.patientId, connection.patientId),
          eq(healthAppConnection.userId, connection.userId),
          isNull(healthAppConnection.disconnectedAt),
          ne(healthAppConnection.grantId, connection.grantId),
        ),
      )
      .returning({ grantId: healthAppConnection.grantId });
    await tx.insert(healthAppConnection).values(connection);
    return replaced.map((row) => row.grantId);
  });
}

/** Marks the connection disconnected; false when the patient has no such live connection. */
export async function disconnect(
  db: Db,
  patientId: number,
  grantId: string,
): Promise<{ appName: string } | null> {
  const [row] = await db
    .update(healthAppConnection)
    .set({ disconnectedAt: new Date() })
    .from(healthApp)
    .where(
      and(
        eq(healthAppConnection.grantId, grantId),
        eq(healthAppConnection.patientId, patientId),
        isNull(healthAppConnection.disconnectedAt),
        eq(healthApp.id, healthAppConnection.healthAppId),
      ),
    )
    .returning({ appName: healthApp.name });
  return row ?? null;
}

/**
 * Notes a use, at most once a minute per connection: the FHIR API calls this on every request, and
 * the Connected apps page needs minutes, not milliseconds.
 */
export async function touchConnection(db: Db, grantId: string): Promise<void> {
  await db
    .update(healthAppConnection)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(healthAppConnection.grantId, grantId),
        sql`(${healthAppConnection.lastUsedAt} IS NULL OR ${healthAppConnection.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
