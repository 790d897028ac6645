import type { MessagesErrorMessageKey } from './en-messages-errors';

/** Spanish texts of the messages API (same keys as en-messages-errors.ts). */
export const esMessagesErrors: Record<MessagesErrorMessageKey, string> = {
  'messages.error.addressNotValid': 'Dirección no válida',
  'messages.error.subjectRequired': 'El asunto es obligatorio',
  'messages.error.attachmentTooLarge': '{name} supera los 3.5 MB',
  'messages.error.attachmentType': 'Este tipo de archivo no se puede adjuntar.',
  'messages.error.attachmentContent': 'El contenido de {name} no es un tipo de archivo permitido.',
  'messages.error.attachmentUnknown': 'Este adjunto no está listo para enviarse; añádalo de nuevo.',
  'messages.error.attachmentNameDirection':
    'El nombre de un archivo no puede contener caracteres que cambian la dirección del texto; cambie el nombre del archivo y añádalo de nuevo.',
  'messages.error.uploadMissing': 'El archivo no se subió o su dirección de subida caducó; añádalo de nuevo.',
  'messages.error.directUnavailable':
    'La mensajería Direct no está disponible para esta cuenta; envíe un correo electrónico.',
  'messages.error.directRecipientUnknown': 'No existe la dirección Direct {to} en esta consulta.',
  'messages.error.sendFailed': 'Algo salió mal, inténtelo de nuevo o contacte con soporte.',
  'messages.error.messageNotFound': 'Este mensaje no existe.',
  'mail.newMessage.subject': 'Tiene un mensaje nuevo',
  'mail.newMessage.body':
    '{practiceName} le envió un mensaje seguro. Inicie sesión en el portal del paciente para leerlo.',
  'mail.newMessage.action': 'Leer sus mensajes',
};
