import type { enClinicalRecord } from './en-clinical-record';

/** Spanish texts of the clinical record (en-clinical-record.ts). */
export const esClinicalRecord = {
  'unsubscribe.confirm.5':
    '¿Está seguro de que desea dejar de recibir correos electrónicos sobre nuevos resultados de pruebas?',
  'unsubscribeSuccess.message.5': 'Ya no recibirá correos electrónicos sobre nuevos resultados de pruebas.',
  'mail.reminder.footer.5':
    'Recibe este correo electrónico porque recibe avisos cuando llega un resultado de prueba a su portal del paciente.',
  'mail.result.subject': 'Hay un nuevo resultado de prueba en su portal del paciente',
  'mail.result.subjectCorrected': 'Hay un resultado de prueba actualizado en su portal del paciente',
  'mail.result.new':
    'Hay un nuevo resultado de prueba de {practiceName} disponible en su portal del paciente.',
  'mail.result.corrected': 'Se actualizó un resultado de prueba de {practiceName} en su portal del paciente.',
  'mail.result.newAbout':
    'Hay un nuevo resultado de prueba de {name} de {practiceName} disponible en el portal del paciente.',
  'mail.result.correctedAbout':
    'Se actualizó un resultado de prueba de {name} de {practiceName} en el portal del paciente.',
  'mail.result.privacy':
    'Por su privacidad, este correo electrónico no muestra el resultado. Inicie sesión para leerlo.',
  'mail.result.action': 'Ver su información de salud',
  'server.error.encounterNotFound':
    'No existe ninguna visita con el identificador externo {externalId} para este paciente en este consultorio.',
  'server.error.recordOtherPatient':
    'La entrada {externalId} pertenece a otro paciente; envíela con un nuevo identificador externo.',
  'server.error.notePdf': 'El PDF de la nota debe ser base64 de un archivo PDF de 10 MB como máximo.',
  'server.error.resultNotFound': 'Este resultado no existe.',
} as const satisfies Record<keyof typeof enClinicalRecord, string>;
