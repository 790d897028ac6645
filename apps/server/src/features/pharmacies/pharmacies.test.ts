/**
 * Favorite pharmacies and the pharmacy directory (spec 001 §3, §4, §5, §7, §9; decision 086): the
 * synthetic set, ZIP centroids, `pharmacy/search`, `pharmacy/searchByZipCodeMarkFavorite` (exactly the
 * nearest first, favorites marked), the favorites read and changed item by item, refusals with clear
 * 400/404 answers, and the guard (a stranger refused, a responsible person allowed).
 */
import type { NearbyPharmacies, Pharmacy, SaveFavoritePharmaciesRequest } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { pharmacy } from '../../db/schema';
import { demoAccounts } from '../../demo/demo-accounts';
import { seedDemo } from '../../demo/seed';
import { distanceMiles, zipCentroid } from '../../lib/geo/zip-centroids';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';
import { deactivatePharmacies, pharmacyCounts, upsertPharmacies } from './pharmacy-directory.repository';
import { demoFavoriteKey, syntheticPharmacies, syntheticPharmaciesSize } from './synthetic-pharmacies';

describe('ZIP centroids', () => {
  it('locate a US ZIP offline (5 digits or ZIP+4) and know nothing of others', async () => {
    const naples = await zipCentroid('34102');
    expect(naples?.latitude).toBeCloseTo(26.1375, 2);
    expect(naples?.longitude).toBeCloseTo(-81.7991, 2);
    expect(await zipCentroid('34102-6502')).toEqual(naples);
    expect(await zipCentroid('00000')).toBeNull();
    expect(await zipCentroid('3410')).toBeNull();
    // Naples to Fort Myers (33901) is about 35 miles as the crow flies.
    const fortMyers = await zipCentroid('33901');
    expect(distanceMiles(naples!, fortMyers!)).toBeGreaterThan(30);
    expect(distanceMiles(naples!, fortMyers!)).toBeLessThan(40);
  });
});

describe('synthetic pharmacies', () => {
  it('are the same on every run: retail stores in Southwest Florida with 239 phones and coordinates', async () => {
    const rows = await syntheticPharmacies();
    expect(rows).toHaveLength(syntheticPharmaciesSize);
    expect(await syntheticPharmacies(20)).toEqual(rows.slice(0, 20));
    expect(new Set(rows.map((r) => r.syntheticKey)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.phone).toMatch(/^239\d{7}$/);
      expect(row.zip).toMatch(/^3[34]\d{7}$/);
      expect(row.latitude).toBeGreaterThan(25.8);
      expect(row.latitude).toBeLessThan(27.1);
      expect(row.longitude).toBeGreaterThan(-82.3);
      expect(row.longitude).toBeLessThan(-81.2);
    }
    expect(rows.filter((r) => r.city === 'Naples').length).toBeGreaterThan(rows.length / 3);
    expect(rows.filter((r) => /#\d{5}$/.test(r.storeName)).length).toBeGreaterThan(rows.length / 3);
  });
});

describeEachDatabase('pharmacies', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let user: UserFixture;
  let practiceId: number;
  let token: string;
  let rows: Pharmacy[];

  beforeEach(async () => {
    practiceId = await givenPractice(t.db);
    app = await newApp();
    user = await givenUser(t.db, practiceId, { username: `pharm${Date.now()}` });
    token = (await signIn(app, user.username, user.password)).accessToken;
    await upsertPharmacies(t.db, await syntheticPharmacies());
    rows = (await t.db.select().from(pharmacy)).map((row) => ({
      id: row.id,
      npi: row.npi,
      storeName: row.storeName,
      primaryPhoneNumber: row.phone,
      latitude: row.latitude,
      longitude: row.longitude,
      favorite: false,
      distanceMiles: null,
      addressInformationInfo: {
        streetAddressLn1: null,
        city: row.city,
        state: null,
        zip: null,
        country: null,
      },
    }));
  });

  const post = (url: string, payload: object, as = token) =>
    app.inject({ method: 'POST', url: `/api/app/pharmacy/${url}`, headers: bearer(as), payload });
  const get = (url: string, as = token) =>
    app.inject({ method: 'GET', url: `/api/app/pharmacy/${url}`, headers: bearer(as) });
  const favorites = (patientId = user.patientId, as = token) =>
    get(`getFavoritePharmaciesByPatientId/_rid/${patientId}`, as);
  const save = (payload: SaveFavoritePharmaciesRequest, as = token) =>
    post('saveFavoritePharmaciesForPatient', payload, as);
  const nearby = (zipCode: string, patientId = user.patientId, as = token) =>
    post('searchByZipCodeMarkFavorite', { patientId, zipCode }, as);
  const search = (payload: object, as = token) => post('search', payload, as);

  it('answers the pharmacies nearest the ZIP centroid, exactly nearest first, with the centroid', async () => {
    const response = await nearby('34102-6502');
    expect(response.statusCode).toBe(200);
    const body = response.json<NearbyPharmacies>();
    expect(body.zipCode).toBe('34102');
    expect(body.location?.latitude).toBeCloseTo(26.1375, 2);
    expect(body.pharmacies).toHaveLength(50);
    const distances = body.pharmacies.map((p) => p.distanceMiles ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(2);
    expect(body.pharmacies.every((p) => !p.favorite && p.latitude !== null)).toBe(true);

    // The same as sorting every pharmacy by distance, near (Punta Gorda) and far (New York, where
    // the nearest are over 300 miles away, so the search reads the whole table).
    for (const zip of ['33950', '10001']) {
      const centre = (await zipCentroid(zip))!;
      const expected = rows
        .map((r) => ({
          id: r.id,
          d: distanceMiles(centre, { latitude: r.latitude!, longitude: r.longitude! }),
        }))
        .sort((a, b) => a.d - b.d || a.id - b.id)
        .slice(0, 50);
      const answer = (await nearby(zip)).json<NearbyPharmacies>().pharmacies;
      expect(answer.map((p) => p.id)).toEqual(expected.map((e) => e.id));
      expect(answer[0]?.distanceMiles).toBeCloseTo(expected[0]!.d, 1);
    }
  });

  it('adds a favorite (address sent with NEW), marks it everywhere, and removes it', async () => {
    expect((await favorites()).json()).toEqual([]);
    const near = (await nearby('34102')).json<NearbyPharmacies>().pharmacies;
    const chosen = near[2]!;
    const added = await save({
      patientId: user.patientId,
      patientPharmacyInfoList: [
        {
          pharmacyId: chosen.id,
          changeStatus: 'NEW',
          storeName: chosen.storeName,
          primaryPhoneNumber: chosen.primaryPhoneNumber,
          addressInformationInfo: { ...chosen.addressInformationInfo },
        },
      ],
    });
    expect(added.statusCode).toBe(200);
    const list = (await favorites()).json<Pharmacy[]>();
    expect(list).toEqual(added.json());
    expect(list).toEqual([{ ...chosen, favorite: true, distanceMiles: null }]);

    const marked = (await nearby('34102')).json<NearbyPharmacies>().pharmacies;
    expect(marked.filter((p) => p.favorite).map((p) => p.id)).toEqual([chosen.id]);
    const found = (
      await search({ searchText: chosen.storeName, specialtyType: 'RETAIL', resultSetSize: 100 })
    ).json<Pharmacy[]>();
    expect(found.find((p) => p.id === chosen.id)?.favorite).toBe(true);
    expect(found.filter((p) => p.id !== chosen.id).every((p) => !p.favorite)).toBe(true);

    // NEW again changes nothing; DELETED removes it.
    await save({
      patientId: user.patientId,
      patientPharmacyInfoList: [{ pharmacyId: chosen.id, changeStatus: 'NEW' }],
    });
    expect((await favorites()).json<Pharmacy[]>()).toHaveLength(1);
    const removed = await save({
      patientId: user.patientId,
      patientPharmacyInfoList: [{ pharmacyId: chosen.id, changeStatus: 'DELETED' }],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual([]);
    expect((await nearby('34102')).json<NearbyPharmacies>().pharmacies.some((p) => p.favorite)).toBe(false);
  });

  it('refuses unknown pharmacies, deleting a non-favorite, twice in one request, and too many, with 400/404', async () => {
    const [a, b] = rows;
    const change = (pharmacyId: number, changeStatus: 'NEW' | 'DELETED') => ({
      patientId: user.patientId,
      patientPharmacyInfoList: [{ pharmacyId, changeStatus }],
    });
    const unknown = await save(change(999_999, 'NEW'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(
      'This pharmacy is not in the pharmacy directory.',
    );
    const notFavorite = await save(change(a!.id, 'DELETED'));
    expect(notFavorite.statusCode).toBe(404);
    expect(notFavorite.json<{ message: string }>().message).toBe(
      'This pharmacy is not in your favorite pharmacies.',
    );
    const twice = await save({
      patientId: user.patientId,
      patientPharmacyInfoList: [
        { pharmacyId: b!.id, changeStatus: 'NEW' },
        { pharmacyId: b!.id, changeStatus: 'DELETED' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await save({ patientId: user.patientId, patientPharmacyInfoList: [] })).statusCode).toBe(400);
    expect((await post('saveFavoritePharmaciesForPatient', { patientId: user.patientId })).statusCode).toBe(
      400,
    );
    expect(
      (await post('saveFavoritePharmaciesForPatient', change(a!.id, 'CHANGED' as 'NEW'))).statusCode,
    ).toBe(400);
    expect((await post('saveFavoritePharmaciesForPatient', change(0, 'NEW'))).statusCode).toBe(400);
    // A refused request changes nothing, even its valid items.
    const mixed = await save({
      patientId: user.patientId,
      patientPharmacyInfoList: [
        { pharmacyId: a!.id, changeStatus: 'NEW' },
        { pharmacyId: 999_999, changeStatus: 'NEW' },
      ],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await favorites()).json()).toEqual([]);

    const many = rows.slice(0, 26).map((r) => ({ pharmacyId: r.id, changeStatus: 'NEW' as const }));
    const tooMany = await save({ patientId: user.patientId, patientPharmacyInfoList: many });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('at most 25 favorite pharmacies');
    expect(
      (await save({ patientId: user.patientId, patientPharmacyInfoList: many.slice(0, 25) })).statusCode,
    ).toBe(200);
  });

  it('refuses a bad ZIP with 400, answers an unknown one with no location and no pharmacies, and geocodes ZIPs', async () => {
    for (const zip of ['', '3410', 'ABCDE', '34102-65', 'K1A 0B1', '341021'])
      expect((await nearby(zip)).statusCode, zip).toBe(400);
    // The guard runs before validation: a request naming no patient is refused, not explained.
    expect((await post('searchByZipCodeMarkFavorite', { zipCode: '34102' })).statusCode).toBe(403);
    const unknown = await nearby('00000');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ zipCode: '00000', location: null, pharmacies: [] });

    const geocoded = await get('geocodeZip/34102-6502');
    expect(geocoded.statusCode).toBe(200);
    expect(geocoded.json<{ zipCode: string }>().zipCode).toBe('34102');
    expect((await get('geocodeZip/00000')).statusCode).toBe(404);
    expect((await get('geocodeZip/abc')).statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'GET', url: '/api/app/pharmacy/geocodeZip/34102' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('searches store name, street, city and ZIP, names starting with the text first, at most resultSetSize', async () => {
    const all = await search({ searchText: 'pharmacy', specialtyType: 'RETAIL', resultSetSize: 100 });
    expect(all.statusCode).toBe(200);
    expect(all.json<Pharmacy[]>()).toHaveLength(100);
    const five = (await search({ searchText: 'pharmacy', resultSetSize: 5 })).json<Pharmacy[]>();
    expect(five).toHaveLength(5);

    const medimart = (await search({ searchText: 'medimart' })).json<Pharmacy[]>();
    expect(medimart.length).toBeGreaterThan(3);
    expect(medimart.every((p) => p.storeName.startsWith('MediMart Pharmacy #'))).toBe(true);

    const byZip = (await search({ searchText: '34145' })).json<Pharmacy[]>();
    expect(byZip.length).toBeGreaterThan(0);
    expect(byZip.every((p) => p.addressInformationInfo.city === 'Marco Island')).toBe(true);

    const street = (await search({ searchText: 'fifth apoth' })).json<Pharmacy[]>();
    expect(street[0]?.storeName).toBe('Fifth Avenue Apothecary');
    const typo = (await search({ searchText: 'Fifth Avenue Apothecery' })).json<Pharmacy[]>();
    expect(typo.map((p) => p.storeName)).toContain('Fifth Avenue Apothecary');
    expect(typo[0]).toMatchObject({
      primaryPhoneNumber: '2392610188',
      addressInformationInfo: {
        streetAddressLn1: '720 5th Ave S',
        city: 'Naples',
        state: 'FL',
        zip: '34102-6610',
      },
    });

    expect((await search({ searchText: 'zzqqxxw' })).json()).toEqual([]);
    for (const bad of [
      {},
      { searchText: '' },
      { searchText: ' a ' },
      { searchText: 'x'.repeat(101) },
      { searchText: 'pharmacy', specialtyType: 'MAIL_ORDER' },
      { searchText: 'pharmacy', resultSetSize: 101 },
      { searchText: 'pharmacy', resultSetSize: 0 },
    ])
      expect((await search(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    // The guard runs before validation: an id that names no patient is refused, not explained.
    expect((await search({ searchText: 'pharmacy', patientId: -1 })).statusCode).toBe(403);
    // Signs only: a valid text with no word in it finds nothing rather than everything.
    expect((await search({ searchText: '--' })).json()).toEqual([]);
  });

  it('stops offering a pharmacy the directory deactivated, and keeps it among the favorites', async () => {
    const [row] = await t.db.select().from(pharmacy).where(eq(pharmacy.syntheticKey, demoFavoriteKey));
    await save({
      patientId: user.patientId,
      patientPharmacyInfoList: [{ pharmacyId: row!.id, changeStatus: 'NEW' }],
    });
    await t.db
      .update(pharmacy)
      .set({ npi: '1234567893', syntheticKey: null, source: 'nppes' })
      .where(eq(pharmacy.id, row!.id));
    expect(await deactivatePharmacies(t.db, ['1234567893'])).toBe(1);
    expect(
      (await search({ searchText: 'Fifth Avenue Apothecary' })).json<Pharmacy[]>().map((p) => p.id),
    ).not.toContain(row!.id);
    expect((await nearby('34102')).json<NearbyPharmacies>().pharmacies.map((p) => p.id)).not.toContain(
      row!.id,
    );
    expect((await favorites()).json<Pharmacy[]>().map((p) => p.id)).toEqual([row!.id]);
    // It can be removed but not added again.
    const change = (changeStatus: 'NEW' | 'DELETED') => ({
      patientId: user.patientId,
      patientPharmacyInfoList: [{ pharmacyId: row!.id, changeStatus }],
    });
    expect((await save(change('DELETED'))).statusCode).toBe(200);
    expect((await save(change('NEW'))).statusCode).toBe(404);
  });

  it("refuses another patient's favorites, and lets their responsible person read, search and save them", async () => {
    const other = await givenUser(t.db, practiceId, { username: `other${Date.now()}` });
    const change = {
      patientId: other.patientId,
      patientPharmacyInfoList: [{ pharmacyId: rows[0]!.id, changeStatus: 'NEW' as const }],
    };
    expect((await favorites(other.patientId)).statusCode).toBe(403);
    expect((await save(change)).statusCode).toBe(403);
    expect((await nearby('34102', other.patientId)).statusCode).toBe(403);
    expect((await search({ searchText: 'pharmacy', patientId: other.patientId })).statusCode).toBe(403);

    await givenResponsiblePerson(t.db, other.patientId, user.patientId);
    expect((await save(change)).statusCode).toBe(200);
    expect((await favorites(other.patientId)).json<Pharmacy[]>().map((p) => p.id)).toEqual([rows[0]!.id]);
    const forOther = (await search({ searchText: rows[0]!.storeName, patientId: other.patientId })).json<
      Pharmacy[]
    >();
    expect(forOther.find((p) => p.id === rows[0]!.id)?.favorite).toBe(true);
    // The caller's own favorites are untouched, and their own search marks nothing.
    expect((await favorites()).json()).toEqual([]);
    const own = (await search({ searchText: rows[0]!.storeName })).json<Pharmacy[]>();
    expect(own.some((p) => p.favorite)).toBe(false);
  });

  it('loads the synthetic set idempotently', async () => {
    const before = (await t.db.select({ id: pharmacy.id, key: pharmacy.syntheticKey }).from(pharmacy)).sort(
      (a, b) => a.id - b.id,
    );
    await upsertPharmacies(t.db, await syntheticPharmacies());
    expect(await pharmacyCounts(t.db)).toEqual({ synthetic: syntheticPharmaciesSize, nppes: 0 });
    const after = (await t.db.select({ id: pharmacy.id, key: pharmacy.syntheticKey }).from(pharmacy)).sort(
      (a, b) => a.id - b.id,
    );
    expect(after).toEqual(before);
  });
});

describeEachDatabase('pharmacies demo data', (t) => {
  const newApp = useTestApp(t);

  it('gives Maria one favorite pharmacy near the clinic, among the pharmacies near ZIP 34102', async () => {
    await seedDemo(t.db);
    const app = await newApp();
    const maria = demoAccounts.patient;
    const { accessToken } = await signIn(app, maria.username, maria.password);
    const profile = await app.inject({
      method: 'POST',
      url: '/api/app/patient/getByUsername',
      headers: bearer(accessToken),
      payload: { username: maria.username },
    });
    const patientId = profile.json<{ id: number }>().id;
    const list = (
      await app.inject({
        method: 'GET',
        url: `/api/app/pharmacy/getFavoritePharmaciesByPatientId/_rid/${patientId}`,
        headers: bearer(accessToken),
      })
    ).json<Pharmacy[]>();
    expect(list.map((p) => [p.storeName, p.favorite])).toEqual([['Fifth Avenue Apothecary', true]]);
    const near = (
      await app.inject({
        method: 'POST',
        url: '/api/app/pharmacy/searchByZipCodeMarkFavorite',
        headers: bearer(accessToken),
        payload: { patientId, zipCode: '34102' },
      })
    ).json<NearbyPharmacies>();
    expect(near.pharmacies.filter((p) => p.favorite).map((p) => p.id)).toEqual([list[0]!.id]);
    expect(near.pharmacies[0]!.distanceMiles).toBeLessThan(1);
  });
});
