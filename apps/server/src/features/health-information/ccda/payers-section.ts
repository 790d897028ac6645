/**
 * Payers Section (V3) 2.16.840.1.113883.10.20.22.2.18: the insurance the practice holds for the
 * patient, each policy a Coverage Activity holding one Policy Activity with the payer, the covered
 * party (the patient, with the member number and the relationship to the subscriber), the
 * subscriber when the policy names one, and the plan.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { HealthRecord, Payer } from '../../../lib/health-record/health-record';
import { authorParticipation } from './provenance';
import {
  R21,
  SDTC,
  address,
  cell,
  code,
  codeSystemOid,
  coded,
  displayIsoDate,
  nullSection,
  personName,
  section,
  statement,
  telecom,
  table,
  templateIds,
  type Ids,
} from './cda-writer';

const PAYERS_SECTION = ['2.16.840.1.113883.10.20.22.2.18'];
const PAYERS_HEAD = { code: '48768-6', display: 'Payment sources Document', title: 'Insurance Providers' };
const SOP_TYPOLOGY = '2.16.840.1.113883.3.221.5';
const X12_INSURANCE_TYPE = '2.16.840.1.113883.6.255.1336';
const FINANCIAL_PARTY = '2.16.840.1.113883.5.110';

function validity(p: Payer): string {
  const from = p.validFrom ? displayIsoDate(p.validFrom) : '';
  const to = p.validThrough ? displayIsoDate(p.validThrough) : '';
  return from || to ? `${from} - ${to}`.trim() : '';
}

export function payersSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  if (record.payers.length === 0) {
    nullSection(body, PAYERS_SECTION, R21, PAYERS_HEAD);
    return;
  }
  const s = section(body, PAYERS_SECTION, R21, PAYERS_HEAD);
  const tbody = table(s.ele('text'), [
    'Payer',
    'Plan',
    'Type',
    'Member ID',
    'Group',
    'Relationship to subscriber',
    'Valid',
  ]);
  for (const p of record.payers) {
    const tr = tbody.ele('tr');
    cell(tr, p.companyName, `payer-${p.id}`);
    cell(tr, [p.planName, p.title].filter(Boolean).join(' · '));
    cell(tr, p.payerType?.display ?? '');
    cell(tr, p.memberNumber);
    cell(tr, p.groupName);
    cell(tr, p.relationship.display, `payer-${p.id}-relationship`);
    cell(tr, validity(p));
  }
  for (const p of record.payers) coverage(s, p, record, ids);
}

function coverage(s: XMLBuilder, p: Payer, record: HealthRecord, ids: Ids): void {
  const act = statement(s, 'entry', 'DRIV', 'act', 'ACT');
  templateIds(act, ['2.16.840.1.113883.10.20.22.4.60'], R21);
  act.ele('id').att('root', ids.of('coverage', p.id));
  code(act, 'code', { code: '48768-6', oid: codeSystemOid.LOINC, display: 'Payment sources' });
  act.ele('statusCode').att('code', 'completed');
  const rel = act.ele('entryRelationship').att('typeCode', 'COMP');
  rel.ele('sequenceNumber').att('value', String(record.payers.indexOf(p) + 1));
  const policy = rel.ele('act').att('classCode', 'ACT').att('moodCode', 'EVN');
  templateIds(policy, ['2.16.840.1.113883.10.20.22.4.61'], R21);
  policy
    .ele('id')
    .att('root', ids.of('policy', p.id))
    .att('extension', p.memberNumber ?? String(p.id));
  const type = p.payerType;
  const typeCode = type
    ? code(policy, 'code', { code: type.x12.code, oid: X12_INSURANCE_TYPE, display: type.x12.display })
    : policy.ele('code').att('nullFlavor', 'UNK');
  if (type) code(typeCode, 'translation', { code: type.code, oid: SOP_TYPOLOGY, display: type.display });
  else typeCode.ele('translation').att('nullFlavor', 'UNK');
  policy.ele('text').ele('reference').att('value', `#payer-${p.id}`);
  policy.ele('statusCode').att('code', 'completed');

  // The payer.
  const payer = policy.ele('performer').att('typeCode', 'PRF');
  templateIds(payer, ['2.16.840.1.113883.10.20.22.4.87'], null);
  const payerEntity = payer.ele('assignedEntity');
  payerEntity.ele('id').att('root', ids.of('payer', p.companyName));
  code(payerEntity, 'code', { code: 'PAYOR', oid: FINANCIAL_PARTY, display: 'invoice payor' });
  payerAddress(payerEntity, p);
  payerEntity.ele('telecom').att('nullFlavor', 'UNK');
  payerEntity.ele('representedOrganization').ele('name').txt(p.companyName);

  // The guarantor: the subscriber the policy names, else the patient.
  const guarantor = policy.ele('performer').att('typeCode', 'PRF');
  templateIds(guarantor, ['2.16.840.1.113883.10.20.22.4.88'], null);
  const guarantorEntity = guarantor.ele('assignedEntity');
  guarantorEntity.ele('id').att('root', ids.of('guarantor', p.id));
  code(guarantorEntity, 'code', { code: 'GUAR', oid: FINANCIAL_PARTY, display: 'guarantor' });
  if (p.subscriber?.phone)
    telecom(guarantorEntity, { system: 'PHONE', use: null, value: p.subscriber.phone, extension: null });
  personName(guarantorEntity.ele('assignedPerson'), p.subscriber?.name ?? record.patient.name, null);

  authorParticipation(policy, { time: record.readAt, kind: 'PRACTICE', name: null }, record, ids);

  // The covered party: the patient.
  const covered = policy.ele('participant').att('typeCode', 'COV');
  templateIds(covered, ['2.16.840.1.113883.10.20.22.4.89'], null);
  const time = covered.ele('time');
  if (p.validFrom) time.ele('low').att('value', p.validFrom.replaceAll('-', ''));
  else time.ele('low').att('nullFlavor', 'UNK');
  if (p.validThrough) time.ele('high').att('value', p.validThrough.replaceAll('-', ''));
  else time.ele('high').att('nullFlavor', 'UNK');
  const role = covered.ele('participantRole');
  role
    .ele('id')
    .att('root', ids.of('member', p.id))
    .att('extension', p.memberNumber ?? record.patient.externalId);
  coded(role, 'code', p.relationship, `#payer-${p.id}-relationship`);
  patientAddress(role, record);
  const playing = role.ele('playingEntity');
  personName(playing, record.patient.name, null);
  playing.ele(SDTC, 'sdtc:birthTime').att('value', record.patient.dateOfBirth.replaceAll('-', ''));

  // The subscriber (policy holder): the patient for their own policy, else the person it names.
  const holder = policy.ele('participant').att('typeCode', 'HLD');
  templateIds(holder, ['2.16.840.1.113883.10.20.22.4.90'], null);
  const holderRole = holder.ele('participantRole');
  if (p.relationship.code === 'SELF') {
    holderRole.ele('id').att('root', ids.of('patients', 'root')).att('extension', record.patient.externalId);
    patientAddress(holderRole, record);
  } else {
    holderRole.ele('id').att('root', ids.of('subscriber', p.id));
    unknownHomeAddress(holderRole);
  }

  // The plan.
  const plan = policy.ele('entryRelationship').att('typeCode', 'REFR').ele('act');
  plan.att('classCode', 'ACT').att('moodCode', 'DEF');
  plan.ele('id').att('root', ids.of('plan', `${p.companyName}:${p.planName}`));
  // The plan has no coded type of its own beyond the policy's: named in the text.
  plan.ele('code').att('nullFlavor', 'NA');
  plan.ele('text').txt([p.planName, p.groupName ? `group ${p.groupName}` : null].filter(Boolean).join(', '));
}

function patientAddress(role: XMLBuilder, record: HealthRecord): void {
  const home = record.patient.addresses[0];
  if (home) address(role, home, 'HP');
  else role.ele('addr').att('nullFlavor', 'UNK');
}

function payerAddress(entity: XMLBuilder, p: Payer): void {
  const a = p.companyAddress;
  if (!a || a.lines.length === 0 || !a.city) {
    entity.ele('addr').att('nullFlavor', 'UNK');
    return;
  }
  const e = entity.ele('addr').att('use', 'WP');
  for (const line of a.lines) e.ele('streetAddressLine').txt(line);
  e.ele('city').txt(a.city);
  if (a.state) e.ele('state').txt(a.state);
  if (a.postalCode) e.ele('postalCode').txt(a.postalCode);
  if (a.state && /^[A-Z]{2}$/.test(a.state)) e.ele('country').txt('US');
}

/**
 * The policy names a holder other than the patient without their address: the home address it would
 * be, each part unknown (HL7's way of writing an address part not known), nothing made up.
 */
function unknownHomeAddress(role: XMLBuilder): void {
  const addr = role.ele('addr').att('use', 'HP');
  for (const part of ['streetAddressLine', 'city', 'state', 'postalCode', 'country'])
    addr.ele(part).att('nullFlavor', 'UNK');
}
