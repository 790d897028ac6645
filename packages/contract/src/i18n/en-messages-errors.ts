/**
 * Texts the messages API answers with: validation and server errors of the messages,
 * attachment and send calls, and the new-message notification e-mail,
 * in the spec's wording where it has one (spec 002 §5, §8). The messages screens' own texts live with the screens. Spanish in es-messages-errors.ts, same keys.
 */
export const enMessagesErrors = {
  'messages.error.addressNotValid': 'Address not valid',
  'messages.error.subjectRequired': 'Subject is required',
  'messages.error.attachmentTooLarge': '{name} is larger than 3.5 MB',
  'messages.error.attachmentType': 'This type of file cannot be attached.',
  'messages.error.attachmentContent': 'The content of {name} is not an allowed type of file.',
  'messages.error.attachmentUnknown': 'This attachment is not ready to be sent; add it again.',
  'messages.error.attachmentNameDirection':
    'A file name cannot contain characters that change the direction of text; rename the file and add it again.',
  'messages.error.uploadMissing': 'The file was not uploaded, or its upload address expired; add it again.',
  'messages.error.directUnavailable':
    'Direct messaging is not available for this account; send an e-mail instead.',
  'messages.error.directRecipientUnknown': 'There is no Direct address {to} at this practice.',
  'messages.error.sendFailed': 'Something went wrong, please try again or contact support.',
  'messages.error.messageNotFound': 'This message does not exist.',
  'mail.newMessage.subject': 'You have a new message',
  'mail.newMessage.body':
    '{practiceName} sent you a secure message. Sign in to the patient portal to read it.',
  'mail.newMessage.action': 'Read your messages',
} as const;

export type MessagesErrorMessageKey = keyof typeof enMessagesErrors;
