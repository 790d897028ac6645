/**
 * careteam/getById's answer, pinned byte for byte: written from the stored rows in the contract's
 * key order, so that a change of how the team is read (its statement, its row mapping) must keep
 * every byte.
 */
import { careTeamMember as memberShape } from '@dermis/contract';
import { expect, it } from 'vitest';
import { careTeamMember } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('care team answer', (t) => {
  const newApp = useTestApp(t);

  it('answers the same bytes: members in order, nulls, no address or several, odd text', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `cta${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const address = (city: string | null) => ({
      streetAddressLn1: '1 "Main" St\\',
      streetAddressLn2: null,
      city,
      state: 'FL',
      zip: '34102',
      country: 'UNITED_STATES',
    });
    const member = (position: number, more: Partial<typeof careTeamMember.$inferInsert> = {}) => ({
      patientId: user.patientId,
      position,
      name: `Dr. Member ${position}`,
      ...more,
    });
    // Inserted out of order: the answer is by position.
    await t.db.insert(careTeamMember).values([
      member(3, {
        npi: '1234567893',
        credential: 'MD',
        specialty: 'Dermatology',
        addresses: [address('Naples')],
      }),
      member(1, {
        defaultReferringPhysician: true,
        name: 'Zoë Núñez 😀\u2028',
        addresses: [address(null), address('Fort Myers')],
      }),
      member(2),
      member(10, { credential: '', specialty: 'tab\there' }),
      member(11, {
        name: 'ctl \u0001\u001f\b\f\r\n\u007f\u2029 </script> / \\',
        addresses: [
          {
            streetAddressLn1: null,
            streetAddressLn2: 'Suite "4"\u0002',
            city: null,
            state: null,
            zip: null,
            country: null,
          },
        ],
      }),
    ]);

    const rows = (await t.db.select().from(careTeamMember)).sort((a, b) => a.position - b.position);
    const members = rows.map((row) => ({
      id: row.id,
      order: row.position,
      defaultReferringPhysician: row.defaultReferringPhysician,
      addressBookInfo: {
        name: row.name,
        npi: row.npi,
        credential: row.credential,
        specialty: row.specialty,
        addressBookType: 'PERSON',
        addressInfoList: row.addresses.map((a) => ({
          streetAddressLn1: a.streetAddressLn1,
          streetAddressLn2: a.streetAddressLn2,
          city: a.city,
          state: a.state,
          zip: a.zip,
          country: a.country,
        })),
      },
    }));
    expect(Object.keys(members[0]!)).toEqual(Object.keys(memberShape.shape));

    const answer = await app.inject({
      method: 'GET',
      url: `/api/app/careteam/getById/_rid/${user.patientId}`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(JSON.stringify({ patientId: user.patientId, careTeamMembers: members }));
  });

  it('answers an empty team as an empty list', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `cte${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const answer = await app.inject({
      method: 'GET',
      url: `/api/app/careteam/getById/_rid/${user.patientId}`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(JSON.stringify({ patientId: user.patientId, careTeamMembers: [] }));
  });
});
