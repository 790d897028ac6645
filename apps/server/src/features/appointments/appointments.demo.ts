/**
 * Demo data of the appointments page: the clinic gets a website; Maria has two upcoming
 * visits with unsigned consents (a ONE_TIME HIPAA notice on both, a photography consent signed per
 * visit) and her three past visits of the year carry education texts longer than the 200-character
 * preview, so 'More...' and 'Load More' (page size 2) both show. Her upcoming visits' screenings
 * are done, so her sign-in shows no start-up modal; Samuel (demo.new) keeps his unfinished screening
 * a week out (health-profile demo), which shows the modal and the notification (decision 100).
 * Emma, whom Daniel (demo.guardian) acts for, has an upcoming visit with both consents unsigned, so
 * a responsible person can sign for her (decision 104).
 */
import type { DemoSeeder } from '../../demo/seed';
import { and, eq } from 'drizzle-orm';
import { clinic, consent, consentProfile, encounter, encounterRole } from '../../db/schema';

const hipaaText =
  'I acknowledge that I have received the Notice of Privacy Practices of Sunshine Dermatology. ' +
  'The notice explains how my health information may be used and disclosed, and my rights to see, ' +
  'copy and correct it. I understand that the practice may change the notice and that I can ask ' +
  'for the current copy at any visit.';
const photoText =
  'I allow Sunshine Dermatology to photograph my skin during this visit to document my condition ' +
  'and the response to treatment. The photographs are part of my medical record, are kept ' +
  'confidential, and are not published without my separate written permission.';

const education: Record<string, string> = {
  'DEMO-ENC-1':
    'Psoriasis follow-up. Keep taking methotrexate once a week on the same day and have your blood ' +
    'test before the next visit. Use the moisturizer right after bathing while the skin is still ' +
    'damp, and avoid very hot showers. Call the office if you have a fever, a sore throat or mouth ' +
    'sores, because methotrexate can lower the body’s defences against infection.',
  'DEMO-ENC-HI-1':
    'Sun protection. Use a broad-spectrum sunscreen with SPF 30 or higher every morning, also on ' +
    'cloudy days, and reapply every two hours outdoors or after swimming. Wear a wide-brimmed hat ' +
    'and seek shade between 10 a.m. and 4 p.m. Check your skin once a month for new or changing ' +
    'moles and bring photos of anything that worries you to your next visit.',
  'DEMO-ENC-HI-2':
    'Eczema care. Bathe once a day in lukewarm water for no more than ten minutes, pat the skin ' +
    'dry and apply the prescribed cream to the red patches, then a fragrance-free moisturizer ' +
    'everywhere else. Wear soft cotton clothes, keep nails short, and use the cream for flares ' +
    'only as long as the instructions say.',
};

function daysFromNow(days: number, hourUtc: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

export const seedAppointments: DemoSeeder = async (tx, demo) => {
  const { practiceId } = demo;
  await tx
    .update(clinic)
    .set({ website: 'https://sunshine-dermatology.example', phone: '2395550142' })
    .where(eq(clinic.id, demo.clinicId));

  for (const [externalId, educationText] of Object.entries(education))
    await tx
      .update(encounter)
      .set({ educationText })
      .where(and(eq(encounter.practiceId, practiceId), eq(encounter.externalId, externalId)));

  const profiles = await tx
    .insert(consentProfile)
    .values([
      {
        practiceId,
        externalId: 'DEMO-CONSENT-HIPAA',
        title: 'HIPAA Privacy Notice',
        text: hipaaText,
        frequency: 'ONE_TIME' as const,
      },
      {
        practiceId,
        externalId: 'DEMO-CONSENT-PHOTO',
        title: 'Clinical Photography',
        text: photoText,
        frequency: 'EVERY_VISIT' as const,
      },
    ])
    .returning({ id: consentProfile.id, externalId: consentProfile.externalId });
  const profileId = (externalId: string) => profiles.find((p) => p.externalId === externalId)!.id;

  const [dermatologist, second] = demo.providerIds;
  const { maria, emma } = demo.patients;
  const upcoming = [
    {
      patientId: maria,
      externalId: 'DEMO-ENC-UP-1',
      days: 5,
      hour: 14,
      minutes: 30,
      provider: dermatologist,
    },
    {
      patientId: maria,
      externalId: 'DEMO-ENC-UP-2',
      days: 21,
      hour: 16,
      minutes: 45,
      provider: second ?? dermatologist,
    },
    {
      patientId: emma,
      externalId: 'DEMO-ENC-UP-EMMA',
      days: 9,
      hour: 20,
      minutes: 30,
      provider: dermatologist,
    },
  ];
  for (const visit of upcoming) {
    const [row] = await tx
      .insert(encounter)
      .values({
        practiceId,
        patientId: visit.patientId,
        clinicId: demo.clinicId,
        externalId: visit.externalId,
        dateOfService: daysFromNow(visit.days, visit.hour),
        durationMinutes: visit.minutes,
        historyFinished: true,
      })
      .returning({ id: encounter.id });
    if (!row) throw new Error('demo encounter insert returned nothing');
    if (visit.provider)
      await tx.insert(encounterRole).values({ encounterId: row.id, providerId: visit.provider });
    await tx.insert(consent).values(
      ['DEMO-CONSENT-HIPAA', 'DEMO-CONSENT-PHOTO'].map((profile) => ({
        practiceId,
        patientId: visit.patientId,
        encounterId: row.id,
        consentProfileId: profileId(profile),
        externalId: `${visit.externalId}-${profile}`,
      })),
    );
  }
};
