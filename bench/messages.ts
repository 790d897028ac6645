// Messages figures, printed by `npm run bench` (and alone by `npm run bench:messages`): req/s and
// p99 of the inbox call (`patient/dermis/getMessages`, RECEIVED, first page of 50) for a patient with
// BENCH_MESSAGES (default 5,000) inbox messages, loaded with autocannon over HTTP; and the throughput
// of a 3 MB attachment upload (PUT to the signed upload address, then `dms/file/add`, which reads the
// blob back and checks it by content), BENCH_UPLOADS runs (default 5). Dermis with the demo practice
// on an in-memory PGlite and a throw-away blob folder. Figures are printed, never asserted.
import fs from 'node:fs';
import os, { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { demoAccounts } from '../apps/server/src/demo/demo-accounts';
import { seedDemo } from '../apps/server/src/demo/seed';

const messageCount = Number(process.env.BENCH_MESSAGES ?? 5_000);
const uploads = Number(process.env.BENCH_UPLOADS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const uploadBytes = 3_000_000;

export async function printMessages(): Promise<void> {
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-bench-messages-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    WEB_DIST: 'bench/no-web-dist',
    BLOB_DIR: blobDir,
  });
  const database = await openDatabase(config.database);
  await migrate(database);
  await seedDemo(database.db);
  const app = await buildApp(config, { database });
  try {
    const { username, password } = demoAccounts.patient;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    });
    const { accessToken } = login.json<{ accessToken: string }>();
    const auth = { authorization: `Bearer ${accessToken}` };
    const me = await app.inject({
      method: 'POST',
      url: '/api/app/patient/getByUsername',
      headers: auth,
      payload: { username },
    });
    const patientId = me.json<{ id: number }>().id;

    // Maria's inbox grows to messageCount, every tenth unread, one a minute back in time.
    await database.scriptTransaction((tx) =>
      tx.query(
        `INSERT INTO direct_message (practice_id, patient_id, folder, from_address, from_name, to_address, subject, content, message_was_read, status, message_key, date_sent, date_modified)
         SELECT p.practice_id, p.id, 'INBOX', 'frontdesk@direct.dermis-demo.org', 'Front desk', p.direct_address,
                'Bench message ' || g, repeat('Body text of a message. ', 20), g % 10 <> 0, 'DELIVERED',
                'bench-' || g || '@direct.dermis-demo.org', now() - g * interval '1 minute', now()
         FROM patient p, generate_series(1, $2::int) g WHERE p.id = $1`,
        [patientId, messageCount],
      ),
    );
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const body = JSON.stringify({ patientId, directMessageType: 'RECEIVED', page: 0, pageSize: 50 });
    const check = await app.inject({
      method: 'POST',
      url: '/api/app/patient/dermis/getMessages',
      headers: auth,
      payload: JSON.parse(body) as object,
    });
    const total = check.json<{ totalCount: number }>().totalCount;
    const result = await autocannon({
      url: `${url}/api/app/patient/dermis/getMessages`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
      connections,
      duration: seconds,
      timeout: 60,
    });

    // A 3 MB PDF-shaped attachment: %PDF header, filler, %%EOF.
    const bytes = Buffer.alloc(uploadBytes, 0x20);
    bytes.write('%PDF-1.4\n', 0, 'latin1');
    bytes.write('\n%%EOF\n', uploadBytes - 7, 'latin1');
    const times: number[] = [];
    for (let i = 0; i < uploads; i += 1) {
      const started = performance.now();
      const issued = await fetch(
        `${url}/api/app/dms/url/directMessaging/getUploadURL?patientId=${patientId}`,
        { headers: auth },
      );
      const { url: putUrl, s3Id } = (await issued.json()) as { url: string; s3Id: string };
      const put = await fetch(`${url}${putUrl}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: bytes,
      });
      if (put.status !== 204) throw new Error(`upload answered ${put.status}`);
      const add = await fetch(`${url}/api/app/dms/file/add`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          patientId,
          visibleForPatient: false,
          name: `scan-${i}.pdf`,
          size: uploadBytes,
          mimeType: 'application/pdf',
          id: s3Id,
        }),
      });
      if (add.status !== 200) throw new Error(`dms/file/add answered ${add.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;

    console.log(`\nMessages (Dermis over HTTP, in-memory PGlite, ${connections} connections, ${seconds} s)`);
    console.table([
      {
        scenario: `POST patient/dermis/getMessages, inbox of ${total}, page of 50`,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'non-2xx/errors': result.non2xx + result.errors + result.timeouts,
      },
    ]);
    console.table([
      {
        scenario: `attachment upload of ${(uploadBytes / 1e6).toFixed(1)} MB (URL + PUT + dms/file/add)`,
        runs: uploads,
        'p50 ms': Math.round(median),
        'MB/s': Number((uploadBytes / 1e6 / (median / 1000)).toFixed(1)),
      },
    ]);
    console.log(
      `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (figures scale with it)`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(blobDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printMessages();
