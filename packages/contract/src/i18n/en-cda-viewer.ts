/**
 * Texts of the complete-record viewer (issue 9 item 6) around the document; the document itself is
 * shown with the HL7 stylesheet's English labels (decision 092). Spanish in es-cda-viewer.ts.
 */
export const enCdaViewer = {
  'cdaViewer.loading': 'Loading the clinical document...',
  'cdaViewer.unreadableTitle': 'This document cannot be shown',
  'cdaViewer.unreadable':
    'The clinical document could not be read: it is not a well-formed CDA document. Please contact your practice.',
  'cdaViewer.notFound': 'There is no clinical document for this visit.',
  'cdaViewer.fetchFailed': 'The clinical document could not be loaded, please try again later.',
  'cdaViewer.print': 'Print',
  'server.error.clinicalDocumentNotFound': 'There is no clinical document for this visit.',
  'clinicalDocument.error.notXml': 'The document is not well-formed XML.',
  'clinicalDocument.error.notCda':
    'The document is not a CDA document (root ClinicalDocument in urn:hl7-org:v3).',
  'clinicalDocument.error.doctype': 'The document must not contain a DOCTYPE declaration.',
  'integration.error.unknownEncounter': 'No encounter of this practice has that id.',
} as const;
