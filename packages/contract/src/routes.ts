/** The route table: every call's path, shared by server and web so a path is written once. */
export const apiPrefix = { auth: '/api/auth', app: '/api/app', integration: '/api/integration' } as const;

/** Fills the `:name` parameters of a route template, encoding each value. */
export function routePath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

export const integrationRoutes = {
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
  /** The health apps connected to a record (SMART App Launch), beside the activity log. */
  connectedApps: '/account/connected-apps',
  activityLog: '/account/activity-log',
  responsiblePersons: '/account/responsible-persons',
  healthInformation: '/health-information',
  /** The consent page a health app's authorization request lands on (`:uid`: the authorization). */
  healthAppAuthorize: '/health-apps/authorize/:uid',
  messagesInbox: '/messages/inbox',
  firstTimeLogin: '/first-time-login',
  screening: '/screening',
} as const;

/** Addresses served outside the described calls (a byte-range file, an image). */
export const systemRoutes = {
  /** The practice's own PMTiles basemap (MAP_PMTILES_FILE), read by the pharmacies map in byte ranges. */
  mapPmtiles: '/map/basemap.pmtiles',
} as const;

export const practiceBrandingRoutes = {
  /** Public: the logo's bytes with their checked type. */
  logo: '/api/practice-branding/:practiceId/logo',
} as const;
