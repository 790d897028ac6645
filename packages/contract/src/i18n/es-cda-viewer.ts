import type { enCdaViewer } from './en-cda-viewer';

/** Spanish texts of the complete-record viewer; same keys as en-cda-viewer.ts. */
export const esCdaViewer: Record<keyof typeof enCdaViewer, string> = {
  'cdaViewer.loading': 'Cargando el documento clínico...',
  'cdaViewer.unreadableTitle': 'No se puede mostrar este documento',
  'cdaViewer.unreadable':
    'No se pudo leer el documento clínico: no es un documento CDA bien formado. Comuníquese con su consultorio.',
  'cdaViewer.notFound': 'No hay ningún documento clínico para esta visita.',
  'cdaViewer.fetchFailed': 'No se pudo cargar el documento clínico; vuelva a intentarlo más tarde.',
  'cdaViewer.print': 'Imprimir',
  'server.error.clinicalDocumentNotFound': 'No hay ningún documento clínico para esta visita.',
  'clinicalDocument.error.notXml': 'El documento no es XML bien formado.',
  'clinicalDocument.error.notCda':
    'El documento no es un documento CDA (raíz ClinicalDocument en urn:hl7-org:v3).',
  'clinicalDocument.error.doctype': 'El documento no debe contener una declaración DOCTYPE.',
  'integration.error.unknownEncounter': 'Ningún encuentro de este consultorio tiene ese identificador.',
};
