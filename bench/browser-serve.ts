// The server of the browser bench (bench/browser.ts): Dermis from source, as bench/serve.ts runs it,
// on an in-memory PGlite with the demo practice and the heavy patient (bench/heavy-patient.ts),
// serving the built web app (apps/web/dist) on BENCH_BROWSER_PORT. Prints one JSON line: its address
// and the patient the bench signs in as (BENCH_BROWSER_PATIENT=demo: the demo patient Maria instead).
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { demoAccounts } from '../apps/server/src/demo/demo-accounts';
import { seedDemo } from '../apps/server/src/demo/seed';
import { givenHeavyPatient, heavyAmounts } from './heavy-patient';

const port = Number(process.env.BENCH_BROWSER_PORT ?? 8397);
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: 'memory://',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'true',
  JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});

const database = await openDatabase(config.database);
await migrate(database);
const practiceId = await seedDemo(database.db);
if (practiceId === null) throw new Error('the bench database already had a practice');
const heavy =
  process.env.BENCH_BROWSER_PATIENT === 'demo' ? null : await givenHeavyPatient(database.db, practiceId);
const patient = heavy
  ? { username: heavy.username, password: heavy.password }
  : { username: demoAccounts.patient.username, password: demoAccounts.patient.password };
const label = heavy
  ? `heavy patient (${heavyAmounts.visits} visits, ${heavyAmounts.messages} messages, ${heavyAmounts.historyItemsPerList} items a history list)`
  : 'demo patient Maria';
const app = await buildApp(config, { database });
const url = await app.listen({ host: '127.0.0.1', port });

process.stdout.write(JSON.stringify({ url, patient, label }) + '\n');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
