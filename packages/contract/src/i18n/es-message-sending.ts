import type { MessageSendingMessageKey } from './en-message-sending';

/** Spanish texts of sending messages and transmission (same keys as en-message-sending.ts). */
export const esMessageSending: Record<MessageSendingMessageKey, string> = {
  'server.error.sendLimitAccount':
    'Ha alcanzado su límite diario de mensajes ({limit}). Vuelva a intentarlo mañana.',
  'server.error.sendLimitPractice':
    'Su consulta ha alcanzado el límite de mensajes de hoy. Vuelva a intentarlo mañana.',
  'server.error.directUnavailable': 'La mensajería Direct no está disponible para esta cuenta.',
  'mail.transmit.greeting': 'Hola:',
  'mail.transmit.intro':
    '{name} le envió un resumen de salud desde el portal de pacientes de {practiceName}. Va adjunto a este correo.',
  'mail.transmit.note': 'Mensaje de {name}:',
};
