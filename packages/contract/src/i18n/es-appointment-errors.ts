import type { AppointmentErrorMessageKey } from './en-appointment-errors';

/** Spanish texts of the appointments and consents API (same keys as en-appointment-errors.ts). */
export const esAppointmentErrors: Record<AppointmentErrorMessageKey, string> = {
  'consent.error.notFound': 'No se encontró este consentimiento.',
  'consent.error.alreadySigned': 'Este consentimiento ya está firmado y no se puede cambiar.',
  'consent.error.ignored': 'Este consentimiento ya no necesita firma.',
  'consent.error.versionChanged':
    'El texto del consentimiento cambió desde que se abrió. Ábralo de nuevo y léalo antes de firmar.',
  'consent.error.signatureRequired': 'Firme en el área de dibujo antes de guardar.',
  'consent.error.signatureNotPng': 'La firma debe ser una imagen PNG.',
  'consent.error.signatureTooLarge': 'La imagen de la firma es demasiado grande.',
  'consent.error.status': 'Un consentimiento solo puede enviarse para firmar (estado PENDING).',
  'integration.error.unknownConsentProfile': 'Ningún perfil de consentimiento de esta práctica tiene ese id.',
  'integration.error.consentSigned': 'Un consentimiento firmado no se puede cambiar.',
  'integration.error.consentOtherEncounter': 'Este id de consentimiento pertenece a otro encuentro.',
  'integration.error.providerAvatar':
    'La foto de un proveedor debe ser una imagen PNG o JPEG de 5 MB como máximo.',
};
