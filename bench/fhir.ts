// The FHIR API (features/health-apps/fhir) under load, beside the floor route of the same run: a
// read by id, the searches a health app makes first, and a 1,000-entry Encounter searchset walked
// page by page through its `next` links. Latencies are taken per request here (p50 and p95), with the
// floor measured by the same loop, so the ratios compare like with like.
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database';
import { encounter, userAccount } from '../apps/server/src/db/schema';
import { demoAccounts } from '../apps/server/src/demo/demo-accounts';
import { fhirPatientId } from '../apps/server/src/features/health-apps/fhir/ids';
import { givenPatient } from '../apps/server/src/test/fixtures';
import type { TestGrants } from '../apps/server/src/test/fhir-grants';

export interface FhirBenchTarget {
  /** Maria, the demo patient (with the appointments bench's 200 visits). */
  token: string;
  patientId: number;
  /** A patient with 1,000 past visits, for the long searchset. */
  bigToken: string;
}

/** Grants for Maria and for a new patient of her practice with `visits` past visits. */
export async function givenFhirBenchPatients(
  db: Db,
  grants: TestGrants,
  visits = 1000,
): Promise<FhirBenchTarget> {
  const [maria] = await db
    .select({ userId: userAccount.id, patientId: userAccount.patientId, practiceId: userAccount.practiceId })
    .from(userAccount)
    .where(eq(userAccount.username, demoAccounts.patient.username));
  if (!maria) throw new Error('demo patient missing');
  const big = await givenPatient(db, maria.practiceId, { firstName: 'Many', lastName: 'Visits' });
  const day = 86_400_000;
  const rows = Array.from({ length: visits }, (_, i) => ({
    practiceId: maria.practiceId,
    patientId: big,
    externalId: `BENCH-FHIR-${i}`,
    dateOfService: new Date(Date.now() - (i + 1) * day),
    historyFinished: true,
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insert(encounter).values(rows.slice(i, i + 200));
  const grant = {
    practiceId: maria.practiceId,
    userId: maria.userId,
    clientId: 'bench',
    clientName: 'Bench',
  };
  return {
    token: grants.issue({ ...grant, patientId: maria.patientId }),
    patientId: maria.patientId,
    bigToken: grants.issue({ ...grant, patientId: big }),
  };
}

interface Measured {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  requests: number;
  failed: number;
}

/** `concurrency` loops calling `once` for `seconds`; each call's latency is one sample. */
async function measure(
  scenario: string,
  seconds: number,
  concurrency: number,
  once: () => Promise<boolean>,
): Promise<Measured> {
  const warmEnd = Date.now() + 1000;
  while (Date.now() < warmEnd) await once();
  const samples: number[] = [];
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const ok = await once();
        samples.push(performance.now() - t0);
        if (!ok) failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0).toFixed(1));
  return {
    scenario,
    'req/s': Math.round(samples.length / elapsed),
    'p50 ms': at(0.5),
    'p95 ms': at(0.95),
    requests: samples.length,
    failed,
  };
}

async function ok(url: string, init?: RequestInit): Promise<boolean> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.ok;
}

export async function printFhir(
  target: { dermisUrl: string; floorUrl: string; fhir: FhirBenchTarget },
  seconds: number,
  concurrency: number,
): Promise<void> {
  const base = `${target.dermisUrl}/fhir/r4`;
  const auth = (token: string) => ({
    headers: { authorization: `Bearer ${token}`, accept: 'application/fhir+json' },
  });
  const maria = auth(target.fhir.token);
  const patient = fhirPatientId(target.fhir.patientId);
  const floorCall = () =>
    ok(`${target.floorUrl}/floor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });

  /** The whole 1,000-entry searchset, 100 a page: one sample is the walk of its 10 pages. */
  const walk = async () => {
    let url: string | undefined = `${base}/Encounter?_count=100`;
    let entries = 0;
    while (url) {
      const response = await fetch(url, auth(target.fhir.bigToken));
      if (!response.ok) return false;
      const bundle = (await response.json()) as {
        entry?: unknown[];
        link: { relation: string; url: string }[];
      };
      entries += bundle.entry?.length ?? 0;
      url = bundle.link.find((l) => l.relation === 'next')?.url;
    }
    return entries === 1000;
  };

  const rows: Measured[] = [];
  rows.push(await measure('floor (same loop)', seconds, concurrency, floorCall));
  rows.push(
    await measure('FHIR GET Patient/{id}', seconds, concurrency, () =>
      ok(`${base}/Patient/${patient}`, maria),
    ),
  );
  rows.push(
    await measure('FHIR GET Observation?patient&category', seconds, concurrency, () =>
      ok(`${base}/Observation?patient=${patient}&category=social-history`, maria),
    ),
  );
  rows.push(
    await measure('FHIR GET Encounter?patient (~100) +Provenance', seconds, concurrency, () =>
      ok(`${base}/Encounter?patient=${patient}&_revinclude=Provenance:target&_count=1000`, maria),
    ),
  );
  rows.push(await measure('FHIR 1,000-entry searchset, 10 pages', seconds, Math.min(concurrency, 8), walk));
  rows.push(await measure('floor again (same loop)', seconds, concurrency, floorCall));
  const floorRate = (rows[0]!['req/s'] + rows.at(-1)!['req/s']) / 2;
  console.log(
    `\nFHIR API (${concurrency} concurrent callers, ${seconds} s a scenario; the searchset walk with 8)`,
  );
  console.table(rows);
  for (const row of rows.slice(1, -1))
    console.log(`${row.scenario.padEnd(48)} ${(row['req/s'] / floorRate).toFixed(3)}x the floor's req/s`);
}
