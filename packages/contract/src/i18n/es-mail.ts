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
  'mail.reminder.appointment.subject': 'Recordatorio de cita',
  'mail.reminder.appointment.when': 'Le recordamos su cita del {when}.',
  'mail.reminder.appointment.where': 'Lugar: {clinic}.',
  'mail.reminder.appointment.prepare':
    'Antes de su visita, revise su perfil de salud y firme los formularios de consentimiento que le esperan en el portal del paciente.',
  'mail.reminder.appointment.change': 'Si necesita cambiarla o cancelarla, llame al {phone}.',
  'mail.reminder.appointment.changeNoPhone':
    'Si necesita cambiarla o cancelarla, comuníquese con la clínica.',
  'mail.reminder.appointment.action': 'Ver sus citas',
  'mail.reminder.followUp.subject': 'Es momento de programar su visita de seguimiento',
  'mail.reminder.followUp.due':
    'Después de su visita del {visitDate}, la clínica pidió verle de nuevo en una visita de seguimiento alrededor del {dueDate}.',
  'mail.reminder.followUp.schedule': 'Llame al {phone} para programarla.',
  'mail.reminder.followUp.scheduleNoPhone': 'Comuníquese con la clínica para programarla.',
  'mail.reminder.followUp.ignore': 'Si ya la programó, puede ignorar este correo electrónico.',
  'mail.reminder.followUp.action': 'Abrir el portal del paciente',
  'mail.reminder.responsible': 'Recibe este recordatorio como persona responsable de {name}.',
  'mail.reminder.appointment.subjectFor': 'Recordatorio de cita de {name}',
  'mail.reminder.appointment.whenFor': 'Le recordamos la cita de {name} del {when}.',
  'mail.reminder.appointment.prepareFor':
    'Antes de la visita, revise el perfil de salud de {name} y firme los formularios de consentimiento pendientes en el portal del paciente.',
  'mail.reminder.appointment.actionFor': 'Ver las citas de {name}',
  'mail.reminder.followUp.subjectFor': 'Es momento de programar la visita de seguimiento de {name}',
  'mail.reminder.followUp.dueFor':
    'Después de la visita de {name} del {visitDate}, la clínica pidió ver a {name} de nuevo en una visita de seguimiento alrededor del {dueDate}.',
} satisfies Record<keyof typeof enMail, string>;
