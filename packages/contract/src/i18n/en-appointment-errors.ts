/**
 * Texts the appointments and consents API answers with (decisions 100-101). The appointments
 * page's own texts live with the page. Spanish in es-appointment-errors.ts, same keys.
 */
export const enAppointmentErrors = {
  'consent.error.notFound': 'This consent was not found.',
  'consent.error.alreadySigned': 'This consent is already signed and cannot be changed.',
  'consent.error.ignored': 'This consent no longer needs a signature.',
  'consent.error.versionChanged':
    'The consent text has changed since it was opened. Please open it again and read it before signing.',
  'consent.error.signatureRequired': 'Please sign in the drawing area before saving.',
  'consent.error.signatureNotPng': 'The signature must be a PNG image.',
  'consent.error.signatureTooLarge': 'The signature image is too large.',
  'consent.error.status': 'A consent can only be sent for signing (status PENDING).',
  'integration.error.unknownConsentProfile': 'No consent profile of this practice has that id.',
  'integration.error.consentSigned': 'A signed consent cannot be changed.',
  'integration.error.consentOtherEncounter': 'This consent id belongs to another encounter.',
  'integration.error.providerAvatar': 'A provider avatar must be a PNG or JPEG image of at most 5 MB.',
} as const;

export type AppointmentErrorMessageKey = keyof typeof enAppointmentErrors;
