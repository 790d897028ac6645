/** Texts of the e-mails the server sends (layout, invitations, reminders), in the patient's language. */
export const enMail = {
  'mail.layout.signature': '{practiceName} patient portal',
  'mail.layout.buttonFallback': 'If the button does not work, copy this address into your browser: {url}',
  'mail.greeting': 'Hello,',
  'mail.invitation.accountCreation.subject': 'Create your patient portal account',
  'mail.invitation.accountCreation.invite':
    '{practiceName} invites you to create an account in its patient portal.',
  'mail.invitation.accountCreation.how':
    'Choose a username and a password with the link below. You will be asked for your date of birth. The link works once and until {until}.',
  'mail.invitation.accountCreation.action': 'Create your account',
  'mail.invitation.emailVerification.subject': 'Verify your e-mail address',
  'mail.invitation.emailVerification.ask':
    '{practiceName} asks you to confirm that this e-mail address is yours.',
  'mail.invitation.emailVerification.how':
    'Open the link below to confirm it. The link works once and until {until}.',
  'mail.invitation.emailVerification.action': 'Verify e-mail address',
  'mail.invitation.ignore': 'If you did not expect this e-mail, you can ignore it.',
  'mail.reminder.footer.1': 'You receive this e-mail because you get e-mail appointment reminders.',
  'mail.reminder.footer.3':
    'You receive this e-mail because you get e-mail reminders to schedule future appointments.',
  'mail.reminder.footer.4':
    'You receive this e-mail because your clinic may send you custom e-mail messages.',
  'mail.reminder.unsubscribe': 'Unsubscribe',
  'mail.reminder.appointment.subject': 'Appointment reminder',
  'mail.reminder.appointment.when': 'This is a reminder of your appointment on {when}.',
  'mail.reminder.appointment.where': 'Place: {clinic}.',
  'mail.reminder.appointment.prepare':
    'Before your visit, please review your health profile and sign any consent forms waiting for you in the patient portal.',
  'mail.reminder.appointment.change': 'If you need to change or cancel it, please call {phone}.',
  'mail.reminder.appointment.changeNoPhone': 'If you need to change or cancel it, please contact the clinic.',
  'mail.reminder.appointment.action': 'View your appointments',
  'mail.reminder.followUp.subject': 'Time to schedule your follow-up visit',
  'mail.reminder.followUp.due':
    'After your visit on {visitDate}, the clinic asked to see you again for a follow-up visit around {dueDate}.',
  'mail.reminder.followUp.schedule': 'Please call {phone} to schedule it.',
  'mail.reminder.followUp.scheduleNoPhone': 'Please contact the clinic to schedule it.',
  'mail.reminder.followUp.ignore': 'If you have already scheduled it, you can ignore this e-mail.',
  'mail.reminder.followUp.action': 'Open the patient portal',
  'mail.reminder.responsible': 'You receive this reminder as a responsible person of {name}.',
  'mail.reminder.appointment.subjectFor': 'Appointment reminder for {name}',
  'mail.reminder.appointment.whenFor': "This is a reminder of {name}'s appointment on {when}.",
  'mail.reminder.appointment.prepareFor':
    "Before the visit, please review {name}'s health profile and sign any consent forms waiting in the patient portal.",
  'mail.reminder.appointment.actionFor': "View {name}'s appointments",
  'mail.reminder.followUp.subjectFor': 'Time to schedule a follow-up visit for {name}',
  'mail.reminder.followUp.dueFor':
    "After {name}'s visit on {visitDate}, the clinic asked to see {name} again for a follow-up visit around {dueDate}.",
} as const;
