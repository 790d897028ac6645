/**
 * A grant resolver for the FHIR layer's own tests: a bearer string registered here stands for a
 * grant, as a token would once the authorization server has checked it. End-to-end tests with real
 * tokens use the authorization server's resolver instead.
 */
import { asc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { patient, responsiblePerson, userAccount } from '../db/schema';
import {
  FhirAuthError,
  type FhirGrant,
  type FhirGrantResolver,
} from '../features/health-apps/fhir/fhir-grant';

export class TestGrants {
  private readonly grants = new Map<string, FhirGrant>();
  private next = 1;

  /** Registers a grant and returns the bearer string that stands for it. */
  issue(grant: Omit<FhirGrant, 'clientId' | 'clientName' | 'scopes'> & Partial<FhirGrant>): string {
    const token = `test-fhir-token-${this.next++}`;
    this.grants.set(token, {
      clientId: 'test-app',
      clientName: 'Test Health App',
      scopes: ['launch/patient', 'openid', 'patient/*.rs'],
      ...grant,
    });
    return token;
  }

  /** Ends a token's grant, as a revocation would. */
  revoke(token: string): void {
    this.grants.delete(token);
  }

  readonly resolve: FhirGrantResolver = (request: FastifyRequest) => Promise.resolve(this.grantOf(request));

  private grantOf(request: FastifyRequest): FhirGrant {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (\S+)$/i.exec(header);
    if (!match) throw new FhirAuthError(401, 'invalid_token', 'A bearer token is required');
    const grant = this.grants.get(match[1]!);
    if (!grant) throw new FhirAuthError(401, 'invalid_token', 'The token is unknown, expired or revoked');
    return grant;
  }
}

/** Every patient of the demo practice, each with an account that may act for them (own or guardian's). */
export async function demoGrantSubjects(
  db: Db,
): Promise<{ patientId: number; practiceId: number; userId: number; name: string }[]> {
  const patients = await db.select().from(patient).orderBy(asc(patient.id));
  const accounts = await db.select().from(userAccount).orderBy(asc(userAccount.id));
  const links = await db.select().from(responsiblePerson);
  const anyAccount = accounts[0];
  if (!anyAccount) throw new Error('the demo practice has no account: seed it first');
  return patients.map((p) => {
    const own = accounts.find((a) => a.patientId === p.id);
    const guardian = links.find((l) => l.patientId === p.id);
    const guardianAccount = guardian
      ? accounts.find((a) => a.patientId === guardian.responsiblePatientId)
      : undefined;
    return {
      patientId: p.id,
      practiceId: p.practiceId,
      userId: (own ?? guardianAccount ?? anyAccount).id,
      name: `${p.firstName} ${p.lastName}`,
    };
  });
}
