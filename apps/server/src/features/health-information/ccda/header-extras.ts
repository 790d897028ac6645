/**
 * What the CCD says about the person beside the clinical lists (decision 226): a minor's guardians
 * (recordTarget/patient/guardian), the sex assigned at birth (C-CDA R2.1 Birth Sex Observation
 * 2.16.840.1.113883.10.20.22.4.200), the gender identity and sexual orientation (Social History
 * Observations with LOINC 76691-5 and 76690-7, the ONC 2015 Edition codes), the relatives of the
 * family history as subjects, and the note a section that the range does not filter carries.
 */
import type { GenderIdentity, SexualOrientation } from '@dermis/contract';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Coded, HealthRecord } from '../../../lib/health-record/health-record';
import { authorParticipation } from './provenance';
import {
  R21,
  SDTC,
  XSI,
  address,
  cdValue,
  cell,
  code,
  codeSystemOid,
  coded,
  displayDate,
  personName,
  statement,
  telecom,
  templateIds,
  timestamp,
  type Ids,
  type OidCode,
} from './cda-writer';

export function guardians(person: XMLBuilder, record: HealthRecord, ids: Ids): void {
  record.guardians.forEach((g, i) => {
    const guardian = person.ele('guardian');
    guardian.ele('id').att('root', ids.of('guardian', `${i}:${g.name.family}`));
    coded(guardian, 'code', g.relationship);
    if (g.address) address(guardian, g.address, 'HP');
    else guardian.ele('addr').att('nullFlavor', 'UNK');
    let phones = 0;
    for (const t of g.telecoms) if (telecom(guardian, t)) phones += 1;
    if (phones === 0) guardian.ele('telecom').att('nullFlavor', 'UNK');
    personName(guardian.ele('guardianPerson'), g.name, null);
  });
}

type Answer = { code: OidCode } | { nullFlavor: 'OTH' | 'UNK' | 'ASKU'; text: string };

const sct = (c: string, display: string): Answer => ({
  code: { code: c, oid: codeSystemOid.SNOMED_CT, display },
});

const genderIdentityAnswer: Record<GenderIdentity, Answer> = {
  MALE: sct('446151000124109', 'Identifies as male gender'),
  FEMALE: sct('446141000124107', 'Identifies as female gender'),
  FEMALE_TO_MALE: sct('407377005', 'Female-to-male transsexual'),
  MALE_TO_FEMALE: sct('407376001', 'Male-to-female transsexual'),
  GENDERQUEER: sct('446131000124102', 'Identifies as non-conforming gender'),
  OTHER: { nullFlavor: 'OTH', text: 'Other' },
  UNDISCLOSED: { nullFlavor: 'ASKU', text: 'Chose not to disclose' },
};

const sexualOrientationAnswer: Record<SexualOrientation, Answer> = {
  HETEROSEXUAL: sct('20430005', 'Heterosexual'),
  HOMOSEXUAL: sct('38628009', 'Homosexual'),
  BISEXUAL: sct('42035005', 'Bisexual'),
  OTHER: { nullFlavor: 'OTH', text: 'Other' },
  UNKNOWN: { nullFlavor: 'UNK', text: 'Unknown' },
  UNDISCLOSED: { nullFlavor: 'ASKU', text: 'Chose not to disclose' },
};

interface IdentityRow {
  id: string;
  label: string;
  loinc: { code: string; display: string };
  answer: Answer;
  text: string;
}

function identityOf(record: HealthRecord): IdentityRow[] {
  const rows: IdentityRow[] = [];
  const gi = record.patient.genderIdentity;
  if (gi) {
    const answer = genderIdentityAnswer[gi.value];
    rows.push({
      id: 'social-gender-identity',
      label: 'Gender identity',
      loinc: { code: '76691-5', display: 'Gender identity' },
      answer,
      text: gi.value === 'OTHER' && gi.other ? gi.other : textOf(answer),
    });
  }
  const so = record.patient.sexualOrientation;
  if (so) {
    const answer = sexualOrientationAnswer[so.value];
    rows.push({
      id: 'social-sexual-orientation',
      label: 'Sexual orientation',
      loinc: { code: '76690-7', display: 'Sexual orientation' },
      answer,
      text: so.value === 'OTHER' && so.other ? so.other : textOf(answer),
    });
  }
  return rows;
}

const textOf = (a: Answer) => ('code' in a ? (a.code.display ?? a.code.code) : a.text);

const birthSexText = { F: 'Female', M: 'Male', UNK: 'Unknown' } as const;

/** The social-history table's rows for the birth sex, gender identity and sexual orientation. */
export function identityRows(tbody: XMLBuilder, record: HealthRecord): void {
  const birth = tbody.ele('tr');
  cell(birth, 'Sex assigned at birth');
  cell(
    birth,
    record.patient.birthSex ? birthSexText[record.patient.birthSex] : 'No information',
    'social-birth-sex',
  );
  cell(birth, '');
  for (const row of identityOf(record)) {
    const tr = tbody.ele('tr');
    cell(tr, row.label);
    cell(tr, row.text, row.id);
    cell(tr, displayDate(record.readAt));
  }
}

export function identityEntries(s: XMLBuilder, record: HealthRecord, ids: Ids): void {
  for (const row of identityOf(record)) {
    const obs = statement(s, 'entry', 'DRIV', 'observation', 'OBS');
    templateIds(obs, ['2.16.840.1.113883.10.20.22.4.38'], R21);
    obs.ele('id').att('root', ids.of('social-identity', row.id));
    code(obs, 'code', { ...row.loinc, oid: codeSystemOid.LOINC });
    obs.ele('text').ele('reference').att('value', `#${row.id}`);
    obs.ele('statusCode').att('code', 'completed');
    // The profile holds the current answer: it is the patient's as of the document.
    obs.ele('effectiveTime').att('value', timestamp(record.readAt));
    if ('code' in row.answer) cdValue(obs, row.answer.code, `#${row.id}`);
    else {
      const v = obs.ele('value').att(XSI, 'xsi:type', 'CD').att('nullFlavor', row.answer.nullFlavor);
      v.ele('originalText').ele('reference').att('value', `#${row.id}`);
    }
    authorParticipation(obs, { time: record.readAt, kind: 'PATIENT', name: null }, record, ids);
  }
}

/** Birth Sex Observation (C-CDA R2.1 companion guide, template 2016-06-01). */
export function birthSexObservation(s: XMLBuilder, record: HealthRecord): void {
  const obs = statement(s, 'entry', 'DRIV', 'observation', 'OBS');
  templateIds(obs, ['2.16.840.1.113883.10.20.22.4.200'], '2016-06-01');
  code(obs, 'code', { code: '76689-9', oid: codeSystemOid.LOINC, display: 'Sex assigned at birth' });
  obs.ele('text').ele('reference').att('value', '#social-birth-sex');
  obs.ele('statusCode').att('code', 'completed');
  const sex = record.patient.birthSex;
  if (sex === 'F' || sex === 'M')
    cdValue(obs, { code: sex, oid: codeSystemOid.GENDER, display: birthSexText[sex] });
  // Asked and unknown (UNK) is not the same as never asked (NI, no information).
  else
    obs
      .ele('value')
      .att(XSI, 'xsi:type', 'CD')
      .att('nullFlavor', sex ?? 'NI');
}

const femaleRelatives = new Set([
  'MTH',
  'SIS',
  'DAUC',
  'MGRMTH',
  'PGRMTH',
  'MAUNT',
  'PAUNT',
  'NIECE',
  'GRNDDAU',
  'MGGRMTH',
  'PGGRMTH',
  'HSIS',
]);
const maleRelatives = new Set([
  'FTH',
  'BRO',
  'SONC',
  'MGRFTH',
  'PGRFTH',
  'MUNCLE',
  'PUNCLE',
  'NEPHEW',
  'GRNDSON',
  'MGGRFTH',
  'PGGRFTH',
  'HBRO',
]);

/** The relative as a subject: an id of their own and the sex their relation implies. */
export function relativeSubject(related: XMLBuilder, relative: Coded, ids: Ids): void {
  const subject = related.ele('subject');
  subject.ele(SDTC, 'sdtc:id').att('root', ids.of('relative', relative.code));
  const sex = femaleRelatives.has(relative.code) ? 'F' : maleRelatives.has(relative.code) ? 'M' : null;
  if (sex)
    code(subject, 'administrativeGenderCode', {
      code: sex,
      oid: codeSystemOid.GENDER,
      display: birthSexText[sex],
    });
  else subject.ele('administrativeGenderCode').att('nullFlavor', 'UNK');
  // Family history does not ask when relatives were born: unknown, stated as such.
  subject.ele('birthTime').att('nullFlavor', 'UNK');
}

/** Says in the section's narrative that the range does not filter it (decision 225). */
export function notFilteredNote(text: XMLBuilder, record: HealthRecord): void {
  text
    .ele('paragraph')
    .txt(
      `Not limited to the date range: this section is the record as it stands on ${displayDate(record.readAt)}.`,
    );
}
