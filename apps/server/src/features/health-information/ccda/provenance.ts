/**
 * Author Participation (C-CDA R2.1 2.16.840.1.113883.10.20.22.4.119) on every entry: who put it
 * in the record, when, and for which organisation (decision 226). The patient, entering it through
 * the portal, is identified as in the header's recordTarget; the practice's clinic system by the
 * practice; a prescription by its prescriber. The organisation is always the practice, whose record
 * it is.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { EntryAuthor, HealthRecord } from '../../../lib/health-record/health-record';
import {
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
      if (author.npi) assigned.ele('id').att('root', '2.16.840.1.113883.4.6').att('extension', author.npi);
      else assigned.ele('id').att('root', ids.of('prescriber', author.name ?? 'unknown'));
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
