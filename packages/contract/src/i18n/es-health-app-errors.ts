/** Spanish of en-health-app-errors.ts, same keys. */
import type { enHealthAppErrors } from './en-health-app-errors';

export const esHealthAppErrors: Record<keyof typeof enHealthAppErrors, string> = {
  'validation.fhirResourceType': 'No es un tipo de recurso FHIR.',
  'validation.healthAppClientId':
    'Un identificador de cliente tiene de 3 a 64 letras, dígitos, puntos, guiones o guiones bajos, y empieza por una letra o un dígito.',
  'server.error.healthAppAuthorizationNotFound':
    'Esta solicitud de autorización no existe o ha caducado. Vuelva a la aplicación y conéctese de nuevo.',
  'server.error.healthAppInviteCodeRequired':
    'Escriba el código de invitación que muestra la página de Información de salud del expediente de esta persona.',
  'server.error.healthAppInviteCodeWrong':
    'Este código de invitación no es válido para el expediente de esta persona. Compruébelo en la página de Información de salud.',
  'server.error.healthAppInviteCodeThrottled':
    'Demasiados códigos de invitación incorrectos. Espere unos minutos y vuelva a intentarlo.',
  'server.error.healthAppResourceTypeNotRequested': 'La aplicación no pidió {resourceType}.',
  'server.error.healthAppConnectionNotFound': 'Esta aplicación no está conectada a este expediente.',
  'server.error.healthAppClientExists': 'Ya hay una aplicación registrada con este identificador de cliente.',
  'server.error.healthAppClientNotFound':
    'No hay ninguna aplicación registrada con este identificador de cliente.',
  'server.error.healthAppJwksRequired':
    'Una aplicación que usa private_key_jwt necesita una URL de JWKS o un JWKS.',
  'server.error.healthAppScopeUnknown': '{scope} no es un permiso que este servidor conceda.',
  'server.error.healthAppRedirectUri':
    'Una dirección de retorno debe ser https, o http en una dirección local (loopback).',
};
