// The bench's server process: Dermis on an in-memory database with the demo practice, and beside it
// a bare Fastify route answering the very same JSON, so the ratio between the two shows what
// authentication, the access guard and the database cost. Prints one JSON line with the addresses.
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { demoAccounts } from '../apps/server/src/demo/demo-accounts';
import { seedDemo } from '../apps/server/src/demo/seed';

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: 'memory://',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'true',
  JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
  WEB_DIST: 'bench/no-web-dist',
});

const database = await openDatabase(config.database);
await migrate(database);
await seedDemo(database.db);
const app = await buildApp(config, { database });
const dermisUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const { username, password } = demoAccounts.patient;
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const { accessToken } = login.json<{ accessToken: string }>();
const profile = await app.inject({
  method: 'POST',
  url: '/api/app/patient/getByUsername',
  headers: { authorization: `Bearer ${accessToken}` },
  payload: { username },
});
const sameJson = profile.body;

const bare = Fastify({ logger: false });
bare.post('/bare', async (_request, reply) => reply.type('application/json').send(sameJson));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

process.stdout.write(
  JSON.stringify({ dermisUrl, bareUrl, accessToken, username, password, bytes: sameJson.length }) + '\n',
);
process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => database.close())
    .then(() => process.exit(0));
});
