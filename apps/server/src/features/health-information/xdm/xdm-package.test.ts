/**
 * The transmitted package follows IHE XDM: the layout, METADATA.XML's submission set and document
 * entries (read back with an XML parser: size, SHA-1, URI, patient, codes, association), INDEX.HTM's
 * links, and the readable HTML made from the C-CDA (sections present, user text escaped).
 */
import { createHash } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildContinuityOfCareDocument } from '../ccda/continuity-of-care';
import { syntheticHealthRecord } from '../../../lib/health-record/synthetic-health-record';
import { xdmFileNames, xdmPackage } from './xdm-package';

const RIM = 'urn:oasis:names:tc:ebxml-regrep:xsd:rim:3.0';
const xml = buildContinuityOfCareDocument(syntheticHealthRecord(3), {
  generatedAt: new Date('2026-03-01T12:00:00Z'),
  documentId: '6f1c3a52-8d0e-4b7a-9a51-2f8d1e0c7b44',
});
const files = unzipSync(xdmPackage(xml, 'Sunshine <Dermatology>', new Date('2026-03-01T12:00:00Z')));
const metadata = new DOMParser().parseFromString(
  strFromU8(files['IHE_XDM/SUBSET01/METADATA.XML']!),
  'text/xml',
);
const all = (
  name: string,
  parent: { getElementsByTagNameNS: Element['getElementsByTagNameNS'] } = metadata,
) => Array.from(parent.getElementsByTagNameNS(RIM, name));
const slotOf = (e: Element, name: string) =>
  all('Slot', e)
    .filter((s) => s.getAttribute('name') === name)
    .flatMap((s) => all('Value', s).map((v) => v.textContent));

describe('IHE XDM package of the health summary', () => {
  it('holds INDEX.HTM and README.TXT at the root and the documents with METADATA.XML in SUBSET01', () => {
    expect(Object.keys(files).sort()).toEqual([...xdmFileNames].sort());
    expect(strFromU8(files['IHE_XDM/SUBSET01/DOC0001.XML']!)).toBe(xml);
    const index = strFromU8(files['INDEX.HTM']!);
    for (const href of index.matchAll(/href="([^"]+)"/g)) expect(Object.keys(files)).toContain(href[1]);
    expect(index).toContain('Sunshine &lt;Dermatology&gt;');
    expect(strFromU8(files['README.TXT']!)).toContain('IHE XDM');
  });

  it('describes the submission set and each document in METADATA.XML', () => {
    expect(metadata.documentElement!.localName).toBe('SubmitObjectsRequest');
    const entries = all('ExtrinsicObject');
    expect(entries.map((e) => e.getAttribute('mimeType'))).toEqual(['text/xml', 'text/html']);
    const [cda, html] = entries as [Element, Element];
    expect(cda.getAttribute('objectType')).toBe('urn:uuid:7edca82f-054d-47f2-a032-9b2a5b5186c1');
    const bytes = files['IHE_XDM/SUBSET01/DOC0001.XML']!;
    expect(slotOf(cda, 'URI')).toEqual(['DOC0001.XML']);
    expect(slotOf(cda, 'size')).toEqual([String(bytes.length)]);
    expect(slotOf(cda, 'hash')).toEqual([createHash('sha1').update(bytes).digest('hex')]);
    expect(slotOf(html, 'URI')).toEqual(['DOC0002.HTM']);
    expect(slotOf(cda, 'sourcePatientId')[0]).toMatch(/^SYN-1 <&>\^\^\^&2\.25\.\d+&ISO$/);
    expect(slotOf(cda, 'sourcePatientInfo')).toContain("PID-5|O'Connor & Sons^Ana <b>^^^");
    expect(slotOf(cda, 'serviceStartTime')).toEqual(['20250101150000']);
    const codes = all('Classification', cda).map((c) => c.getAttribute('nodeRepresentation'));
    expect(codes).toEqual(
      expect.arrayContaining(['34133-9', 'urn:hl7-org:sdwg:ccda-structuredBody:2.1', 'N']),
    );
    const uniqueId = all('ExternalIdentifier', cda).find(
      (e) => e.getAttribute('identificationScheme') === 'urn:uuid:2e82c1f6-a085-4c72-9da3-8640a32e42ab',
    );
    expect(uniqueId?.getAttribute('value')).toMatch(/^2\.25\.\d+$/);
    const [set] = all('RegistryPackage');
    expect(slotOf(set!, 'submissionTime')).toEqual(['20260301120000']);
    const members = all('Association').filter(
      (a) => a.getAttribute('sourceObject') === set!.getAttribute('id'),
    );
    expect(members.map((a) => a.getAttribute('targetObject'))).toEqual(
      entries.map((e) => e.getAttribute('id')),
    );
    const marked = all('Classification').filter(
      (c) => c.getAttribute('classificationNode') === 'urn:uuid:a54d6aa5-d40d-43f9-88c5-b4633d873bdd',
    );
    expect(marked.map((c) => c.getAttribute('classifiedObject'))).toEqual([set!.getAttribute('id')]);
  });

  it('renders the C-CDA as readable HTML: every section titled, user text escaped', () => {
    const html = strFromU8(files['IHE_XDM/SUBSET01/DOC0002.HTM']!);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    for (const title of ['Allergies and Intolerances', 'Medications', 'Problems', 'Insurance Providers'])
      expect(html).toContain(`<h2>${title}</h2>`);
    expect(html).toContain('&lt;#1&gt;');
    expect(html).not.toContain('<#');
    expect(html).not.toMatch(/<script/i);
  });
});
