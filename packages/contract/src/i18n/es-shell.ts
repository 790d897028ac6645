import type { ShellMessageKey } from './en-shell';

/** Spanish texts of the shell: the same keys as en-shell.ts. */
export const esShell: Record<ShellMessageKey, string> = {
  'validation.brandColor': 'Use un color con el formato #RRGGBB.',
  'validation.timeZone': 'Use un nombre de zona horaria IANA como America/New_York.',
  'server.error.logoType': 'El logotipo debe ser una imagen PNG, JPEG o SVG.',
  'server.error.logoTooLarge': 'El logotipo no puede superar los {maxKb} KB.',
  'server.error.logoUnsafeSvg':
    'El logotipo SVG contiene scripts, controladores de eventos o referencias externas.',
  'server.error.logoEncoding': 'El logotipo debe enviarse en base64.',
  'activityLog.action.SIGN_IN': 'Inició sesión',
  'login.error.signInTimedOut': 'Su inicio de sesión caducó. Inicie sesión de nuevo.',
  'login.error.codeAlreadyUsed':
    'Ese código acaba de usarse. Espere el siguiente código de su aplicación de autenticación e ingréselo.',
  'accountSettings.samePassword': 'La nueva contraseña debe ser distinta de la contraseña actual.',
  'nav.notificationsWithCount.one': 'Notificaciones {count} nueva',
  'nav.notificationsWithCount.other': 'Notificaciones {count} nuevas',
  'publicCard.helpPhone': '¿Necesita ayuda? Llame a {practice} al {phone}.',
  'publicCard.helpNoPhone': '¿Necesita ayuda? Comuníquese con su consultorio.',
  'publicCard.invited':
    '¿Su consultorio le invitó pero aún no tiene cuenta? Abra el enlace del correo de invitación para crear su cuenta.',
  'publicCard.legal': 'Avisos legales',
  'nav.openMenu': 'Abrir menú',
  'nav.closeMenu': 'Cerrar menú',
  'nav.menuTitle': 'Menú',
  'session.expiredNotice': 'Se cerró su sesión porque caducó. Inicie sesión de nuevo.',
  'status.backHome': 'Ir a su página de inicio',
  'verifyEmail.successActive': 'Se verificó su correo electrónico. Ya puede iniciar sesión.',
  'validation.dateOfBirthCharacters':
    'En la fecha de nacimiento solo se pueden escribir dígitos y / (MM/DD/AAAA).',
};
