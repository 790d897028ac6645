/**
 * The demo practice's sign-ins. The README and the Playwright journeys depend on these exact values;
 * change them only together.
 */
export const demoAccounts = {
  /** An adult patient who has finished first-time setup. */
  patient: {
    username: 'demo.patient',
    password: 'DemoPatient1',
    externalId: 'DEMO-0001',
    firstName: 'Maria',
    lastName: 'Lopez',
    gender: 'FEMALE',
    dateOfBirth: '1984-03-12',
    firstTimeSetupComplete: true,
  },
  /** A patient who signs in for the first time and is sent to first-time setup. */
  newPatient: {
    username: 'demo.new',
    password: 'DemoPatient1',
    externalId: 'DEMO-0002',
    firstName: 'Samuel',
    lastName: 'Carter',
    gender: 'MALE',
    dateOfBirth: '1990-07-04',
    firstTimeSetupComplete: false,
  },
  /** A father who is the active responsible person of his daughter (`demoMinor`). */
  guardian: {
    username: 'demo.guardian',
    password: 'DemoGuardian1',
    externalId: 'DEMO-0003',
    firstName: 'Daniel',
    lastName: 'Reed',
    gender: 'MALE',
    dateOfBirth: '1979-11-20',
    firstTimeSetupComplete: true,
  },
} as const;

/** The guardian's daughter: a patient without an account of her own. */
export const demoMinor = {
  externalId: 'DEMO-0004',
  firstName: 'Emma',
  lastName: 'Reed',
  gender: 'FEMALE',
  dateOfBirth: '2015-05-09',
  /** HL7-style relationship code of the guardian to Emma: 2 = Father. */
  relationship: 2,
} as const;

/** Maria's husband: her responsible person (no account), so her Responsible Persons list is not empty. */
export const demoSpouse = {
  externalId: 'DEMO-0005',
  firstName: 'Carlos',
  lastName: 'Lopez',
  gender: 'MALE',
  dateOfBirth: '1982-08-30',
  homePhone: '(239) 555-0143',
  /** Relationship code 3 = Spouse (HL7 SPS). */
  relationship: 3,
} as const;

/**
 * Demo activity-log entries (the health-record screens that record real ones come later): what
 * Maria did with her own record, and what Daniel did with Emma's. `daysAgo` counts from seeding.
 */
export const demoActivity = [
  { who: 'patient', about: 'patient', action: 'VIEW', daysAgo: 6 },
  { who: 'patient', about: 'patient', action: 'DOWNLOAD_PDF', daysAgo: 5 },
  {
    who: 'patient',
    about: 'patient',
    action: 'TRANSMIT_VIA_EMAIL',
    daysAgo: 2,
    toAddress: 'records@example.org',
  },
  // A health app Maria connected, then its reads of her record through the FHIR API (toAddress: the app's name).
  {
    who: 'patient',
    about: 'patient',
    action: 'HEALTH_APP_CONNECTED',
    daysAgo: 1.5,
    toAddress: 'Blue Button Health Viewer',
  },
  {
    who: 'patient',
    about: 'patient',
    action: 'HEALTH_APP_ACCESS',
    daysAgo: 1,
    toAddress: 'Blue Button Health Viewer',
  },
  { who: 'guardian', about: 'minor', action: 'VIEW', daysAgo: 4 },
  { who: 'guardian', about: 'minor', action: 'DOWNLOAD_CCDA', daysAgo: 3 },
] as const;

export const demoPractice = {
  name: 'Sunshine Dermatology',
  /** The practice's organisation NPI (made up, with a valid check digit). */
  npi: '1740283654',
  clinic: {
    name: 'Sunshine Dermatology – Naples',
    phone: '(239) 555-0100',
    addressLine1: '850 Fifth Avenue South',
    city: 'Naples',
    state: 'FL',
    zipCode: '34102',
  },
  providers: [
    { firstName: 'Olivia', lastName: 'Bennett', credentials: 'MD' },
    { firstName: 'Marcus', lastName: 'Hale', credentials: 'DO' },
  ],
} as const;
