/**
 * Edit-profile demo data: Maria's profile filled in (verified e-mail, home phone preferred,
 * demographics) and the demo addresses named as the reference lists name them.
 */
import { sql } from 'drizzle-orm';
import type { DemoSeeder } from '../../demo/seed';
import { patientAddress, patientContact, verifiedEmail } from '../../db/schema';
import { upsertProfileDetails } from './edit-profile.repository';

export const seedEditProfile: DemoSeeder = async (tx, demo) => {
  // The core seed writes USPS codes; the profile form offers the lists' names.
  await tx
    .update(patientAddress)
    .set({ state: 'FLORIDA', country: 'UNITED_STATES' })
    .where(sql`${patientAddress.state} = 'FL'`);
  const maria = demo.patients.maria;
  const [email] = await tx
    .select({ value: patientContact.value })
    .from(patientContact)
    .where(sql`${patientContact.patientId} = ${maria} AND ${patientContact.type} = 'EMAIL_ADDRESS'`)
    .limit(1);
  if (email)
    await tx.insert(verifiedEmail).values({ patientId: maria, email: email.value }).onConflictDoNothing();
  await upsertProfileDetails(tx, maria, {
    middleName: 'Isabel',
    preferredContact: 'HOME_PHONE',
    driversLicenceNumber: 'L120-555-84-312-0',
    genderIdentity: 'FEMALE',
    sexualOrientation: 'HETEROSEXUAL',
    races: ['2106-3'],
    ethnicities: ['2135-2'],
    preferredLanguageIsoCode: 'en',
  });
};
