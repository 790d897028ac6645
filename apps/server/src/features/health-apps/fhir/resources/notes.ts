/**
 * Clinical notes as US Core DocumentReference (category clinical-note, the note's LOINC type). The
 * text and the PDF, when the clinic sent them, are each a Binary the Binary route serves.
 */
import type { RecordNote } from '../../../../lib/health-record/clinical-record';
import { fhirIds, fhirPatientId } from '../ids';
import { ref, type BuildContext, type BuiltResource } from './built';
import { clinicalNote } from './documents';
import { instant, profile, systems } from './terminology';

export function buildClinicalNote(
  ctx: BuildContext,
  n: RecordNote,
  visits: ReadonlySet<number>,
): BuiltResource {
  const binary = (id: string) => `${ctx.base}/Binary/${id}`;
  const content = [
    ...(n.text !== null
      ? [
          {
            attachment: {
              contentType: 'text/plain; charset=utf-8',
              url: binary(fhirIds.clinicalNote(n.id)),
              size: Buffer.byteLength(n.text, 'utf8'),
              title: n.title,
              creation: instant(n.authoredAt),
            },
          },
        ]
      : []),
    ...(n.pdf
      ? [
          {
            attachment: {
              contentType: 'application/pdf',
              url: binary(fhirIds.clinicalNotePdf(n.id)),
              size: n.pdf.contentLength,
              title: n.pdf.fileName,
              creation: instant(n.authoredAt),
            },
          },
        ]
      : []),
  ];
  const served = n.encounterId !== null && visits.has(n.encounterId);
  return {
    author: 'practice',
    recorded: n.recordedAt,
    resource: {
      resourceType: 'DocumentReference',
      id: fhirIds.clinicalNote(n.id),
      meta: { lastUpdated: instant(n.recordedAt), profile: [profile('us-core-documentreference')] },
      status: 'current',
      type: {
        coding: [{ system: systems.loinc, code: n.noteTypeCode, display: n.noteTypeName }],
        text: n.noteTypeName,
      },
      category: [clinicalNote],
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      date: instant(n.authoredAt),
      author: [{ display: n.authorName }],
      custodian: ref('Organization', fhirIds.practice(ctx.practiceId)),
      description: n.title,
      content,
      context: {
        ...(served ? { encounter: [ref('Encounter', fhirIds.encounter(n.encounterId!))] } : {}),
        period: { start: instant(n.authoredAt) },
      },
    },
  };
}
