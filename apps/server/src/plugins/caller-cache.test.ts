// The caller cache of `authenticate` (decision 286): a revocation still ends access on the next call,
// in this process at once and in the others once the database's announcement arrives; while the
// announcements cannot be heard, nothing is served from the cache. On both databases.
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { expect, it } from 'vitest';
import { patient } from '../db/schema';
import { useTestApp } from '../test/app';
import { describeEachDatabase, type TestDatabase } from '../test/database';
import { bearer, givenPracticeWithKey, givenUser, signIn } from '../test/fixtures';

describeEachDatabase('the caller cache of authenticate', (t) => {
  const newApp = useTestApp(t);

  const setUp = async () => {
    const { practiceId, apiKey } = await givenPracticeWithKey(t.db);
    const maria = await givenUser(t.db, practiceId, { username: 'maria', password: 'Secret123' });
    const app = await newApp();
    // Until the listener is subscribed nothing is cached; these tests are about the cache in use.
    await app.callers.whenListening();
    const unread = (accessToken: string) =>
      app.inject({
        method: 'GET',
        url: `/api/app/directMessage/getUnreadCount/_rid/${maria.patientId}`,
        headers: bearer(accessToken),
      });
    const signedIn = async () => {
      const session = await signIn(app, maria.username, maria.password);
      // The first call reads the caller and keeps it.
      expect((await unread(session.accessToken)).statusCode).toBe(200);
      return { ...session, sid: String(decodeJwt(session.accessToken).sid) };
    };
    return { app, maria, practiceId, apiKey, unread, signedIn };
  };

  it('serves the caller from the cache: a revocation nobody announces is not seen at once', async () => {
    // Proves the cache is in use (so the tests below can fail): with the triggers switched off for
    // one transaction, as a replication or restore script may, the revocation is not announced.
    const { unread, signedIn } = await setUp();
    const session = await signedIn();
    await t.database.scriptTransaction((tx) =>
      tx.exec(
        `SET LOCAL session_replication_role = replica; UPDATE auth_session SET revoked_at = now() WHERE id = '${session.sid}'`,
      ),
    );
    expect((await unread(session.accessToken)).statusCode).toBe(200);
  });

  it('shares one check between concurrent calls of one token, all answered as before', async () => {
    const { unread, signedIn } = await setUp();
    const session = await signedIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => unread(session.accessToken)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('ends a session revoked by another connection (another server process) once announced', async () => {
    const { app, unread, signedIn } = await setUp();
    const session = await signedIn();
    const announced = app.callers.heard(`s:${session.sid}`);
    await elsewhere(t, `UPDATE auth_session SET revoked_at = now() WHERE id = '${session.sid}'`);
    await announced;
    expect((await unread(session.accessToken)).statusCode).toBe(401);
  });

  it('ends access once another connection deactivates the account, or the patient dies or is deactivated', async () => {
    const { app, maria, unread, signedIn } = await setUp();
    const cases = [
      [
        `UPDATE user_account SET active = false WHERE id = ${maria.userId}`,
        `u:${maria.userId}`,
        'UPDATE user_account SET active = true',
      ],
      [
        `UPDATE patient SET deceased = true WHERE id = ${maria.patientId}`,
        `p:${maria.patientId}`,
        'UPDATE patient SET deceased = false',
      ],
      [
        `UPDATE patient SET active = false WHERE id = ${maria.patientId}`,
        `p:${maria.patientId}`,
        'UPDATE patient SET active = true',
      ],
    ] as const;
    for (const [change, payload, undo] of cases) {
      const session = await signedIn();
      const announced = app.callers.heard(payload);
      await elsewhere(t, change);
      await announced;
      expect((await unread(session.accessToken)).statusCode, change).toBe(401);
      await elsewhere(t, undo);
    }
  });

  it('ends access at once on sign-out and on a password change made through this process', async () => {
    const { app, unread, signedIn } = await setUp();
    const signedOut = await signedIn();
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: signedOut.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await unread(signedOut.accessToken)).statusCode).toBe(401);

    const changing = await signedIn();
    const other = await signedIn();
    const changed = await app.inject({
      method: 'POST',
      url: '/api/app/profile/changePassword',
      headers: bearer(changing.accessToken),
      payload: {
        username: 'maria',
        oldPassword: 'Secret123',
        newPassword: 'Changed123',
        confirmNewPassword: 'Changed123',
      },
    });
    expect(changed.statusCode).toBe(200);
    // The other sign-in ends; the one that changed the password goes on with its renewed tokens.
    expect((await unread(other.accessToken)).statusCode).toBe(401);
  });

  it('ends access at once when the clinic system marks the patient deceased through this process', async () => {
    const { app, maria, apiKey, unread, signedIn } = await setUp();
    const session = await signedIn();
    const [record] = await t.db
      .select({
        externalId: patient.externalId,
        firstName: patient.firstName,
        lastName: patient.lastName,
        dateOfBirth: patient.dateOfBirth,
      })
      .from(patient)
      .where(eq(patient.id, maria.patientId));
    const upsert = await app.inject({
      method: 'PUT',
      url: `/api/integration/patients/${record!.externalId}`,
      headers: { 'x-api-key': apiKey },
      payload: {
        firstName: record!.firstName,
        lastName: record!.lastName,
        dateOfBirth: record!.dateOfBirth,
        deceased: true,
      },
    });
    expect(upsert.statusCode, upsert.body).toBeLessThan(300);
    expect((await unread(session.accessToken)).statusCode).toBe(401);
  });

  it('is bypassed while the listener is not subscribed, and emptied when it subscribes again', async () => {
    const { app, unread, signedIn } = await setUp();
    const session = await signedIn();
    app.callers.disconnected();
    await t.database.scriptTransaction((tx) =>
      tx.exec(
        `SET LOCAL session_replication_role = replica; UPDATE auth_session SET revoked_at = now() WHERE id = '${session.sid}'`,
      ),
    );
    // Unannounced, yet seen: the statement is run on every call while the listener is down.
    expect((await unread(session.accessToken)).statusCode).toBe(401);

    const again = await signedIn(); // not kept while down
    app.callers.connected();
    await t.database.scriptTransaction((tx) =>
      tx.exec(
        `SET LOCAL session_replication_role = replica; UPDATE auth_session SET revoked_at = now() WHERE id = '${again.sid}'`,
      ),
    );
    expect((await unread(again.accessToken)).statusCode).toBe(401);
  });

  // PGlite's listener is the database's own (one in-process connection): it cannot be lost alone.
  if (t.variant === 'PostgreSQL')
    it('recovers its listener after the connection is lost, serving nothing meanwhile', async () => {
      const { app, unread, signedIn } = await setUp();
      const session = await signedIn();
      const lost = app.callers.whenListening(false);
      await t.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      await lost;
      await t.database.scriptTransaction((tx) =>
        tx.exec(
          `SET LOCAL session_replication_role = replica; UPDATE auth_session SET revoked_at = now() WHERE id = '${session.sid}'`,
        ),
      );
      // Down or subscribed again (which empties the cache): either way the revocation is seen.
      expect((await unread(session.accessToken)).statusCode).toBe(401);

      await app.callers.whenListening();
      const next = await signedIn();
      const announced = app.callers.heard(`s:${next.sid}`);
      await elsewhere(t, `UPDATE auth_session SET revoked_at = now() WHERE id = '${next.sid}'`);
      await announced;
      expect((await unread(next.accessToken)).statusCode).toBe(401);
    });
});

/**
 * A change made as another server process would: on PostgreSQL through a connection of its own, on
 * PGlite (one connection only) as raw SQL that no code of the app's features runs.
 */
async function elsewhere(t: TestDatabase, statement: string): Promise<void> {
  if (t.variant === 'PostgreSQL' && t.url) {
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  await t.database.scriptTransaction((tx) => tx.exec(statement));
}
