/**
 * Clinical documents (decision 092): the clinic attaches a CDA document to an
 * encounter; the patient (or their responsible person) views it. A document is checked by its
 * content on the way in: it must parse as XML, carry no DOCTYPE (no entity tricks reach a browser),
 * and its root must be ClinicalDocument in the HL7 v3 namespace.
 */
import type { AttachClinicalDocumentRequest, AttachClinicalDocumentResponse } from '@dermis/contract';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { clinicalDocument, encounter } from '../../db/schema';
import { invalidField, notFound } from '../../lib/http-error';

const hl7v3 = 'urn:hl7-org:v3';

/** The document's title (its title, the code's display name, or "Clinical Document"), or a 400. */
export function checkClinicalDocument(xml: string): { title: string } {
  if (/<!DOCTYPE/i.test(xml)) throw invalidField('xml', 'clinicalDocument.error.doctype');
  let root: Element | null;
  try {
    const parser = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    });
    root = parser.parseFromString(xml, 'application/xml').documentElement;
  } catch {
    throw invalidField('xml', 'clinicalDocument.error.notXml');
  }
  if (!root || root.localName !== 'ClinicalDocument' || root.namespaceURI !== hl7v3)
    throw invalidField('xml', 'clinicalDocument.error.notCda');
  const child = (name: string) => {
    for (let node = root.firstChild; node; node = node.nextSibling)
      if (node.nodeType === 1 && (node as Element).localName === name) return node as Element;
    return null;
  };
  const title =
    (child('title')?.textContent ?? '').replace(/\s+/g, ' ').trim() ||
    (child('code')?.getAttribute('displayName') ?? '').trim() ||
    'Clinical Document';
  return { title: title.slice(0, 500) };
}

/** Attaches (or replaces) the document of the practice's encounter named by the clinic's own id. */
export async function attachClinicalDocument(
  db: Db,
  practiceId: number,
  encounterExternalId: string,
  input: AttachClinicalDocumentRequest,
): Promise<AttachClinicalDocumentResponse> {
  const checked = checkClinicalDocument(input.xml);
  const [visit] = await db
    .select({ id: encounter.id, patientId: encounter.patientId })
    .from(encounter)
    .where(and(eq(encounter.practiceId, practiceId), eq(encounter.externalId, encounterExternalId)))
    .limit(1);
  if (!visit) throw notFound('integration.error.unknownEncounter');
  const fields = {
    patientId: visit.patientId,
    title: input.title ?? checked.title,
    xml: input.xml,
    source: input.source,
    receivedAt: new Date(),
  };
  const [row] = await db
    .insert(clinicalDocument)
    .values({ practiceId, encounterId: visit.id, ...fields })
    .onConflictDoUpdate({ target: clinicalDocument.encounterId, set: fields })
    .returning({ id: clinicalDocument.id, title: clinicalDocument.title, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('clinical document upsert returned nothing');
  return { id: row.id, encounterId: visit.id, title: row.title, created: row.created };
}

/** The XML of the encounter's document, when the encounter is the patient's and has one. */
export async function encounterDocumentXml(db: Db, patientId: number, encounterId: number): Promise<string> {
  const [row] = await db
    .select({ xml: clinicalDocument.xml })
    .from(clinicalDocument)
    .where(and(eq(clinicalDocument.patientId, patientId), eq(clinicalDocument.encounterId, encounterId)))
    .limit(1);
  if (!row) throw notFound('server.error.clinicalDocumentNotFound');
  return row.xml;
}
