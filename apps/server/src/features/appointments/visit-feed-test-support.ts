/**
 * The providers, consents and visits the visit-list pin tests feed through the integration API, so
 * each test names only what differs: its visits' dates, providers and consents.
 */
export const ana = { externalId: 'DR-1', firstName: 'Ana', lastName: 'Silva', title: 'MD' };
export const ben = { externalId: 'DR-2', firstName: 'Ben', lastName: 'Okafor', title: null };

/** A visit's consent of a profile, with its status when one is given. */
export const consent = (id: string, profile: string, status?: string) => ({
  externalId: id,
  consentProfileExternalId: profile,
  ...(status ? { status } : {}),
});

/**
 * Feeds a visit of `patient` at clinic C-1 through `ok` (a PUT the test expects to answer 201):
 * 45 minutes, Ana alone, no consents, unless `extra` says otherwise.
 */
export const visitFeeder =
  (ok: (url: string, payload: object) => Promise<void>, patient: string) =>
  (externalId: string, dateOfService: string, extra: object = {}) =>
    ok(`encounters/${externalId}`, {
      patientExternalId: patient,
      clinicExternalId: 'C-1',
      dateOfService,
      durationMinutes: 45,
      educationText: `Education of ${externalId}.`,
      providers: [ana],
      consents: [],
      ...extra,
    });
