/**
 * Texts of the clinical record (decisions 220, 221): the Health Information page's results, vital
 * signs, immunizations, notes and plan of care; the e-mail telling a patient a result arrived, and
 * its unsubscribe type (5); the server's messages to the clinic's feed.
 */
export const enClinicalRecord = {
  'unsubscribe.confirm.5': 'Are you sure you want to unsubscribe from e-mails about new test results?',
  'unsubscribeSuccess.message.5': 'You have been unsubscribed from e-mails about new test results.',
  'mail.reminder.footer.5':
    'You receive this e-mail because you get e-mails when a test result arrives in your patient portal.',
  'mail.result.subject': 'A new test result is in your patient portal',
  'mail.result.subjectCorrected': 'An updated test result is in your patient portal',
  'mail.result.new': 'A new test result from {practiceName} is available in your patient portal.',
  'mail.result.corrected': 'A test result from {practiceName} was updated in your patient portal.',
  'mail.result.newAbout':
    'A new test result of {name} from {practiceName} is available in the patient portal.',
  'mail.result.correctedAbout':
    'A test result of {name} from {practiceName} was updated in the patient portal.',
  'mail.result.privacy': 'For your privacy, this e-mail does not show the result. Sign in to read it.',
  'mail.result.action': 'View your health information',
  'server.error.encounterNotFound':
    'No encounter with external id {externalId} exists for this patient in this practice.',
  'server.error.recordOtherPatient':
    'The entry {externalId} belongs to another patient; send it under a new external id.',
  'server.error.notePdf': 'The note’s PDF must be base64 of a PDF file of at most 10 MB.',
  'server.error.resultNotFound': 'This result does not exist.',
} as const;
