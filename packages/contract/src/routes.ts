/** The route table: every call's path, shared by server and web so a path is written once. */
export const apiPrefix = { auth: '/api/auth', app: '/api/app', integration: '/api/integration' } as const;

export const authRoutes = {
  login: 'login',
  refresh: 'refreshToken/getAccessToken',
  servers: 'servers',
  logout: 'logout',
} as const;

/**
 * Paths of calls not yet described; described calls carry their whole path in their area's `<area>Calls`.
 */
export const appRoutes = {
  getByUsername: 'patient/getByUsername',
  /** `:id` is the patient id; fill it with `routePath`. */
  getDermisPatientById: 'patient/getDermisPatientById/_rid/:id',
  // Reference lists and terminology search
  getLanguages: 'patient/getLanguages',
  getEthnicities: 'patient/getEthnicities',
  getRaces: 'patient/getRaces',
  searchAllergensByName: 'fdb/search/searchAllergensByName',
  searchPrescriptionsByFilter: 'prescription/searchPrescriptionsByFilter',
  searchSnomed: 'subjective/searchSnomed',
} as const;

/** Fills the `:name` parameters of a route template, encoding each value. */
export function routePath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

export const integrationRoutes = {
  clinics: 'clinics',
  patients: 'patients',
  responsiblePersons: 'responsible-persons',
  openapi: 'openapi.json',
} as const;

/** Web routes of spec 000 §2, one place for every link the app renders. */
export const webRoutes = {
  login: '/login',
  logout: '/logout',
  forgotPassword: '/password/forgot',
  resetPassword: '/password/reset/:token',
  createAccount: '/account/create/:accountToken',
  verifyEmail: '/verify/email/:emailToken',
  unsubscribe: '/unsubscribe',
  unsubscribeSuccess: '/unsubscribe-success',
  badges: '/badges',
  forbidden: '/forbidden',
  notFound: '/not-found',
  termsAndConditions: '/terms-and-conditions',
  termsOfUse: '/terms-of-use',
  privacyPolicy: '/privacy-police',
  home: '/',
  myHealthProfile: '/my-health-profile',
  editProfile: '/my-health-profile/edit-profile',
  myCareTeam: '/my-health-profile/my-care-team',
  healthProfileDocuments: '/my-health-profile/documents',
  healthProfileInsurance: '/my-health-profile/insurance-profile',
  appointments: '/appointments',
  pharmacies: '/pharmacies',
  account: '/account',
  accountSettings: '/account/settings',
  activityLog: '/account/activity-log',
  responsiblePersons: '/account/responsible-persons',
  healthInformation: '/health-information',
  messagesInbox: '/messages/inbox',
  firstTimeLogin: '/first-time-login',
  screening: '/screening',
} as const;

/** `health`: liveness (the process answers); `ready`: readiness (the services it needs answer). */
export const systemRoutes = {
  config: '/api/config',
  health: '/healthz',
  ready: '/readyz',
  /** The practice's own PMTiles basemap (MAP_PMTILES_FILE), read by the pharmacies map in byte ranges. */
  mapPmtiles: '/map/basemap.pmtiles',
} as const;

export const practiceBrandingRoutes = {
  /** Integration API (API key), relative to /api/integration. */
  setBranding: 'practice/branding',
  /** Public. */
  branding: '/api/practice-branding',
  logo: '/api/practice-branding/:practiceId/logo',
} as const;
