import { expect, type APIRequestContext } from '@playwright/test';
import { e2eApiKey } from './cli';

// The clinic feeds Maria's and Samuel's visits through the integration API, by its own ids
// (idempotent, so every spec that needs them may call feedAppointments). Visits are in the future or
// more than a year back, so the health-information journeys' "past year" stays as it was.

const maria = 'DEMO-0001';
const samuel = 'DEMO-0002';
export const clinic = {
  name: 'Gulf Coast Dermatology (E2E)',
  phone: '2395550147',
  addressLine1: '850 Fifth Ave S, Suite 3',
  city: 'Naples',
  state: 'FL',
  zipCode: '34102',
  website: 'https://gulfcoast-derm.example',
};
export const consentText =
  'I allow the practice to take clinical photographs of my skin for my medical record. They are not shared without my written permission.';
export const longEducation = `${'Apply a broad-spectrum SPF 30 sunscreen 15 minutes before going out and again every two hours. '.repeat(4)}Call us if a mole changes shape, colour or size. END-OF-EDUCATION`;

function daysFromNow(days: number, hourUtc: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

export const upcomingVisit = daysFromNow(12, 15);
// Sooner than any visit of the demo seed, so it is Samuel's first unfinished visit.
export const samuelVisit = daysFromNow(2, 14);

async function integration(request: APIRequestContext, path: string, data: unknown) {
  const answer = await request.put(`/api/integration/${path}`, {
    headers: { 'X-Api-Key': e2eApiKey() },
    data,
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as { id: number };
}

export async function feedAppointments(
  request: APIRequestContext,
): Promise<{ mariaVisitId: number; samuelVisitId: number }> {
  await integration(request, 'clinics/E2E-APPT-CLINIC', clinic);
  for (const [id, title] of [
    ['E2E-CONSENT-PHOTO', 'Photography consent'],
    ['E2E-CONSENT-BIOPSY', 'Biopsy consent'],
  ] as const) {
    await integration(request, `consent-profiles/${id}`, {
      title,
      text: consentText,
      frequencyOfSigning: 'EVERY_VISIT',
    });
  }
  const provider = { externalId: 'E2E-DR-SILVA', firstName: 'Ana', lastName: 'Silva', title: 'MD' };
  // History finished: Maria's other journeys must not meet the start-up modal.
  const mariaVisitId = (
    await integration(request, 'encounters/E2E-APPT-MARIA-UP', {
      patientExternalId: maria,
      clinicExternalId: 'E2E-APPT-CLINIC',
      dateOfService: upcomingVisit.toISOString(),
      durationMinutes: 45,
      historyFinished: true,
      providers: [provider],
      consents: [
        { externalId: 'E2E-C-PHOTO', consentProfileExternalId: 'E2E-CONSENT-PHOTO' },
        { externalId: 'E2E-C-BIOPSY', consentProfileExternalId: 'E2E-CONSENT-BIOPSY' },
      ],
    })
  ).id;
  for (const [id, days, text] of [
    ['E2E-APPT-MARIA-PAST-1', -400, longEducation],
    ['E2E-APPT-MARIA-PAST-2', -500, 'Keep the biopsy site dry for 24 hours.'],
  ] as const) {
    await integration(request, `encounters/${id}`, {
      patientExternalId: maria,
      clinicExternalId: 'E2E-APPT-CLINIC',
      dateOfService: daysFromNow(days, 16).toISOString(),
      historyFinished: true,
      educationText: text,
      providers: [provider],
    });
  }
  const samuelVisitId = (
    await integration(request, 'encounters/E2E-APPT-SAMUEL-UP', {
      patientExternalId: samuel,
      clinicExternalId: 'E2E-APPT-CLINIC',
      dateOfService: samuelVisit.toISOString(),
      historyFinished: false,
      providers: [{ externalId: 'E2E-DR-WEBB', firstName: 'Lena', lastName: 'Webb', title: 'PA-C' }],
    })
  ).id;
  return { mariaVisitId, samuelVisitId };
}
