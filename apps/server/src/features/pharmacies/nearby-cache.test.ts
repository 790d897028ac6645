// pharmacy/searchByZipCodeMarkFavorite keeps each ZIP's nearest by the directory's revision and marks
// the favorites on every request (decision 315, migration 0493). These tests change, behind the
// server's back (as the NPPES import, another instance or a script would), the directory and the
// favorites every way an answer can show, and prove the next call answers exactly what a server with
// nothing kept answers, for each patient its own favorites.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { favoritePharmacy, pharmacy } from '../../db/schema';
import { zipCentroid } from '../../lib/geo/zip-centroids';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('pharmacy/searchByZipCodeMarkFavorite: nothing kept outlives a change', (t) => {
  const newApp = useTestApp(t);

  const nearbyOf = async (app: FastifyInstance, token: string, patientId: number, zipCode = '34102') => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/app/pharmacy/searchByZipCodeMarkFavorite',
      headers: bearer(token),
      payload: { patientId, zipCode },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    return answer.body;
  };

  it('answers every write of the directory and of the favorites at once', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `nbc${Date.now()}` });
    const other = await givenUser(t.db, practiceId, { username: `nbd${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const centre = (await zipCentroid('34102'))!;
    const store = (i: number, miles: number) => ({
      storeName: `Store ${i}`,
      city: 'Naples',
      state: 'FL',
      zip: '34102',
      latitude: centre.latitude + miles / 69,
      longitude: centre.longitude,
      source: 'synthetic' as const,
      syntheticKey: `nbc-${i}`,
      searchText: `store ${i}`,
    });
    const stored = await t.db
      .insert(pharmacy)
      .values([store(1, 1), store(2, 2), store(3, 3)])
      .returning({ id: pharmacy.id });
    const [one, two, three] = stored.map((s) => s.id);

    /** This server's answer (kept) must be a fresh server's, and what `expected` says. */
    const check = async (
      patientId: number,
      tokenOf: string,
      expected: (stores: { name: string; favorite: boolean }[]) => void,
      zipCode = '34102',
    ) => {
      const kept = await nearbyOf(app, tokenOf, patientId, zipCode);
      // Another server on the same database, with nothing kept (and the same signing key).
      const fresh = await newApp({ jwtSecret: app.config.jwtSecret });
      expect(kept).toBe(await nearbyOf(fresh, tokenOf, patientId, zipCode));
      const body = JSON.parse(kept) as { pharmacies: { storeName: string; favorite: boolean }[] };
      expected(body.pharmacies.map((p) => ({ name: p.storeName, favorite: p.favorite })));
    };
    const names =
      (...list: string[]) =>
      (stores: { name: string }[]) =>
        expect(stores.map((s) => s.name)).toEqual(list);

    await check(user.patientId, token, names('Store 1', 'Store 2', 'Store 3'));
    // Read again: the second answer is the kept one; a ZIP+4 is its ZIP's.
    await check(user.patientId, token, names('Store 1', 'Store 2', 'Store 3'));
    await check(user.patientId, token, names('Store 1', 'Store 2', 'Store 3'), '34102-6502');

    // The favorites, added and removed behind the server's back, each patient its own.
    await t.db.insert(favoritePharmacy).values({ patientId: user.patientId, pharmacyId: two! });
    await check(user.patientId, token, (stores) =>
      expect(stores.map((s) => s.favorite)).toEqual([false, true, false]),
    );
    await check(other.patientId, otherToken, (stores) =>
      expect(stores.map((s) => s.favorite)).toEqual([false, false, false]),
    );
    await t.db.insert(favoritePharmacy).values({ patientId: other.patientId, pharmacyId: one! });
    await check(other.patientId, otherToken, (stores) =>
      expect(stores.map((s) => s.favorite)).toEqual([true, false, false]),
    );
    await t.db.delete(favoritePharmacy).where(eq(favoritePharmacy.patientId, user.patientId));
    await check(user.patientId, token, (stores) =>
      expect(stores.map((s) => s.favorite)).toEqual([false, false, false]),
    );

    // The directory: a nearer store, a rename, a move, a deactivation, a removal.
    await t.db.insert(pharmacy).values(store(4, 0.5));
    await check(user.patientId, token, names('Store 4', 'Store 1', 'Store 2', 'Store 3'));
    await t.db.update(pharmacy).set({ storeName: 'Store Two' }).where(eq(pharmacy.id, two!));
    await check(user.patientId, token, names('Store 4', 'Store 1', 'Store Two', 'Store 3'));
    await t.db
      .update(pharmacy)
      .set({ latitude: centre.latitude + 0.1 / 69 })
      .where(eq(pharmacy.id, three!));
    await check(user.patientId, token, names('Store 3', 'Store 4', 'Store 1', 'Store Two'));
    await t.db.update(pharmacy).set({ active: false }).where(eq(pharmacy.id, one!));
    await check(user.patientId, token, names('Store 3', 'Store 4', 'Store Two'));
    await t.db.delete(pharmacy).where(eq(pharmacy.id, three!));
    await check(user.patientId, token, names('Store 4', 'Store Two'));
    await check(other.patientId, otherToken, names('Store 4', 'Store Two'));
  });
});
