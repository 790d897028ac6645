/**
 * Texts of sending messages and the health-summary transmission: the
 * send limits, Direct availability and the e-mail that carries a transmitted summary. Spanish in
 * es-message-sending.ts, same keys.
 */
export const enMessageSending = {
  'server.error.sendLimitAccount':
    'You have reached your daily message limit ({limit}). Please try again tomorrow.',
  'server.error.sendLimitPractice':
    'Your practice has reached its limit of messages for today. Please try again tomorrow.',
  'server.error.directUnavailable': 'Direct messaging is not available for this account.',
  'mail.transmit.greeting': 'Hello,',
  'mail.transmit.intro':
    '{name} sent you a health summary from the {practiceName} patient portal. It is attached to this e-mail.',
  'mail.transmit.note': 'Message from {name}:',
} as const;

export type MessageSendingMessageKey = keyof typeof enMessageSending;
