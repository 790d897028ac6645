/** The route table: every call's path, shared by server and web so a path is written once. */
export const apiPrefix = { auth: '/api/auth', app: '/api/app', integration: '/api/integration' } as const;

export const authRoutes = {
  login: 'login',
  refresh: 'refreshToken/getAccessToken',
  servers: 'servers',
  logout: 'logout',
} as const;

export const appRoutes = {
  getByUsername: 'patient/getByUsername',
  /** `:id` is the patient id; fill it with `routePath`. */
  getDermisPatientById: 'patient/getDermisPatientById/_rid/:id',
  /** Edit profile (spec 001 §7): the form's whole profile in, the stored profile out. */
  updatePatient: 'patient/update',
  /** `:id` is the patient id: everything the edit-profile page shows. */
  getEditableProfile: 'patient/getEditableProfile/_rid/:id',
  // Reference lists and terminology search
  getLanguages: 'patient/getLanguages',
  getEthnicities: 'patient/getEthnicities',
  getRaces: 'patient/getRaces',
  searchAllergensByName: 'fdb/search/searchAllergensByName',
  searchPrescriptionsByFilter: 'prescription/searchPrescriptionsByFilter',
  searchSnomed: 'subjective/searchSnomed',
  // Health history (contract health-history.ts, prescriptions.ts, encounters.ts)
  getPatientSubjectiveAndTemplateItems: 'subjective/getPatientSubjectiveAndTemplateItems',
  savePatientSubjectiveItems: 'subjective/savePatientSubjectiveItems',
  getPrescriptionHistory: 'prescription/getHistory',
  getPatientEducationMonograph: 'prescription/getPatientEducationMonograph',
  completeFirstTimeSetup: 'patient/dermis/completeFirstTimeSetup',
  setHistoryFinished: 'encounter/setHistoryFinished',
  getEncountersByFilter: 'encounter/getByFilter',
  // Appointments, consents, notifications (consents.ts)
  /** The notifications dropdown and start-up modal (decision 100). */
  getUnfinishedEncounters: 'encounter/getUnfinished',
  getUnsignedConsents: 'consent/getUnsigned',
  getConsentById: 'consent/getById',
  updateConsent: 'consent/update',
  // Avatar, documents, insurance
  avatarUploadUrl: 'dms/url/avatar/getUploadURL',
  avatarDownloadUrl: 'dms/url/avatar/getDownloadURL',
  addAvatar: 'profile/addAvatar',
  deleteAvatar: 'profile/deleteAvatar/_rid/:id',
  patientDocuments: 'dms/getPatientDocuments/_rid/:id',
  documentDownloadUrl: 'dms/url/getDermisDownloadURL',
  // Care team and provider directory
  /** `:id` is the patient id. */
  getCareTeam: 'careteam/getById/_rid/:id',
  saveCareTeam: 'careteam/save',
  nppesSearch: 'nppes/search',
  // Favorite pharmacies and the pharmacy directory (pharmacies.ts)
  /** `:id` is the patient id. */
  getFavoritePharmacies: 'pharmacy/getFavoritePharmaciesByPatientId/_rid/:id',
  saveFavoritePharmacies: 'pharmacy/saveFavoritePharmaciesForPatient',
  pharmacySearch: 'pharmacy/search',
  nearbyPharmacies: 'pharmacy/searchByZipCodeMarkFavorite',
  /** `:zip` is a US ZIP (5 digits or ZIP+4): its centroid, for the map's home marker. */
  geocodeZip: 'pharmacy/geocodeZip/:zip',
  // Health information and export
  /** `:id` is the patient id. */
  healthInfo: 'patient/healthInfo/_rid/:id',
  exportCcdaByFilter: 'patient/exportCCDAByFilter',
  /** `?patientId=`. */
  fhirInviteCode: 'patient/fhir/getInviteCode',
  // Messages (contract messages.ts)
  getMessages: 'patient/dermis/getMessages',
  /** `:id` is the message id. */
  getDirectMessage: 'directMessage/getById/_rid/:id',
  markMessageAsRead: 'directMessage/markAsRead',
  /** `:id` is the patient id. */
  unreadMessageCount: 'directMessage/getUnreadCount/_rid/:id',
  sendDirectMessage: 'directMessage/send',
  sendEmail: 'patient/email/send',
  directSendByFilter: 'directMessage/sendByFilter',
  emailSendByFilter: 'patient/email/sendByFilter',
  /** `?patientId=`. */
  directMessagingUploadUrl: 'dms/url/directMessaging/getUploadURL',
  /** `?patientId=`. */
  patientEmailUploadUrl: 'dms/url/patientEmail/getUploadURL',
  addMessageFile: 'dms/file/add',
  forwardMessageAttachments: 'directMessage/forwardAttachments',
  /** `:id` is the attachment id. */
  directMessageAttachment: 'directMessage/getAttachment/_rid/:id',
  /** `:id` is the attachment id. */
  patientEmailAttachment: 'patient/email/getAttachment/_rid/:id',
} as const;

/**
 * The app's blob addresses, for either store. Public: the signed, expiring token in the query (`t`,
 * masked in logs like every query value) is the authorisation, so an <img> or a download link needs
 * no bearer token.
 */
export const blobRoutes = {
  upload: '/api/blobs/upload',
  download: '/api/blobs/download',
  avatar: '/api/blobs/avatar/:s3Id',
  /** A provider's photo: public like a practice's web site, named by an unguessable id. */
  providerAvatar: '/api/blobs/provider-avatar/:s3Id',
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
  /** `:externalId` is the clinic's patient id: LK, imported and non-USA flags of the profile. */
  profileFlags: 'patients/:externalId/profile-flags',
  encounters: 'encounters',
  /** `:externalId` is the clinic's encounter id: the follow-up interval behind reminder e-mails. */
  encounterFollowUp: 'encounters/:externalId/follow-up',
  /** `:externalId` is the clinic's own clinic id (PUT: create or update). */
  clinic: 'clinics/:externalId',
  /** `:externalId` is the clinic's consent-form id (PUT: create or update, new version on change). */
  consentProfile: 'consent-profiles/:externalId',
  /** `:externalId` is the clinic's encounter id: GET its consents with their signature evidence. */
  encounterConsents: 'encounters/:externalId/consents',
  /** `:externalId` is the clinic's patient id: GET every consent of the patient with evidence. */
  patientConsents: 'patients/:externalId/consents',
  prescriptions: 'prescriptions',
  drugMonographs: 'drug-monographs',
  historyItems: 'history-items',
  patientDocument: 'patients/:externalId/documents/:documentExternalId',
  /** `:externalId` is the clinic's patient id: POST issues a FHIR invite code, DELETE revokes it. */
  fhirInvite: 'patients/:externalId/fhir-invite',
  /** `:externalId` is the clinic's patient id: POST a message from the practice to the patient. */
  patientMessages: 'patients/:externalId/direct-messages',
  /** GET Direct messages patients sent to the practice (cursor `afterId`). */
  practiceMessages: 'direct-messages',
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
