/**
 * Author Participation (C-CDA R2.1 2.16.840.1.113883.10.20.22.4.119) on every entry: who put it
 * in the record, when, and for which organisation (decision 226). The patient, entering it through
 * the portal, is identified as in the header's recordTarget; the practice's clinic system by the
 * practice; a prescription by its prescriber. The organisation is always the practice, whose record
 * it is.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { EntryAuthor, HealthRecord } from '../../../lib/health-record/health-record';
import type { Provenance } from '../clinical-record/clinical-record.repository';
import { taxonomyDescription } from '../../../lib/taxonomy-codes';
import {
  NPI_ROOT,
  code,
  codeSystemOid,
  personName,
  splitDisplayName,
  telecom,
  templateIds,
  timestamp,
  type Ids,
} from './cda-writer';

export function authorParticipation(
  parent: XMLBuilder,
  author: EntryAuthor,
  record: HealthRecord,
  ids: Ids,
): void {
  const a = parent.ele('author');
  templateIds(a, ['2.16.840.1.113883.10.20.22.4.119'], null);
  a.ele('time').att('value', timestamp(author.time));
  const assigned = a.ele('assignedAuthor');
  switch (author.kind) {
    case 'PATIENT':
      assigned.ele('id').att('root', ids.of('patients', 'root')).att('extension', record.patient.externalId);
      // The patient speaking for themselves (HL7 RoleCode ONESELF), as patient-generated documents do.
      code(assigned, 'code', { code: 'ONESELF', oid: codeSystemOid.HL7_ROLE_CODE, display: 'self' });
      personName(assigned.ele('assignedPerson'), record.patient.name, null);
      break;
    case 'PRESCRIBER':
      if (author.npi) assigned.ele('id').att('root', NPI_ROOT).att('extension', author.npi);
      else assigned.ele('id').att('root', ids.of('prescriber', author.name ?? 'unknown'));
      if (author.taxonomyCode) specialty(assigned, author.taxonomyCode);
      if (author.name) personName(assigned.ele('assignedPerson'), splitDisplayName(author.name), null);
      break;
    case 'PRACTICE':
      assigned.ele('id').att('root', ids.of('organization', 'practice')).att('extension', 'clinic-system');
      // The clinic itself, not one clinician: NUCC "Clinic/Center".
      code(assigned, 'code', {
        code: '261Q00000X',
        oid: codeSystemOid.NUCC_TAXONOMY,
        display: 'Clinic/Center',
      });
      break;
  }
  const org = assigned.ele('representedOrganization');
  org.ele('id').att('root', ids.of('organization', 'practice'));
  org.ele('name').txt(record.practice.name);
  if (record.practice.phone)
    telecom(org, { system: 'PHONE', use: 'WORK', value: record.practice.phone, extension: null });
}

/**
 * Author Participation for an entry of the clinical record (0400): the clinician the clinic named,
 * by NPI when it sent one, for the organisation it named.
 */
export function clinicianAuthor(parent: XMLBuilder, p: Provenance, ids: Ids): void {
  const a = parent.ele('author');
  templateIds(a, ['2.16.840.1.113883.10.20.22.4.119'], null);
  a.ele('time').att('value', timestamp(p.recordedAt));
  const assigned = a.ele('assignedAuthor');
  if (p.authorNpi) assigned.ele('id').att('root', NPI_ROOT).att('extension', p.authorNpi);
  else assigned.ele('id').att('root', ids.of('clinical-author', p.authorName));
  if (p.authorTaxonomyCode) specialty(assigned, p.authorTaxonomyCode);
  personName(assigned.ele('assignedPerson'), splitDisplayName(p.authorName), null);
  const org = assigned.ele('representedOrganization');
  org.ele('id').att('root', ids.of('clinical-organization', p.authorOrganization));
  org.ele('name').txt(p.authorOrganization);
}

/** The clinician's specialty: their NUCC Health Care Provider Taxonomy code. */
export function specialty(assigned: XMLBuilder, taxonomy: string): void {
  const description = taxonomyDescription(taxonomy);
  code(assigned, 'code', {
    code: taxonomy,
    oid: codeSystemOid.NUCC_TAXONOMY,
    ...(description !== taxonomy ? { display: description } : {}),
  });
}
