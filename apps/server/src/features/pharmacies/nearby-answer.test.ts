/**
 * pharmacy/searchByZipCodeMarkFavorite's answer, pinned byte for byte: written from the stored rows
 * in the contract's key order (the distance as PostgreSQL computes it, rounded to hundredths), so
 * that a change of how the nearby list is read (its statement, its row mapping) must keep every byte.
 */
import { pharmacy as pharmacyShape } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { favoritePharmacy, pharmacy } from '../../db/schema';
import { earthRadiusMiles, zipCentroid } from '../../lib/geo/zip-centroids';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('nearby pharmacies answer', (t) => {
  const newApp = useTestApp(t);

  it('answers the same bytes: nearest first, ties by id, nulls, ZIP+4, favorites marked', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `nba${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const centre = (await zipCentroid('34102'))!;
    // 60 stores on a spiral around the centroid, some at the very same point (ties), some far
    // enough that the search widens its box; more than the 50 answered.
    const rows = Array.from({ length: 60 }, (_, i) => {
      const step = i % 7 === 0 ? 0 : i;
      const npi = i % 3 === 0 ? null : String(1000000000 + i);
      return {
        npi,
        storeName: `Store ${i} "Rx" \\ Núñez 😀`,
        phone: i % 4 === 0 ? null : `239555${String(i).padStart(4, '0')}`,
        addressLine1: i % 5 === 0 ? null : `${i} Main St`,
        addressLine2: i % 2 === 0 ? `Suite ${i}` : null,
        city: i % 6 === 0 ? null : 'Naples',
        state: 'FL',
        zip: i % 2 === 0 ? `34102${String(i).padStart(4, '0')}` : i % 3 === 0 ? null : '34102',
        country: 'US',
        latitude: centre.latitude + step * 0.013 * Math.cos(step),
        longitude: centre.longitude + step * 0.017 * Math.sin(step) * (i > 50 ? 20 : 1),
        source: npi === null ? ('synthetic' as const) : ('nppes' as const),
        syntheticKey: npi === null ? `nba-${i}` : null,
        searchText: `store ${i}`,
      };
    });
    const stored = await t.db.insert(pharmacy).values(rows).returning({ id: pharmacy.id });
    await t.db.insert(favoritePharmacy).values([
      { patientId: user.patientId, pharmacyId: stored[3]!.id },
      { patientId: user.patientId, pharmacyId: stored[7]!.id },
    ]);

    const lat = sql`${centre.latitude}::float8`;
    const lon = sql`${centre.longitude}::float8`;
    const nearest = await t.db
      .select({
        id: pharmacy.id,
        npi: pharmacy.npi,
        storeName: pharmacy.storeName,
        phone: pharmacy.phone,
        addressLine1: pharmacy.addressLine1,
        addressLine2: pharmacy.addressLine2,
        city: pharmacy.city,
        state: pharmacy.state,
        zip: pharmacy.zip,
        country: pharmacy.country,
        latitude: pharmacy.latitude,
        longitude: pharmacy.longitude,
        favorite: sql<boolean>`exists (select 1 from favorite_pharmacy f where f.patient_id = ${user.patientId}::int and f.pharmacy_id = pharmacy.id)`,
        distance: sql<number>`(2 * ${earthRadiusMiles}::float8 * asin(least(1, sqrt(
          power(sin(radians(${pharmacy.latitude} - ${lat}) / 2), 2)
          + cos(radians(${lat})) * cos(radians(${pharmacy.latitude}))
            * power(sin(radians(${pharmacy.longitude} - ${lon}) / 2), 2)))))`.as('distance'),
      })
      .from(pharmacy)
      .orderBy(sql`"distance" asc`, pharmacy.id)
      .limit(50);
    const pharmacies = nearest.map((r) => ({
      id: r.id,
      npi: r.npi,
      storeName: r.storeName,
      primaryPhoneNumber: r.phone,
      latitude: r.latitude,
      longitude: r.longitude,
      favorite: r.favorite,
      distanceMiles: Math.round(Number(r.distance) * 100) / 100,
      addressInformationInfo: {
        streetAddressLn1: [r.addressLine1, r.addressLine2].filter(Boolean).join(', ') || null,
        city: r.city,
        state: r.state,
        zip: r.zip && /^\d{9}$/.test(r.zip) ? `${r.zip.slice(0, 5)}-${r.zip.slice(5)}` : r.zip,
        country: r.country,
      },
    }));
    expect(Object.keys(pharmacies[0]!)).toEqual(Object.keys(pharmacyShape.shape));
    expect(pharmacies.filter((p) => p.favorite)).toHaveLength(2);

    const answer = await app.inject({
      method: 'POST',
      url: '/api/app/pharmacy/searchByZipCodeMarkFavorite',
      headers: bearer(token),
      payload: { patientId: user.patientId, zipCode: '34102-6502' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(
      JSON.stringify({
        zipCode: '34102',
        location: { latitude: centre.latitude, longitude: centre.longitude },
        pharmacies,
      }),
    );
  });
});
