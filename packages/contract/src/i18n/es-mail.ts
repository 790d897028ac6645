import type { enMail } from './en-mail';

export const esMail = {
  'mail.layout.signature': 'Portal del paciente de {practiceName}',
  'mail.layout.buttonFallback': 'Si el botón no funciona, copie esta dirección en su navegador: {url}',
  'mail.greeting': 'Hola:',
  'mail.invitation.accountCreation.subject': 'Cree su cuenta del portal del paciente',
  'mail.invitation.accountCreation.invite':
    '{practiceName} le invita a crear una cuenta en su portal del paciente.',
  'mail.invitation.accountCreation.how':
    'Elija un nombre de usuario y una contraseña con el enlace de abajo. Se le pedirá su fecha de nacimiento. El enlace funciona una sola vez y hasta el {until}.',
  'mail.invitation.accountCreation.action': 'Crear su cuenta',
  'mail.invitation.emailVerification.subject': 'Verifique su dirección de correo electrónico',
  'mail.invitation.emailVerification.ask':
    '{practiceName} le pide que confirme que esta dirección de correo electrónico es suya.',
  'mail.invitation.emailVerification.how':
    'Abra el enlace de abajo para confirmarla. El enlace funciona una sola vez y hasta el {until}.',
  'mail.invitation.emailVerification.action': 'Verificar dirección de correo electrónico',
  'mail.invitation.ignore': 'Si no esperaba este correo electrónico, puede ignorarlo.',
  'mail.reminder.footer.1':
    'Recibe este correo electrónico porque está inscrito en los recordatorios de citas por correo electrónico.',
  'mail.reminder.footer.3':
    'Recibe este correo electrónico porque está inscrito en los recordatorios por correo electrónico para programar citas futuras.',
  'mail.reminder.footer.4':
    'Recibe este correo electrónico porque su clínica puede enviarle mensajes personalizados por correo electrónico.',
  'mail.reminder.unsubscribe': 'Cancelar suscripción',
} satisfies Record<keyof typeof enMail, string>;
