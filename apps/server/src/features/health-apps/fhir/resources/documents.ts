/**
 * Documents as US Core DocumentReference, their content served as Binary: the practice's documents
 * (the files of the Documents page), the clinical document of each visit, and the patient's own
 * C-CDA summary of the whole record, made when it is read (decision 212).
 */
import { fhirIds, fhirPatientId } from '../ids';
import type { PatientDocumentRow, VisitDocumentRow } from '../patient-data';
import { ref, type BuildContext, type BuiltResource } from './built';
import { instant, profile, systems } from './terminology';

export const clinicalNote = {
  coding: [{ system: systems.usCoreDocumentCategory, code: 'clinical-note', display: 'Clinical Note' }],
};

const loinc = (code: string, display: string) => ({
  coding: [{ system: systems.loinc, code, display }],
  text: display,
});

const ccdaFormat = {
  system: systems.formatCode,
  code: 'urn:hl7-org:sdwg:ccda-structuredBody:2.1',
  display: 'Documents following C-CDA constraints using a structured body',
};

export function buildPracticeDocument(ctx: BuildContext, d: PatientDocumentRow): BuiltResource {
  const id = fhirIds.document(d.id);
  return {
    author: 'practice',
    recorded: d.addedOn,
    resource: {
      resourceType: 'DocumentReference',
      id,
      meta: { lastUpdated: instant(d.updatedAt), profile: [profile('us-core-documentreference')] },
      status: 'current',
      // A file the practice shared carries no document type: LOINC's generic "Note" (decision 212).
      type: loinc('34109-9', 'Note'),
      category: [clinicalNote],
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      date: instant(d.dateCreated),
      author: [ref('Organization', fhirIds.practice(ctx.practiceId))],
      description: d.name,
      content: [
        {
          attachment: {
            contentType: d.mimeType,
            url: `${ctx.base}/Binary/${id}`,
            size: d.contentLength,
            title: d.fileName,
            creation: instant(d.dateCreated),
          },
        },
      ],
    },
  };
}

/** `visitServed`: the visit is among the Encounters served (a future visit is not: no reference to it). */
export function buildVisitDocument(
  ctx: BuildContext,
  d: VisitDocumentRow,
  visitServed: boolean,
): BuiltResource {
  const id = fhirIds.visitDocument(d.id);
  return {
    author: 'practice',
    recorded: d.receivedAt,
    resource: {
      resourceType: 'DocumentReference',
      id,
      meta: { lastUpdated: instant(d.receivedAt), profile: [profile('us-core-documentreference')] },
      status: 'current',
      type: loinc('11506-3', 'Progress note'),
      category: [clinicalNote],
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      date: instant(d.receivedAt),
      author: [ref('Organization', fhirIds.practice(ctx.practiceId))],
      description: d.title,
      content: [
        {
          attachment: { contentType: 'application/xml', url: `${ctx.base}/Binary/${id}`, title: d.title },
          format: ccdaFormat,
        },
      ],
      ...(visitServed
        ? { context: { encounter: [ref('Encounter', fhirIds.encounter(d.encounterId))] } }
        : {}),
    },
  };
}

/** The summary of the record as it stands: dated with the record's newest change (`asOf`). */
export function buildSummaryDocument(ctx: BuildContext, asOf: Date, patientName: string): BuiltResource {
  const id = fhirIds.summary(ctx.patientId);
  return {
    author: 'practice',
    recorded: asOf,
    resource: {
      resourceType: 'DocumentReference',
      id,
      meta: { lastUpdated: instant(asOf), profile: [profile('us-core-documentreference')] },
      status: 'current',
      type: loinc('34133-9', 'Summary of episode note'),
      category: [clinicalNote],
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      date: instant(asOf),
      author: [ref('Organization', fhirIds.practice(ctx.practiceId))],
      description: `Health summary of ${patientName}`,
      content: [
        {
          attachment: {
            contentType: 'application/xml',
            url: `${ctx.base}/Binary/${id}`,
            title: 'Health summary (C-CDA)',
          },
          format: ccdaFormat,
        },
      ],
    },
  };
}
