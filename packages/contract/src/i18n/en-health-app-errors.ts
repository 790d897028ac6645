/**
 * Texts the server answers about health apps (SMART App Launch): the consent calls and the
 * practice's registration. Spanish in es-health-app-errors.ts, same keys. The consent and Connected
 * apps pages keep their own texts in their own file.
 */
export const enHealthAppErrors = {
  'validation.fhirResourceType': 'Not a FHIR resource type.',
  'validation.healthAppClientId':
    'A client id has 3 to 64 letters, digits, dots, hyphens or underscores, starting with a letter or digit.',
  'server.error.healthAppAuthorizationNotFound':
    'This authorization request is unknown or has expired. Go back to the app and connect again.',
  'server.error.healthAppInviteCodeRequired':
    "Enter the invite code shown on the Health Information page of this person's record.",
  'server.error.healthAppInviteCodeWrong':
    "This invite code is not valid for this person's record. Check it on the Health Information page.",
  'server.error.healthAppInviteCodeThrottled':
    'Too many wrong invite codes. Please wait a few minutes and try again.',
  'server.error.healthAppResourceTypeNotRequested': 'The app did not ask for {resourceType}.',
  'server.error.healthAppConnectionNotFound': 'This app is not connected to this record.',
  'server.error.healthAppClientExists': 'An app with this client id is already registered.',
  'server.error.healthAppClientNotFound': 'No app with this client id is registered.',
  'server.error.healthAppJwksRequired': 'An app using private_key_jwt needs a JWKS URL or a JWKS.',
  'server.error.healthAppScopeUnknown': '{scope} is not a scope this server grants.',
  'server.error.healthAppRedirectUri': 'A redirect address must be https, or http on a loopback address.',
} as const;
