/**
 * Texts of the appointments page, the consent signing and patient education modals
 * (spec 002 §2 "Appointments page", "Consent signing modal", "Patient Education modal", §8; decisions
 * 104-106). Spanish in es-appointments.ts, same keys. The start-up modal and the notifications
 * dropdown keep their texts in en-health-profile.ts and en-core.ts.
 */
export const enAppointments = {
  'appointments.title': 'Appointments',
  'appointments.subheader':
    'Your upcoming appointments, the consents to sign before them and your past visits.',
  'appointments.subheaderActingFor':
    "{name}'s upcoming appointments, the consents to sign before them and past visits.",
  'appointments.upcoming': 'Upcoming Appointments',
  'appointments.past': 'Past Visits',
  'appointments.doctor': 'Doctor',
  'appointments.date': 'Date',
  'appointments.consents': 'Consents',
  'appointments.noUpcoming': "You don't have any scheduled appointments",
  'appointments.noPast': "You don't have any past appointments",
  'appointments.noProvider': 'No attending provider',
  'appointments.upcomingFailed': 'Upcoming appointments fetch failed, please try again ...',
  'appointments.pastFailed': 'Past visits fetch failed, please try again ...',
  'appointments.tryAgain': 'Try again',
  'appointments.loadingUpcoming': 'Loading upcoming appointments',
  'appointments.loadingPast': 'Loading past visits',
  'appointments.phone': 'Phone',
  'appointments.website': 'Website',
  'appointments.websiteOf': ', {clinic} website (opens in a new tab)',
  'appointments.avatarOf': 'Photo of {name}',
  'appointments.importVcs': 'Import VCS File',
  'appointments.importVcsOf': 'Import VCS File for the visit on {date}',
  'appointments.calendarSummary': 'Appointment with {provider}',
  'appointments.calendarSummaryNoProvider': 'Appointment at {clinic}',
  'appointments.calendarSummaryGeneric': 'Appointment',
  'appointments.signConsent': 'Sign {title}',
  'appointments.noUnsignedConsents': 'No consents to sign',
  'appointments.visitOn': 'Visit on {date}',
  'appointments.education': 'Patient Education',
  'appointments.educationOf': 'Patient Education for the visit on {date}',
  'appointments.noEducation': 'No patient education was given for this visit.',
  'appointments.more': 'More...',
  'appointments.moreOf': 'More... (full patient education for the visit on {date})',
  'appointments.showMoreUpcoming': 'Show more upcoming appointments',
  'appointments.upcomingShownCount.one': 'Showing {shown} of {total} upcoming appointment',
  'appointments.upcomingShownCount.other': 'Showing {shown} of {total} upcoming appointments',
  'appointments.loadMore': 'Load More',
  'appointments.shownCount.one': 'Showing {shown} of {total} past visit',
  'appointments.shownCount.other': 'Showing {shown} of {total} past visits',

  'consent.signTitle': 'Sign Consent: {title}',
  'consent.clear': 'Clear',
  'consent.save': 'Save',
  'consent.largerDevice': 'To be able to sign consent larger device is needed',
  'consent.initFailed': 'Cannot initialize signing modal, please try again later ...',
  'consent.saveFailed': 'The consent could not be saved, please try again later ...',
  'consent.loading': 'Loading the consent',
  'consent.saving': 'Saving your signature',
  'consent.canvasLabel': 'Signature area: sign here',
  'consent.instructions':
    'Read the consent above, then sign inside the box with your mouse, pen or finger and choose Save. Clear empties the box so you can sign again.',
  'consent.noKeyboard':
    'Signing needs drawing with a mouse, pen or touch screen. If you cannot draw a signature, ask your practice to record your consent at the visit.',
  'consent.signingFor': 'You are signing on behalf of {name}.',

  'education.title': 'Patient Education',
  'education.print': 'Print',
  'education.note': 'Note from your provider',
  'education.printTitle': 'Patient Education - {date}',
} as const;

export type AppointmentsMessageKey = keyof typeof enAppointments;
