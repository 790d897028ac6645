/**
 * The FHIR API's one-patient promise, proved with real tokens from the portal's authorization server
 * (a standalone launch over HTTP, approved through the portal) rather than the FHIR tests' resolver.
 * The resource types are read from the CapabilityStatement, so a type added there is covered here
 * without editing this file: for every one, another patient's ids answer 404 and `patient=` naming
 * another patient answers 403; a ward's token stops at once when the responsible-person link is
 * deactivated; a token of one practice reaches nothing of another; and a call without a token, or
 * with a garbage one, answers 401 with `WWW-Authenticate`.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { HealthAppAuthorizationResponse } from '@dermis/contract';
import { fhirInvite, responsiblePerson, userAccount } from '../../db/schema';
import { seedDemo } from '../../demo/seed';
import { demoAccounts } from '../../demo/demo-accounts';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenPractice, givenUser, signIn } from '../../test/fixtures';
import { demoHealthAppClientId } from './authorization/health-apps.demo';
import {
  Launch,
  givenHealthApp,
  givenInvite,
  launchAndApprove,
  listeningApp,
} from './authorization/oauth-test-support';
import { fhirIds, fhirPatientId } from './fhir/ids';

interface Capability {
  rest: {
    resource: { type: string; interaction: { code: string }[]; searchParam?: { name: string }[] }[];
  }[];
}
interface Bundle {
  total: number;
  entry?: { resource: { resourceType: string; id: string } }[];
}

/** Types every patient of a practice shares (the practice, its clinics and providers). */
const practiceWide = new Set(['Organization', 'Location', 'Practitioner', 'PractitionerRole']);

/** A resource of the practice, or the Provenance of one: the same for every patient of the practice. */
function sharedByPractice(type: string, id: string): boolean {
  if (practiceWide.has(type)) return true;
  return type === 'Provenance' && [...practiceWide].some((t) => id.startsWith(`prov-${t.toLowerCase()}-`));
}

describeEachDatabase('the FHIR API with real tokens: one patient per token, on every type', (t) => {
  const build = useTestApp(t);

  async function setUp() {
    const { app, origin } = await listeningApp(build);
    await seedDemo(t.db);
    const demo = {
      maria: await patientIdOf(demoAccounts.patient),
      daniel: await patientIdOf(demoAccounts.guardian),
    };
    const fhir = (path: string, token?: string) =>
      fetch(`${origin}/fhir/r4${path}`, {
        headers: { accept: 'application/fhir+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const metadata = (await (await fhir('/metadata')).json()) as Capability;
    const resources = metadata.rest[0]!.resource;
    const types = resources.map((r) => r.type);
    /** The types that can be searched; the others (Binary) are read by the ids other resources name. */
    const searchable = resources
      .filter((r) => r.interaction.some((i) => i.code === 'search-type'))
      .map((r) => r.type);
    const withPatientParam = new Set(
      resources.filter((r) => r.searchParam?.some((p) => p.name === 'patient')).map((r) => r.type),
    );

    /** A real token for `patientId`, approved by `username`'s account for every type it may ask for. */
    const connect = async (
      account: { username: string; password: string },
      patientId: number,
      clientId = demoHealthAppClientId,
    ) => {
      const session = await signIn(app, account.username, account.password);
      const probe = new Launch(origin, { clientId });
      await probe.authorize();
      const described = (await (
        await probe.details(session.accessToken)
      ).json()) as HealthAppAuthorizationResponse;
      const { tokens } = await launchAndApprove(
        origin,
        session.accessToken,
        { patientId, resourceTypes: described.resourceTypes, inviteCode: await inviteOf(patientId) },
        { clientId },
      );
      expect(tokens.patient).toBe(fhirPatientId(patientId));
      return tokens.access_token;
    };

    /** Every id a token can see, by type (its own patient's and its practice's), found by searching. */
    const idsSeenBy = async (token: string) => {
      const seen = new Map<string, Set<string>>();
      const references = new Set<string>();
      for (const type of searchable) {
        const response = await fhir(`/${type}?_count=1000`, token);
        expect(response.status, type).toBe(200);
        const bundle = (await response.json()) as Bundle;
        seen.set(type, new Set((bundle.entry ?? []).map((e) => e.resource.id)));
        for (const match of JSON.stringify(bundle).matchAll(/\/Binary\/([A-Za-z0-9\-.]{1,64})/g))
          references.add(match[1]!);
      }
      seen.set('Binary', references);
      return seen;
    };

    return { app, origin, demo, fhir, types, searchable, withPatientParam, connect, idsSeenBy };
  }

  async function patientIdOf(account: { username: string }): Promise<number> {
    const [row] = await t.db
      .select({ patientId: userAccount.patientId })
      .from(userAccount)
      .where(eq(userAccount.username, account.username));
    return row!.patientId;
  }

  async function inviteOf(patientId: number): Promise<string> {
    const [row] = await t.db
      .select({ code: fhirInvite.code })
      .from(fhirInvite)
      .where(and(eq(fhirInvite.patientId, patientId), isNull(fhirInvite.revokedAt)));
    return row?.code ?? givenInvite(t.db, patientId, `INVT-${String(patientId).padStart(4, '2')}-WXYZ`);
  }

  it('reads none of another patient’s ids (404) and refuses patient= naming them (403), on every type', async () => {
    const { demo, fhir, types, searchable, withPatientParam, connect, idsSeenBy } = await setUp();
    expect(types.length).toBeGreaterThan(10);
    const daniel = await connect(demoAccounts.guardian, demo.daniel);
    const maria = await connect(demoAccounts.patient, demo.maria);
    const own = await idsSeenBy(daniel);
    const others = await idsSeenBy(maria);

    const covered: string[] = [];
    for (const [type, ids] of others) {
      for (const id of ids) {
        if (own.get(type)?.has(id)) {
          // Only the practice's shared resources (and their provenance) may be seen by both patients.
          expect(sharedByPractice(type, id), `${type}/${id} is seen by both patients`).toBe(true);
          continue;
        }
        const read = await fhir(`/${type}/${id}`, daniel);
        expect(read.status, `${type}/${id}`).toBe(404);
        expect(((await read.json()) as { resourceType: string }).resourceType).toBe('OperationOutcome');
        covered.push(type);
      }
    }
    // The other patient's record reaches every type but the practice's shared ones, so no type is vacuous
    // (payers and providers only the other patient sees are covered too).
    expect([...new Set(covered)].sort()).toEqual(
      expect.arrayContaining(types.filter((type) => !practiceWide.has(type))),
    );

    for (const type of searchable) {
      const named = await fhir(`/${type}?patient=${fhirPatientId(demo.maria)}`, daniel);
      if (withPatientParam.has(type)) {
        expect(named.status, type).toBe(403);
        expect(named.headers.get('www-authenticate'), type).toContain('error="insufficient_scope"');
      } else {
        // No `patient` parameter on this type: refused as unknown, never answered with data.
        expect(named.status, type).toBe(400);
      }
      const reference = await fhir(`/${type}?patient=Patient/${fhirPatientId(demo.maria)}`, daniel);
      expect(reference.status, type).toBe(withPatientParam.has(type) ? 403 : 400);
    }
    // The same searches naming the token's own patient answer.
    for (const type of withPatientParam)
      expect((await fhir(`/${type}?patient=${fhirPatientId(demo.daniel)}`, daniel)).status, type).toBe(200);
    // One request per resource of Maria's whole record (results, vital signs, … and their Provenance).
  }, 120_000);

  it('stops a guardian’s token for a ward at once when the responsible-person link is deactivated', async () => {
    const { demo, fhir, searchable, connect, idsSeenBy } = await setUp();
    const [link] = await t.db
      .select()
      .from(responsiblePerson)
      .where(
        and(eq(responsiblePerson.responsiblePatientId, demo.daniel), eq(responsiblePerson.active, true)),
      );
    expect(link).toBeDefined();
    const ward = link!.patientId;
    const token = await connect(demoAccounts.guardian, ward);
    const wardPath = `/Patient/${fhirPatientId(ward)}`;
    expect((await fhir(wardPath, token)).status).toBe(200);
    const before = await idsSeenBy(token);

    await t.db.update(responsiblePerson).set({ active: false }).where(eq(responsiblePerson.id, link!.id));

    const read = await fhir(wardPath, token);
    expect(read.status).toBe(403);
    expect(read.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    for (const type of searchable) expect((await fhir(`/${type}`, token)).status, type).toBe(403);
    for (const [type, ids] of before)
      for (const id of ids) expect((await fhir(`/${type}/${id}`, token)).status, `${type}/${id}`).toBe(403);
    // One request per resource of the ward's whole record.
  }, 120_000);

  it('a token of one practice reaches nothing of another practice', async () => {
    const { demo, fhir, withPatientParam, connect, idsSeenBy } = await setUp();
    const otherPractice = await givenPractice(t.db, 'Other Practice');
    await givenHealthApp(t.db, otherPractice, { clientId: 'other-practice-app', name: 'Other App' });
    const outsider = await givenUser(t.db, otherPractice, { username: 'outsider' });
    const theirs = await idsSeenBy(await connect(outsider, outsider.patientId, 'other-practice-app'));
    const maria = await connect(demoAccounts.patient, demo.maria);
    const mine = await idsSeenBy(maria);

    let reads = 0;
    for (const [type, ids] of theirs) {
      for (const id of ids) {
        expect(mine.get(type)?.has(id) ?? false, `${type}/${id} is seen across practices`).toBe(false);
        expect((await fhir(`/${type}/${id}`, maria)).status, `${type}/${id}`).toBe(404);
        reads += 1;
      }
    }
    expect(theirs.get('Patient')).toEqual(new Set([fhirPatientId(outsider.patientId)]));
    expect(theirs.get('Organization')).toEqual(new Set([fhirIds.practice(otherPractice)]));
    expect(reads).toBeGreaterThanOrEqual(2);

    for (const type of withPatientParam)
      expect((await fhir(`/${type}?patient=${fhirPatientId(outsider.patientId)}`, maria)).status, type).toBe(
        403,
      );
    expect((await fhir(`/Patient?_id=${fhirPatientId(outsider.patientId)}`, maria)).status).toBe(200);
    const byId = (await (
      await fhir(`/Patient?_id=${fhirPatientId(outsider.patientId)}`, maria)
    ).json()) as Bundle;
    expect(byId.total).toBe(0);
  });

  it('answers 401 with WWW-Authenticate without a token and with a garbage token, on every type', async () => {
    const { demo, fhir, types, searchable } = await setUp();
    const patientId = fhirPatientId(demo.maria);
    for (const type of types) {
      const searches = searchable.includes(type) ? [`/${type}`, `/${type}?patient=${patientId}`] : [];
      for (const path of [`/${type}/${patientId}`, ...searches]) {
        for (const token of [undefined, 'garbage-token-0123456789', 'x']) {
          const response = await fhir(path, token);
          const label = `${path} with ${token ?? 'no token'}`;
          expect(response.status, label).toBe(401);
          expect(response.headers.get('www-authenticate'), label).toMatch(
            /^Bearer realm="[^"]+\/fhir\/r4", error="invalid_token"/,
          );
        }
      }
    }
    for (const token of [undefined, 'garbage-token-0123456789'])
      expect((await fhir(`/Binary/summary-${demo.maria}`, token)).status).toBe(401);
  });
});
