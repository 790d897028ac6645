// careteam/getById answers from a cache checked against the team's revision (decision 309, migration
// 0490). These tests change, behind the server's back (as another instance, the integration API or a
// script would), every way a member row can change, and prove the next call answers exactly what a
// server with an empty cache answers.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { careTeamMember } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('careteam/getById: the cache never answers a changed team', (t) => {
  const newApp = useTestApp(t);

  const teamOf = async (app: FastifyInstance, token: string, patientId: number) => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/app/careteam/getById/_rid/${patientId}`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    return answer.body;
  };

  it('answers every insert, change, move and delete of a member at once', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `ctc${Date.now()}` });
    const other = await givenUser(t.db, practiceId, { username: `ctd${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const address = {
      streetAddressLn1: '1 Main St',
      streetAddressLn2: null,
      city: 'Naples',
      state: 'FL',
      zip: '34102',
      country: null,
    };

    /** The answer of this server (cached) must be a fresh server's, and what `expected` says. */
    const check = async (patientId: number, tokenOf: string, expected: (body: string) => void) => {
      const cached = await teamOf(app, tokenOf, patientId);
      // Another server on the same database, with an empty cache (and the same signing key).
      const fresh = await newApp({ jwtSecret: app.config.jwtSecret });
      expect(cached).toBe(await teamOf(fresh, tokenOf, patientId));
      expected(cached);
    };
    const names = (body: string) =>
      (JSON.parse(body) as { careTeamMembers: { addressBookInfo: { name: string } }[] }).careTeamMembers.map(
        (m) => m.addressBookInfo.name,
      );

    await check(user.patientId, token, (body) => expect(names(body)).toEqual([]));
    // Read twice: the second answer is the cache's.
    await check(user.patientId, token, (body) => expect(names(body)).toEqual([]));

    const [first] = await t.db
      .insert(careTeamMember)
      .values({ patientId: user.patientId, position: 1, name: 'Dr. One', addresses: [address] })
      .returning({ id: careTeamMember.id });
    await check(user.patientId, token, (body) => expect(names(body)).toEqual(['Dr. One']));
    await t.db.insert(careTeamMember).values({ patientId: user.patientId, position: 2, name: 'Dr. Two' });
    await check(user.patientId, token, (body) => expect(names(body)).toEqual(['Dr. One', 'Dr. Two']));

    await t.db.update(careTeamMember).set({ name: 'Dr. Uno' }).where(eq(careTeamMember.id, first!.id));
    await check(user.patientId, token, (body) => expect(names(body)).toEqual(['Dr. Uno', 'Dr. Two']));
    await t.db
      .update(careTeamMember)
      .set({ addresses: [{ ...address, city: 'Fort Myers' }] })
      .where(eq(careTeamMember.id, first!.id));
    await check(user.patientId, token, (body) => expect(body).toContain('"city":"Fort Myers"'));
    await t.db
      .update(careTeamMember)
      .set({ defaultReferringPhysician: true, position: 3 })
      .where(eq(careTeamMember.id, first!.id));
    await check(user.patientId, token, (body) => expect(names(body)).toEqual(['Dr. Two', 'Dr. Uno']));

    // The other patient's team is read (and cached) empty, then a member moves to it.
    await check(other.patientId, otherToken, (body) => expect(names(body)).toEqual([]));
    await t.db
      .update(careTeamMember)
      .set({ patientId: other.patientId })
      .where(eq(careTeamMember.id, first!.id));
    await check(user.patientId, token, (body) => expect(names(body)).toEqual(['Dr. Two']));
    await check(other.patientId, otherToken, (body) => expect(names(body)).toEqual(['Dr. Uno']));

    await t.db.delete(careTeamMember).where(eq(careTeamMember.patientId, user.patientId));
    await check(user.patientId, token, (body) => expect(names(body)).toEqual([]));
  });

  it('answers a save through the call, and a ward read by the guardian', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const { guardian, minorId } = await givenFamily(t.db, practiceId);
    const token = (await signIn(app, guardian.username, guardian.password)).accessToken;
    const before = await teamOf(app, token, minorId);
    expect(before).toBe(JSON.stringify({ patientId: minorId, careTeamMembers: [] }));
    const saved = await app.inject({
      method: 'POST',
      url: '/api/app/careteam/save',
      headers: bearer(token),
      payload: {
        patientId: minorId,
        patientCareTeam: {
          careTeamMembers: [{ order: 1, addressBookInfo: { name: 'Dr. Ward', addressBookType: 'PERSON' } }],
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const after = await teamOf(app, token, minorId);
    expect(after).toBe(saved.body);
    expect(after).toContain('"name":"Dr. Ward"');
  });
});
