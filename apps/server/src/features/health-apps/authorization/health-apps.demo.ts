/**
 * Demo data of health apps: the practice's `dermis-demo-app`, a public app that may redirect to any
 * loopback port (a native app or a developer's script, RFC 8252 §7.3) with every patient scope;
 * invite codes for Daniel and his daughter Emma (Maria's comes with the health information demo); and
 * Maria's record connected to the app ten days ago, last used two days ago, for the Connected apps page.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DemoSeeder } from '../../../demo/seed';
import type { Db } from '../../../db/database';
import { fhirInvite, healthApp, healthAppConnection, oauthArtifact, patient } from '../../../db/schema';
import { oauthLifetimes } from './authorization-server';
import { allPatientScopes, requestedResourceTypes } from './smart-scopes';

export const demoHealthAppClientId = 'dermis-demo-app';

/** The invite code format of the health information feature (no 0/O or 1/I). */
function demoInviteCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

async function ensureInvite(tx: Db, patientId: number) {
  const [current] = await tx
    .select({ id: fhirInvite.id })
    .from(fhirInvite)
    .where(and(eq(fhirInvite.patientId, patientId), isNull(fhirInvite.revokedAt)));
  if (!current) await tx.insert(fhirInvite).values({ patientId, code: demoInviteCode() });
  await tx
    .update(patient)
    .set({ hasFhirPermission: true, patientFhirInvite: true })
    .where(eq(patient.id, patientId));
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export const seedHealthApps: DemoSeeder = async (tx, demo) => {
  const [app] = await tx
    .insert(healthApp)
    .values({
      practiceId: demo.practiceId,
      clientId: demoHealthAppClientId,
      name: 'Dermis Demo App',
      redirectUris: ['http://127.0.0.1/callback', 'http://localhost/callback'],
      tokenEndpointAuthMethod: 'none',
      allowedScopes: allPatientScopes,
      loopbackAnyPort: true,
      createdAt: daysAgo(30),
    })
    .returning({ id: healthApp.id });
  if (!app) throw new Error('demo health app not stored');

  await ensureInvite(tx, demo.patients.daniel);
  await ensureInvite(tx, demo.patients.emma);

  const scopes = ['launch/patient', 'openid', 'fhirUser', 'offline_access', 'patient/*.rs'];
  const grantId = randomBytes(16).toString('base64url');
  const connectedAt = daysAgo(10);
  const iat = Math.floor(connectedAt.getTime() / 1000);
  await tx.insert(oauthArtifact).values({
    model: 'Grant',
    id: grantId,
    payload: {
      kind: 'Grant',
      jti: grantId,
      iat,
      exp: iat + oauthLifetimes.grant,
      accountId: String(demo.users.maria),
      clientId: demoHealthAppClientId,
      openid: { scope: 'launch/patient openid fhirUser offline_access' },
    },
    grantId,
    expiresAt: new Date((iat + oauthLifetimes.grant) * 1000),
  });
  await tx.insert(healthAppConnection).values({
    grantId,
    practiceId: demo.practiceId,
    healthAppId: app.id,
    userId: demo.users.maria,
    approverPatientId: demo.patients.maria,
    patientId: demo.patients.maria,
    resourceTypes: requestedResourceTypes(scopes),
    scopes,
    connectedAt,
    lastUsedAt: daysAgo(2),
  });
};
