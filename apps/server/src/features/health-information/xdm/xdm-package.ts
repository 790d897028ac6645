/**
 * The transmitted health summary as an IHE XDM package (ITI TF-1 §16, ITI TF-3 §4.2.4.3;
 * decision 228): at the root INDEX.HTM (what the package holds, with links) and README.TXT (who
 * sent it, with which software); in IHE_XDM/SUBSET01 the C-CDA (DOC0001.XML), its readable HTML
 * rendering (DOC0002.HTM) and METADATA.XML, an ebRIM SubmitObjectsRequest with the submission set
 * and one document entry per document, each with its size, SHA-1 hash and URI. The metadata is
 * read from the C-CDA itself, so the two always agree.
 */
import { createHash, randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Element } from '@xmldom/xmldom';
import { cdaToHtml, parseCda } from './cda-html';

export const xdmSubset = 'IHE_XDM/SUBSET01';

/** Every file of the package. */
export const xdmFileNames = [
  'INDEX.HTM',
  'README.TXT',
  `${xdmSubset}/DOC0001.XML`,
  `${xdmSubset}/DOC0002.HTM`,
  `${xdmSubset}/METADATA.XML`,
] as const;

const RIM = 'urn:oasis:names:tc:ebxml-regrep:xsd:rim:3.0';
const LCM = 'urn:oasis:names:tc:ebxml-regrep:xsd:lcm:3.0';
const CLASSIFICATION_SCHEME = 'urn:oasis:names:tc:ebxml-regrep:ObjectType:RegistryObject:Classification';

/** XDS metadata identifiers (ITI TF-3 §4.2.5). */
const xds = {
  documentEntry: 'urn:uuid:7edca82f-054d-47f2-a032-9b2a5b5186c1',
  submissionSetNode: 'urn:uuid:a54d6aa5-d40d-43f9-88c5-b4633d873bdd',
  entryAuthor: 'urn:uuid:93606bcf-9494-43ec-9b4e-a7748d1a838d',
  entryClassCode: 'urn:uuid:41a5887f-8865-4c09-adf7-e362475b143a',
  entryConfidentiality: 'urn:uuid:f4f85eac-e6cb-4883-b524-f2705394840f',
  entryFormatCode: 'urn:uuid:a09d5840-386c-46f2-b5ad-9c3699a4309d',
  entryFacilityType: 'urn:uuid:f33fb8ac-18af-42cc-ae0e-ed0b0bdb91e1',
  entryPracticeSetting: 'urn:uuid:cccf5598-8b07-4b77-a05e-ae952c785ead',
  entryTypeCode: 'urn:uuid:f0306f51-975f-434e-a61c-c59651d33983',
  entryPatientId: 'urn:uuid:58a6f841-87b3-4a3e-92fd-a8ffeff98427',
  entryUniqueId: 'urn:uuid:2e82c1f6-a085-4c72-9da3-8640a32e42ab',
  setAuthor: 'urn:uuid:a7058bb9-b4e4-4307-ba5b-e3f0ab85e12d',
  setContentType: 'urn:uuid:aa543740-bdda-424e-8c96-df4873be8500',
  setUniqueId: 'urn:uuid:96fdda7c-d067-4183-912e-bf5ee74998a8',
  setSourceId: 'urn:uuid:554ac39e-e3fe-47fe-b233-965d2a147832',
  setPatientId: 'urn:uuid:6b5aea1a-874d-4603-a4bc-96a0a7b38446',
};

/** A UUID as an OID under the 2.25 arc (ITU-T X.667), which XDS identifiers require. */
export function uuidOid(uuid: string): string {
  return `2.25.${BigInt(`0x${uuid.replace(/-/g, '')}`).toString()}`;
}

/** XDS DTM: UTC, YYYYMMDDhhmmss. */
const dtm = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

const kids = (e: Element | undefined): Element[] =>
  e ? Array.from(e.childNodes).filter((n): n is Element => n.nodeType === 1) : [];
const first = (e: Element | undefined, ...path: string[]): Element | undefined => {
  let current = e;
  for (const name of path) current = kids(current).find((c) => c.localName === name);
  return current;
};

interface DocumentFacts {
  id: string;
  title: string;
  language: string;
  confidentiality: string;
  patientRoot: string;
  patientExtension: string;
  patientName: { family: string; given: string };
  birthTime: string;
  gender: string;
  authorOrganization: string;
  serviceStart: string | null;
  serviceStop: string | null;
}

function factsOf(xml: string): DocumentFacts {
  const root = parseCda(xml).documentElement!;
  const patientRole = first(root, 'recordTarget', 'patientRole');
  const patientId = first(patientRole, 'id');
  const name = first(patientRole, 'patient', 'name');
  const period = first(root, 'documentationOf', 'serviceEvent', 'effectiveTime');
  const text = (e: Element | undefined) => (e?.textContent ?? '').trim();
  return {
    id: first(root, 'id')?.getAttribute('root') || randomUUID(),
    title: text(first(root, 'title')),
    language: first(root, 'languageCode')?.getAttribute('code') ?? 'en-US',
    confidentiality: first(root, 'confidentialityCode')?.getAttribute('code') ?? 'N',
    patientRoot: patientId?.getAttribute('root') ?? '',
    patientExtension: patientId?.getAttribute('extension') ?? '',
    patientName: { family: text(first(name, 'family')), given: text(first(name, 'given')) },
    birthTime: first(patientRole, 'patient', 'birthTime')?.getAttribute('value') ?? '',
    gender: first(patientRole, 'patient', 'administrativeGenderCode')?.getAttribute('code') ?? 'U',
    authorOrganization: text(first(root, 'author', 'assignedAuthor', 'representedOrganization', 'name')),
    serviceStart: first(period, 'low')?.getAttribute('value')?.slice(0, 14) ?? null,
    serviceStop: first(period, 'high')?.getAttribute('value')?.slice(0, 14) ?? null,
  };
}

interface PackedDocument {
  uri: string;
  bytes: Uint8Array;
  mimeType: string;
  name: string;
  format: { code: string; scheme: string; display: string };
  uniqueId: string;
}

function slot(parent: XMLBuilder, name: string, ...values: string[]): void {
  const list = parent.ele(RIM, 'rim:Slot').att('name', name).ele(RIM, 'rim:ValueList');
  for (const v of values) list.ele(RIM, 'rim:Value').txt(v);
}

function named(parent: XMLBuilder, element: 'rim:Name' | 'rim:Description', value: string): void {
  parent.ele(RIM, element).ele(RIM, 'rim:LocalizedString').att('value', value);
}

function classification(
  parent: XMLBuilder,
  objectId: string,
  scheme: string,
  code: string,
  codingScheme: string,
  display: string,
): void {
  const c = parent
    .ele(RIM, 'rim:Classification')
    .att('id', `urn:uuid:${randomUUID()}`)
    .att('objectType', CLASSIFICATION_SCHEME)
    .att('classificationScheme', scheme)
    .att('classifiedObject', objectId)
    .att('nodeRepresentation', code);
  slot(c, 'codingScheme', codingScheme);
  named(c, 'rim:Name', display);
}

function externalId(parent: XMLBuilder, objectId: string, scheme: string, value: string, name: string): void {
  const e = parent
    .ele(RIM, 'rim:ExternalIdentifier')
    .att('id', `urn:uuid:${randomUUID()}`)
    .att('objectType', 'urn:oasis:names:tc:ebxml-regrep:ObjectType:RegistryObject:ExternalIdentifier')
    .att('identificationScheme', scheme)
    .att('registryObject', objectId)
    .att('value', value);
  named(e, 'rim:Name', name);
}

function metadata(facts: DocumentFacts, documents: PackedDocument[], submittedAt: Date): string {
  const patientOid = /^[0-9.]+$/.test(facts.patientRoot)
    ? facts.patientRoot
    : /^[0-9a-f-]{36}$/i.test(facts.patientRoot)
      ? uuidOid(facts.patientRoot)
      : '';
  const patientId = `${facts.patientExtension}^^^&${patientOid}&ISO`;
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const request = doc
    .ele(LCM, 'lcm:SubmitObjectsRequest')
    .att('http://www.w3.org/2000/xmlns/', 'xmlns:rim', RIM);
  const list = request.ele(RIM, 'rim:RegistryObjectList');
  const setId = `urn:uuid:${randomUUID()}`;
  const authorOf = (e: XMLBuilder, objectId: string, scheme: string) => {
    const author = e
      .ele(RIM, 'rim:Classification')
      .att('id', `urn:uuid:${randomUUID()}`)
      .att('objectType', CLASSIFICATION_SCHEME)
      .att('classificationScheme', scheme)
      .att('classifiedObject', objectId)
      .att('nodeRepresentation', '');
    slot(author, 'authorInstitution', facts.authorOrganization);
    slot(author, 'authorPerson', '^Dermis patient portal');
  };

  const entryIds = documents.map((d) => {
    const id = `urn:uuid:${randomUUID()}`;
    const entry = list
      .ele(RIM, 'rim:ExtrinsicObject')
      .att('id', id)
      .att('mimeType', d.mimeType)
      .att('objectType', xds.documentEntry);
    slot(entry, 'creationTime', dtm(submittedAt));
    slot(entry, 'hash', createHash('sha1').update(d.bytes).digest('hex'));
    slot(entry, 'languageCode', facts.language);
    if (facts.serviceStart) slot(entry, 'serviceStartTime', facts.serviceStart);
    if (facts.serviceStop) slot(entry, 'serviceStopTime', facts.serviceStop);
    slot(entry, 'size', String(d.bytes.length));
    slot(entry, 'sourcePatientId', patientId);
    slot(
      entry,
      'sourcePatientInfo',
      `PID-3|${patientId}`,
      `PID-5|${facts.patientName.family}^${facts.patientName.given}^^^`,
      `PID-7|${facts.birthTime.slice(0, 8)}`,
      `PID-8|${facts.gender}`,
    );
    slot(entry, 'URI', d.uri);
    named(entry, 'rim:Name', d.name);
    authorOf(entry, id, xds.entryAuthor);
    classification(
      entry,
      id,
      xds.entryClassCode,
      '34133-9',
      '2.16.840.1.113883.6.1',
      'Summary of episode note',
    );
    classification(
      entry,
      id,
      xds.entryConfidentiality,
      facts.confidentiality,
      '2.16.840.1.113883.5.25',
      'normal',
    );
    classification(entry, id, xds.entryFormatCode, d.format.code, d.format.scheme, d.format.display);
    classification(
      entry,
      id,
      xds.entryFacilityType,
      '33022008',
      '2.16.840.1.113883.6.96',
      'Hospital-based outpatient clinic or department',
    );
    classification(entry, id, xds.entryPracticeSetting, '394582007', '2.16.840.1.113883.6.96', 'Dermatology');
    classification(
      entry,
      id,
      xds.entryTypeCode,
      '34133-9',
      '2.16.840.1.113883.6.1',
      'Summarization of Episode Note',
    );
    externalId(entry, id, xds.entryPatientId, patientId, 'XDSDocumentEntry.patientId');
    externalId(entry, id, xds.entryUniqueId, d.uniqueId, 'XDSDocumentEntry.uniqueId');
    return id;
  });

  const set = list.ele(RIM, 'rim:RegistryPackage').att('id', setId);
  slot(set, 'submissionTime', dtm(submittedAt));
  named(set, 'rim:Name', facts.title || 'Health summary');
  authorOf(set, setId, xds.setAuthor);
  classification(
    set,
    setId,
    xds.setContentType,
    '34133-9',
    '2.16.840.1.113883.6.1',
    'Summary of episode note',
  );
  externalId(set, setId, xds.setUniqueId, uuidOid(randomUUID()), 'XDSSubmissionSet.uniqueId');
  externalId(set, setId, xds.setSourceId, uuidOid(facts.id), 'XDSSubmissionSet.sourceId');
  externalId(set, setId, xds.setPatientId, patientId, 'XDSSubmissionSet.patientId');
  list
    .ele(RIM, 'rim:Classification')
    .att('id', `urn:uuid:${randomUUID()}`)
    .att('classifiedObject', setId)
    .att('classificationNode', xds.submissionSetNode);
  for (const entryId of entryIds) {
    const association = list
      .ele(RIM, 'rim:Association')
      .att('id', `urn:uuid:${randomUUID()}`)
      .att('associationType', 'urn:oasis:names:tc:ebxml-regrep:AssociationType:HasMember')
      .att('sourceObject', setId)
      .att('targetObject', entryId);
    slot(association, 'SubmissionSetStatus', 'Original');
  }
  return doc.end({ prettyPrint: true });
}

const htmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The XDM ZIP of a C-CDA document sent for `practiceName`. */
export function xdmPackage(xml: string, practiceName: string, submittedAt: Date): Uint8Array {
  const facts = factsOf(xml);
  const cda = strToU8(xml);
  const html = strToU8(cdaToHtml(xml));
  const documents: PackedDocument[] = [
    {
      uri: 'DOC0001.XML',
      bytes: cda,
      mimeType: 'text/xml',
      name: facts.title || 'Continuity of Care Document',
      format: {
        code: 'urn:hl7-org:sdwg:ccda-structuredBody:2.1',
        scheme: '1.3.6.1.4.1.19376.1.2.3',
        display: 'Documents following C-CDA constraints using a structured body',
      },
      uniqueId: uuidOid(facts.id),
    },
    {
      uri: 'DOC0002.HTM',
      bytes: html,
      mimeType: 'text/html',
      name: `${facts.title || 'Continuity of Care Document'} (readable copy)`,
      format: {
        code: 'urn:ihe:iti:xds:2017:mimeTypeSufficient',
        scheme: '1.3.6.1.4.1.19376.1.2.3',
        display: 'mimeType Sufficient',
      },
      uniqueId: uuidOid(randomUUID()),
    },
  ];
  const title = htmlEscape(facts.title || 'Health summary');
  const index = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Contents of this package</title></head><body><main>',
    `<h1>${title}</h1>`,
    `<p>Sent by ${htmlEscape(practiceName)} through the Dermis patient portal on ${submittedAt.toISOString().slice(0, 10)}.</p>`,
    '<ul>',
    `<li><a href="${xdmSubset}/DOC0002.HTM">Readable copy of the health summary (HTML)</a></li>`,
    `<li><a href="${xdmSubset}/DOC0001.XML">The health summary as a C-CDA R2.1 document (XML)</a></li>`,
    `<li><a href="${xdmSubset}/METADATA.XML">IHE XDM metadata</a></li>`,
    '<li><a href="README.TXT">About this package</a></li>',
    '</ul></main></body></html>',
  ].join('\n');
  const readme = [
    `This package holds a health summary sent by ${practiceName} through the Dermis patient portal`,
    `on ${submittedAt.toISOString()}.`,
    '',
    'It follows IHE XDM (Cross-Enterprise Document Media Interchange):',
    `  INDEX.HTM                    what the package holds, with links`,
    `  ${xdmSubset}/DOC0001.XML    the health summary, an HL7 C-CDA R2.1 Continuity of Care Document`,
    `  ${xdmSubset}/DOC0002.HTM    the same summary as a web page anyone can read`,
    `  ${xdmSubset}/METADATA.XML   the XDS submission set and document entries`,
    '',
    'Software: Dermis patient portal.',
    '',
  ].join('\r\n');
  const fixed = { mtime: new Date('2000-01-01T00:00:00Z') };
  return zipSync(
    {
      'INDEX.HTM': [strToU8(index), fixed],
      'README.TXT': [strToU8(readme), fixed],
      [`${xdmSubset}/DOC0001.XML`]: [cda, fixed],
      [`${xdmSubset}/DOC0002.HTM`]: [html, fixed],
      [`${xdmSubset}/METADATA.XML`]: [strToU8(metadata(facts, documents, submittedAt)), fixed],
    },
    { level: 6 },
  );
}
