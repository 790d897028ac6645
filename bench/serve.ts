// The bench's server process. Dermis with the demo practice on PostgreSQL (a throw-away database
// created beside DATABASE_URL's) or, without DATABASE_URL, on an in-memory PGlite. Beside it, a bare
// Fastify "floor" answering the very same JSON after one indexed lookup over its own pool (the
// least any authenticated read can cost), and the same lookup joined to the session (what the
// revocation check adds). Also measures, on request, the raw argon2id hash rate in this process: the
// ceiling of sign-ins. And a sign-in floor: the stored hash looked up by name, one argon2id check on
// the same password threads, then the same JSON as a sign-in (the least a sign-in over HTTP can cost
// on this machine). Prints one JSON line with the addresses and figures.
import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, testServices } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { demoAccounts } from '../apps/server/src/demo/demo-accounts';
import { userAccount } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/demo/seed';
import { givenManyVisits } from './appointments';
import { givenFhirBenchPatients } from './fhir';
import { givenHeavyPatient } from './heavy-patient';
import { TestGrants } from '../apps/server/src/test/fhir-grants';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/passwords';
import { throwAwayPostgres } from './support';

const adminUrl = testServices().databaseUrl;
const benchDb = adminUrl ? await throwAwayPostgres(adminUrl, 'serve') : null;

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: benchDb?.url ?? 'memory://',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'true',
  JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
  WEB_DIST: 'bench/no-web-dist',
  // Every sign-in of the bench is one name from one address, 64 at a time; counted first, they
  // would be throttled (docs/decisions/043).
  LOGIN_MAX_FAILURES_PER_ADDRESS: '2000000000',
  LOGIN_MAX_FAILURES_PER_USERNAME: '2000000000',
});

const database = await openDatabase(config.database);
await migrate(database);
await seedDemo(database.db);
const visitsPatientId = await givenManyVisits(database.db, 200);
// Health apps' tokens for the FHIR API: the bench stands in for the authorization server.
const grants = new TestGrants();
const fhir = await givenFhirBenchPatients(database.db, grants);
// The heaviest patient, in Maria's practice: every screen's first calls are timed for it (screens.ts).
const heavySeedStarted = performance.now();
const [demoAccount] = await database.db
  .select({ practiceId: userAccount.practiceId })
  .from(userAccount)
  .where(eq(userAccount.username, demoAccounts.patient.username));
const heavy = await givenHeavyPatient(database.db, demoAccount!.practiceId);
const heavySeedMs = Math.round(performance.now() - heavySeedStarted);
// Measure the steady state: the seed wrote some 150,000 rows, and autovacuum would otherwise analyse
// them in the middle of the first scenarios, taking a core from whichever runs then; a checkpoint
// then writes out what the seed and the vacuum left dirty, which the checkpointer would otherwise
// spread over the first minutes of the bench.
if (benchDb) await vacuumAnalyze(benchDb.url);
const app = await buildApp(config, { database, resolveFhirGrant: grants.resolve });
const dermisUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const { username, password } = demoAccounts.patient;
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const { accessToken } = login.json<{ accessToken: string }>();
const signInJson = login.body;
const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
  userId: number;
  sid: string;
};
const profile = await app.inject({
  method: 'POST',
  url: '/api/app/patient/getByUsername',
  headers: { authorization: `Bearer ${accessToken}` },
  payload: { username },
});
const sameJson = profile.body;
const heavyLogin = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: heavy.username, password: heavy.password },
});
if (heavyLogin.statusCode !== 200) throw new Error(`heavy patient sign-in answered ${heavyLogin.statusCode}`);
const heavyTarget = {
  ...heavy,
  accessToken: heavyLogin.json<{ accessToken: string }>().accessToken,
  seedMs: heavySeedMs,
};

// The floor: one indexed lookup, then the same bytes. On PostgreSQL over its own pg pool; on PGlite
// through the one embedded database (there is no pool to have).
type Lookup = (withSession: boolean) => Promise<unknown>;
let lookup: Lookup;
let lookupHash: (name: string) => Promise<string>;
let floorPool: pg.Pool | null = null;
const plain = 'SELECT id FROM user_account WHERE id = $1';
const hashOf = 'SELECT password_hash FROM user_account WHERE lower(username) = $1 LIMIT 1';
const joined =
  'SELECT u.id FROM user_account u JOIN auth_session s ON s.id = $2 AND s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now() WHERE u.id = $1';
if (benchDb) {
  const pool = new pg.Pool({ connectionString: benchDb.url, max: 10 });
  floorPool = pool;
  // DROP DATABASE ... WITH (FORCE) at the end ends its idle connections: not a bench failure.
  pool.on('error', () => undefined);
  lookup = async (withSession) => {
    const result = withSession
      ? await pool.query({ name: 'floor_session', text: joined, values: [claims.userId, claims.sid] })
      : await pool.query({ name: 'floor', text: plain, values: [claims.userId] });
    if (result.rowCount !== 1) throw new Error('floor lookup found nothing');
  };
  lookupHash = async (name) => {
    const result = await pool.query<{ password_hash: string }>({
      name: 'floor_hash',
      text: hashOf,
      values: [name],
    });
    return result.rows[0]!.password_hash;
  };
} else {
  lookup = (withSession) =>
    database.scriptTransaction((tx) =>
      withSession ? tx.query(joined, [claims.userId, claims.sid]) : tx.query(plain, [claims.userId]),
    );
  lookupHash = async (name) => {
    const rows = await database.scriptTransaction((tx) =>
      tx.query<{ password_hash: string }>(hashOf, [name]),
    );
    return rows[0]!.password_hash;
  };
}
const floor = Fastify({ logger: false });
floor.post('/floor', async (_request, reply) => {
  await lookup(false);
  return reply.type('application/json').send(sameJson);
});
floor.post('/floor-session', async (_request, reply) => {
  await lookup(true);
  return reply.type('application/json').send(sameJson);
});
floor.post('/sign-in-floor', async (_request, reply) => {
  if (!(await verifyPassword(await lookupHash(username.toLowerCase()), password)))
    throw new Error('sign-in floor: the password did not match');
  return reply.type('application/json').send(signInJson);
});
// The raw argon2id hash rate, measured when asked: bench/run.ts asks just before and just after the
// sign-in scenario, so the ceiling is measured in the same conditions as the sign-ins.
floor.post('/hash-rate', async () => ({
  hashRate: await argon2HashRate(Number(process.env.BENCH_HASH_SECONDS ?? 5)),
}));
const floorUrl = await floor.listen({ host: '127.0.0.1', port: 0 });

process.stdout.write(
  JSON.stringify({
    dermisUrl,
    floorUrl,
    accessToken,
    username,
    password,
    bytes: sameJson.length,
    database: benchDb ? 'PostgreSQL' : 'PGlite (in memory)',
    // The throw-away database's name: its backends carry it in their process titles.
    databaseName: benchDb ? new URL(benchDb.url).pathname.slice(1) : null,
    visitsPatientId,
    fhir,
    heavy: heavyTarget,
  }) + '\n',
);
process.on('SIGTERM', () => {
  void Promise.all([app.close(), floor.close()])
    .then(() => floorPool?.end())
    .then(() => database.close())
    .then(() => benchDb?.drop())
    .then(() => process.exit(0));
});

/** VACUUM ANALYZE the bench database (outside a transaction, as VACUUM must be), then CHECKPOINT. */
async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/** argon2id hashes per second with the server's parameters, as many in flight as sign-ins would be. */
async function argon2HashRate(seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await hashPassword('bench-password-1');
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: Math.max(4, availableParallelism()) }, worker));
  return done / ((Date.now() - started) / 1000);
}
