/**
 * The C-CDA R2.1 Continuity of Care Document of a health record (decision 090).
 *
 * Built with xmlbuilder2: every value of the record reaches the document as a text node or an
 * attribute value that the builder escapes, never as markup. Each section has coded entries and a
 * narrative table whose rows the entries point at (text/reference and originalText/reference to the
 * row's ID), so the narrative and the entries say the same thing. A section the CCD requires but the
 * record has nothing for is written in the nullFlavor="NI" form (no entry, "No information" text).
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type {
  Allergy,
  Coded,
  EntryAuthor,
  Encounter,
  HealthRecord,
  Medication,
  Practitioner,
  SocialHistoryObservation,
} from '../../../lib/health-record/health-record';
import {
  HL7,
  Ids,
  NPI_ROOT,
  R20,
  R21,
  SDTC,
  type SectionHead,
  XSI,
  address,
  addresses,
  cdValue,
  cell,
  code,
  coded,
  displayDate,
  displayDateTime,
  displayIsoDate,
  fullName,
  nullSection,
  oidCode,
  personName,
  raceCode,
  section,
  statement,
  table,
  telecom,
  telecoms,
  templateIds,
  timestamp,
} from './cda-writer';
export { codeSystemOid } from './cda-writer';
import { authorParticipation } from './provenance';
import { reconcileMedications } from './medication-reconciliation';
import { payersSection } from './payers-section';
import { immunizationsSection, resultsSection, vitalSignsSection } from './clinical-sections';
import {
  goalsSection,
  healthConcernsSection,
  notesSection,
  planOfTreatmentSection,
} from './care-plan-sections';
import {
  birthSexObservation,
  guardians,
  identityEntries,
  identityRows,
  notFilteredNote,
  relativeSubject,
} from './header-extras';
import { codeSystemOid } from './cda-writer';

export interface ContinuityOfCareOptions {
  generatedAt: Date;
  /** A UUID: the document's id. */
  documentId: string;
}

/** The CCD of `record` as an XML string (UTF-8 declaration, no pretty-printing). */
export function buildContinuityOfCareDocument(
  record: HealthRecord,
  options: ContinuityOfCareOptions,
): string {
  const ids = new Ids(record.practice.id);
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc
    .ele(HL7, 'ClinicalDocument')
    .att('http://www.w3.org/2000/xmlns/', 'xmlns:xsi', XSI)
    .att('http://www.w3.org/2000/xmlns/', 'xmlns:sdtc', SDTC);
  header(root, record, options, ids);
  const body = root.ele('component').ele('structuredBody');
  allergiesSection(body, record, ids);
  medicationsSection(body, record, ids);
  problemsSection(body, record, ids);
  proceduresSection(body, record, ids);
  resultsSection(body, record, ids);
  vitalSignsSection(body, record, ids);
  immunizationsSection(body, record, ids);
  familyHistorySection(body, record, ids);
  socialHistorySection(body, record, options, ids);
  encountersSection(body, record, ids);
  payersSection(body, record, ids);
  planOfTreatmentSection(body, record, ids);
  goalsSection(body, record, ids);
  healthConcernsSection(body, record, ids);
  notesSection(body, record, ids);
  return doc.end({ prettyPrint: false });
}

// ---------------------------------------------------------------------------------------------
// Header

function header(root: XMLBuilder, record: HealthRecord, options: ContinuityOfCareOptions, ids: Ids): void {
  root.ele('realmCode').att('code', 'US');
  root.ele('typeId').att('root', '2.16.840.1.113883.1.3').att('extension', 'POCD_HD000040');
  templateIds(root, ['2.16.840.1.113883.10.20.22.1.1', '2.16.840.1.113883.10.20.22.1.2'], R21);
  root.ele('id').att('root', options.documentId.toUpperCase());
  code(root, 'code', { code: '34133-9', oid: codeSystemOid.LOINC, display: 'Summarization of Episode Note' });
  root.ele('title').txt(`Continuity of Care Document: ${fullName(record.patient.name)}`);
  root.ele('effectiveTime').att('value', timestamp(options.generatedAt));
  code(root, 'confidentialityCode', { code: 'N', oid: codeSystemOid.CONFIDENTIALITY, display: 'normal' });
  root.ele('languageCode').att('code', 'en-US');

  // recordTarget
  const p = record.patient;
  const role = root.ele('recordTarget').ele('patientRole');
  role.ele('id').att('root', ids.of('patients', 'root')).att('extension', p.externalId);
  addresses(role, p.addresses, 'HP');
  telecoms(role, p.telecoms);
  const person = role.ele('patient');
  personName(person, p.name, 'L');
  const gender = { MALE: 'M', FEMALE: 'F' }[p.gender as 'MALE' | 'FEMALE'];
  if (gender)
    code(person, 'administrativeGenderCode', {
      code: gender,
      oid: codeSystemOid.GENDER,
      display: gender === 'M' ? 'Male' : 'Female',
    });
  else person.ele('administrativeGenderCode').att('nullFlavor', 'UNK');
  person.ele('birthTime').att('value', p.dateOfBirth.replaceAll('-', ''));
  if (p.deceased) person.ele(SDTC, 'sdtc:deceasedInd').att('value', 'true');
  if (p.maritalStatus) coded(person, 'maritalStatusCode', p.maritalStatus);
  // The first OMB race is raceCode; further OMB races and every detailed race are sdtc:raceCode.
  const [firstRace, ...otherRaces] = p.races;
  if (firstRace) raceCode(person, 'raceCode', firstRace.code, firstRace.display);
  else person.ele('raceCode').att('nullFlavor', p.raceDeclined ? 'ASKU' : 'UNK');
  for (const race of otherRaces) raceCode(person, 'sdtc:raceCode', race.code, race.display);
  const [firstEthnicity, ...otherEthnicities] = p.ethnicities;
  if (firstEthnicity) raceCode(person, 'ethnicGroupCode', firstEthnicity.code, firstEthnicity.display);
  else person.ele('ethnicGroupCode').att('nullFlavor', p.ethnicityDeclined ? 'ASKU' : 'UNK');
  for (const ethnicity of otherEthnicities)
    raceCode(person, 'sdtc:ethnicGroupCode', ethnicity.code, ethnicity.display);
  guardians(person, record, ids);
  // The profile asks which language, not how well the patient speaks it: proficiency unknown.
  if (p.preferredLanguage) {
    const language = person.ele('languageCommunication');
    language.ele('languageCode').att('code', p.preferredLanguage.code);
    language.ele('proficiencyLevelCode').att('nullFlavor', 'UNK');
    language.ele('preferenceInd').att('value', 'true');
  } else if (p.languageDeclined) {
    const language = person.ele('languageCommunication');
    language.ele('languageCode').att('nullFlavor', 'ASKU');
    language.ele('proficiencyLevelCode').att('nullFlavor', 'UNK');
  }

  // author: the portal, on behalf of the practice
  const author = root.ele('author');
  author.ele('time').att('value', timestamp(options.generatedAt));
  const assigned = author.ele('assignedAuthor');
  assigned.ele('id').att('root', ids.of('software', 'dermis'));
  // The software writes for the practice: named by the practice's NPI too, when it has one, and
  // with the practice's kind of provider (NUCC "Clinic/Center"), as entries the practice wrote are.
  if (record.practice.npi) assigned.ele('id').att('root', NPI_ROOT).att('extension', record.practice.npi);
  code(assigned, 'code', { code: '261Q00000X', oid: codeSystemOid.NUCC_TAXONOMY, display: 'Clinic/Center' });
  practiceContact(assigned, record);
  const device = assigned.ele('assignedAuthoringDevice');
  device.ele('manufacturerModelName').txt('Dermis');
  device.ele('softwareName').txt('Dermis patient portal');
  organization(assigned.ele('representedOrganization'), record, ids);

  // custodian: the practice
  organization(
    root.ele('custodian').ele('assignedCustodian').ele('representedCustodianOrganization'),
    record,
    ids,
  );

  // documentationOf: the care provided over the range, by the care team
  const event = root.ele('documentationOf').ele('serviceEvent').att('classCode', 'PCPR');
  const time = event.ele('effectiveTime');
  time.ele('low').att('value', timestamp(record.range.start));
  time.ele('high').att('value', timestamp(record.range.end ?? options.generatedAt));
  for (const member of record.careTeam) {
    const performer = event.ele('performer').att('typeCode', 'PRF');
    if (member.referringPhysician)
      code(performer, 'functionCode', {
        code: 'PCP',
        oid: '2.16.840.1.113883.5.88',
        display: 'primary care physician',
      });
    practitioner(performer.ele('assignedEntity'), member, ids, `care-team:${member.position}`);
  }
}

function organization(parent: XMLBuilder, record: HealthRecord, ids: Ids): void {
  parent.ele('id').att('root', ids.of('organization', 'practice'));
  if (record.practice.npi) parent.ele('id').att('root', NPI_ROOT).att('extension', record.practice.npi);
  parent.ele('name').txt(record.practice.name);
  if (record.practice.phone)
    telecom(parent, { system: 'PHONE', use: 'WORK', value: record.practice.phone, extension: null });
  else parent.ele('telecom').att('nullFlavor', 'NI');
  if (record.practice.address) address(parent, record.practice.address, 'WP');
  else parent.ele('addr').att('nullFlavor', 'NI');
}

function practiceContact(parent: XMLBuilder, record: HealthRecord): void {
  if (record.practice.address) address(parent, record.practice.address, 'WP');
  else parent.ele('addr').att('nullFlavor', 'NI');
  if (record.practice.phone)
    telecom(parent, { system: 'PHONE', use: 'WORK', value: record.practice.phone, extension: null });
  else parent.ele('telecom').att('nullFlavor', 'NI');
}

function practitioner(entity: XMLBuilder, who: Practitioner, ids: Ids, key: string): void {
  if (who.npi) entity.ele('id').att('root', NPI_ROOT).att('extension', who.npi);
  else entity.ele('id').att('root', ids.of('practitioner', key));
  if (who.specialty) coded(entity, 'code', who.specialty);
  if (who.address) address(entity, who.address, 'WP');
  else entity.ele('addr').att('nullFlavor', 'NI');
  if (who.phone) telecom(entity, { system: 'PHONE', use: 'WORK', value: who.phone, extension: null });
  else entity.ele('telecom').att('nullFlavor', 'NI');
  personName(entity.ele('assignedPerson'), who.name, null, who.credential);
}

const ALLERGY_SECTION = ['2.16.840.1.113883.10.20.22.2.6.1'];
const ALLERGY_HEAD = {
  code: '48765-2',
  display: 'Allergies and adverse reactions Document',
  title: 'Allergies and Intolerances',
};

const allergyTypeByKind: Record<string, { code: string; display: string }> = {
  DRUG: { code: '419511003', display: 'Propensity to adverse reactions to drug' },
  DRUG_CLASS: { code: '419511003', display: 'Propensity to adverse reactions to drug' },
  FOOD: { code: '414285001', display: 'Propensity to adverse reactions to food' },
  ENVIRONMENTAL: { code: '419199007', display: 'Allergy to substance' },
  OTHER: { code: '418038007', display: 'Propensity to adverse reactions to substance' },
};

/** HL7 ObservationValue: the C-CDA Criticality Observation value set's code system. */
const OBSERVATION_VALUE = '2.16.840.1.113883.5.1063';
const allergyCriticality: Record<NonNullable<Allergy['criticality']>, { code: string; display: string }> = {
  low: { code: 'CRITL', display: 'low criticality' },
  high: { code: 'CRITH', display: 'high criticality' },
  'unable-to-assess': { code: 'CRITU', display: 'unable to assess criticality' },
};

function allergiesSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  if (record.allergies.length === 0 && record.allergiesNegative !== 'DENIES') {
    nullSection(body, ALLERGY_SECTION, R21, ALLERGY_HEAD);
    return;
  }
  const s = section(body, ALLERGY_SECTION, R21, ALLERGY_HEAD);
  const tbody = table(s.ele('text'), ['Substance', 'Reactions', 'Status', 'Recorded']);
  const entries: (() => void)[] = [];
  if (record.allergies.length === 0) {
    // "No known allergies": a negated allergy observation (C-CDA R2.1 companion guide).
    const rowId = 'allergy-none';
    const tr = tbody.ele('tr');
    cell(tr, 'No known allergies', rowId);
    cell(tr, '');
    cell(tr, 'Active');
    cell(tr, '');
    entries.push(() => {
      const concern = allergyConcern(s, ids.of('allergy-concern', 'none'), null);
      const obs = statement(concern, 'entryRelationship', 'SUBJ', 'observation', 'OBS', { negated: true });
      templateIds(obs, ['2.16.840.1.113883.10.20.22.4.7'], R20);
      obs.ele('id').att('root', ids.of('allergy', 'none'));
      code(obs, 'code', { code: 'ASSERTION', oid: codeSystemOid.ACT_CODE });
      obs.ele('text').ele('reference').att('value', `#${rowId}`);
      obs.ele('statusCode').att('code', 'completed');
      obs.ele('effectiveTime').ele('low').att('nullFlavor', 'NA');
      cdValue(obs, { code: '419199007', oid: codeSystemOid.SNOMED_CT, display: 'Allergy to substance' });
      const entity = obs
        .ele('participant')
        .att('typeCode', 'CSM')
        .ele('participantRole')
        .att('classCode', 'MANU')
        .ele('playingEntity')
        .att('classCode', 'MMAT');
      entity.ele('code').att('nullFlavor', 'NA');
    });
  }
  for (const allergy of record.allergies) {
    const rowId = `allergy-${allergy.id}`;
    const tr = tbody.ele('tr');
    cell(tr, allergy.allergen.display, rowId);
    const reactions = tr.ele('td');
    allergy.reactions.forEach((r, i) => {
      if (i > 0) reactions.txt(', ');
      reactions
        .ele('content')
        .att('ID', `${rowId}-reaction-${i + 1}`)
        .txt(r.text);
    });
    cell(tr, 'Active');
    cell(tr, displayDate(allergy.recordedAt));
    entries.push(() => {
      const concern = allergyConcern(s, ids.of('allergy-concern', allergy.id), allergy.recordedAt);
      authorParticipation(concern, allergy.author, record, ids);
      const obs = statement(concern, 'entryRelationship', 'SUBJ', 'observation', 'OBS');
      templateIds(obs, ['2.16.840.1.113883.10.20.22.4.7'], R20);
      obs.ele('id').att('root', ids.of('allergy', allergy.id));
      code(obs, 'code', { code: 'ASSERTION', oid: codeSystemOid.ACT_CODE });
      obs.ele('text').ele('reference').att('value', `#${rowId}`);
      obs.ele('statusCode').att('code', 'completed');
      obs.ele('effectiveTime').ele('low').att('nullFlavor', 'UNK');
      const type = allergyTypeByKind[allergy.allergenKind] ?? allergyTypeByKind.OTHER!;
      cdValue(obs, { code: type.code, oid: codeSystemOid.SNOMED_CT, display: type.display });
      authorParticipation(obs, allergy.author, record, ids);
      const entity = obs
        .ele('participant')
        .att('typeCode', 'CSM')
        .ele('participantRole')
        .att('classCode', 'MANU')
        .ele('playingEntity')
        .att('classCode', 'MMAT');
      coded(entity, 'code', allergy.allergen, `#${rowId}`);
      allergy.reactions.forEach((reaction, i) => {
        const ref = `#${rowId}-reaction-${i + 1}`;
        const r = statement(obs, 'entryRelationship', 'MFST', 'observation', 'OBS', { inversion: true });
        templateIds(r, ['2.16.840.1.113883.10.20.22.4.9'], R20);
        r.ele('id').att('root', ids.of('allergy-reaction', `${allergy.id}:${reaction.reaction.code}`));
        code(r, 'code', { code: 'ASSERTION', oid: codeSystemOid.ACT_CODE });
        r.ele('text').ele('reference').att('value', ref);
        r.ele('statusCode').att('code', 'completed');
        // When the reaction began and ended is not asked: unknown, not left out.
        const when = r.ele('effectiveTime');
        when.ele('low').att('nullFlavor', 'UNK');
        when.ele('high').att('nullFlavor', 'UNK');
        if (reaction.reaction.system === 'LOCAL') {
          // "Other" with the patient's own words: no standard code.
          const v = r.ele('value').att(XSI, 'xsi:type', 'CD').att('nullFlavor', 'OTH');
          v.ele('originalText').ele('reference').att('value', ref);
        } else cdValue(r, oidCode(reaction.reaction), ref);
      });
      // The clinic's assessment when it sent one; a patient's own entry has none: unknown.
      const c = statement(obs, 'entryRelationship', 'SUBJ', 'observation', 'OBS', { inversion: true });
      templateIds(c, ['2.16.840.1.113883.10.20.22.4.145'], null);
      code(c, 'code', { code: '82606-5', oid: codeSystemOid.LOINC, display: 'Criticality' });
      c.ele('statusCode').att('code', 'completed');
      if (allergy.criticality)
        cdValue(c, { ...allergyCriticality[allergy.criticality], oid: OBSERVATION_VALUE });
      else c.ele('value').att(XSI, 'xsi:type', 'CD').att('nullFlavor', 'UNK');
    });
  }
  for (const write of entries) write();
}

function allergyConcern(s: XMLBuilder, id: string, recordedAt: Date | null): XMLBuilder {
  const act = statement(s, 'entry', 'DRIV', 'act', 'ACT');
  templateIds(act, ['2.16.840.1.113883.10.20.22.4.30'], R21);
  act.ele('id').att('root', id);
  code(act, 'code', { code: 'CONC', oid: codeSystemOid.ACT_CLASS, display: 'Concern' });
  act.ele('statusCode').att('code', 'active');
  const time = act.ele('effectiveTime').ele('low');
  if (recordedAt) time.att('value', timestamp(recordedAt));
  else time.att('nullFlavor', 'UNK');
  return act;
}

/** NCI Thesaurus: the code system of the C-CDA route of administration value set. */
const NCI_THESAURUS = '2.16.840.1.113883.3.26.1.1';

/**
 * The SNOMED CT route (C-CDA Medication Route value set) of each SPL route (NCI Thesaurus) that has
 * a one-to-one equivalent: the route's translation. A route not listed is written without one.
 */
const snomedRoute: Readonly<Record<string, { code: string; display: string }>> = {
  C38288: { code: '26643006', display: 'Oral route' },
  C38304: { code: '6064005', display: 'Topical route' },
  C38299: { code: '34206005', display: 'Subcutaneous route' },
  C28161: { code: '78421000', display: 'Intramuscular route' },
  C38276: { code: '47625008', display: 'Intravenous route' },
  C38238: { code: '372464004', display: 'Intradermal route' },
  C38250: { code: '372466002', display: 'Intralesional route' },
  C38305: { code: '45890007', display: 'Transdermal route' },
  C38300: { code: '37839007', display: 'Sublingual route' },
  C38284: { code: '46713006', display: 'Nasal route' },
  C38287: { code: '54485002', display: 'Ophthalmic route' },
  C38295: { code: '37161004', display: 'Rectal route' },
  C38313: { code: '16857009', display: 'Vaginal route' },
};

const MEDICATION_SECTION = ['2.16.840.1.113883.10.20.22.2.1.1'];
const MEDICATION_HEAD = {
  code: '10160-0',
  display: 'History of Medication use Narrative',
  title: 'Medications',
};

const medicationStatus: Record<Medication['status'], { code: string; text: string }> = {
  ACTIVE: { code: 'active', text: 'Active' },
  // The patient stopped it before it was meant to end.
  DISCONTINUED: { code: 'aborted', text: 'Discontinued' },
  // A prescription that ended.
  INACTIVE: { code: 'completed', text: 'Inactive' },
};

function medicationsSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  if (record.medications.length === 0 && record.medicationsNegative !== 'DENIES') {
    nullSection(body, MEDICATION_SECTION, R20, MEDICATION_HEAD);
    return;
  }
  const s = section(body, MEDICATION_SECTION, R20, MEDICATION_HEAD);
  const tbody = table(s.ele('text'), ['Medication', 'Instructions', 'Status', 'Start', 'End', 'Source']);
  const entries: (() => void)[] = [];
  if (record.medications.length === 0) {
    const rowId = 'medication-none';
    const tr = tbody.ele('tr');
    cell(tr, 'No known medications', rowId);
    for (const value of ['', 'Active', '', '', 'Patient']) cell(tr, value);
    entries.push(() => {
      const sa = medicationActivity(s, ids.of('medication', 'none'), rowId, 'active', true);
      sa.ele('effectiveTime').att(XSI, 'xsi:type', 'IVL_TS').ele('low').att('nullFlavor', 'NA');
      sa.ele('doseQuantity').att('nullFlavor', 'NA');
      product(
        sa,
        ids,
        { code: '410942007', system: 'SNOMED_CT', display: 'Drug or medicament' },
        rowId,
        'none',
      );
    });
  }
  for (const { med, listed } of reconcileMedications(record.medications)) {
    const rowId = `medication-${med.key}`;
    const status = medicationStatus[med.status];
    const tr = tbody.ele('tr');
    cell(tr, med.drug.display, rowId);
    cell(tr, med.instructions, med.instructions ? `${rowId}-sig` : undefined);
    const statusText = med.discontinuationReason
      ? `${status.text}: ${med.discontinuationReason.display}`
      : status.text;
    cell(tr, statusText, `${rowId}-status`);
    cell(tr, med.startDate ? displayIsoDate(med.startDate) : '');
    cell(tr, med.endDate ? displayIsoDate(med.endDate) : '');
    const source =
      med.source === 'PRESCRIPTION'
        ? `Prescription${med.prescriber ? ` (${med.prescriber})` : ''}`
        : 'Patient';
    cell(
      tr,
      listed.length > 0
        ? `${source}; also on the patient's list as ${listed.map((l) => l.drug.display).join(', ')}`
        : source,
    );
    entries.push(() => {
      // The folded list entries' ids stay on the entry: a receiver that holds one finds it here.
      const entryIds = [med, ...listed].map((m) => ids.of('medication', m.key));
      const sa = medicationActivity(s, entryIds, rowId, status.code, false);
      const time = sa.ele('effectiveTime').att(XSI, 'xsi:type', 'IVL_TS');
      if (med.startDate) time.ele('low').att('value', med.startDate.replaceAll('-', ''));
      else time.ele('low').att('nullFlavor', 'UNK');
      if (med.endDate) time.ele('high').att('value', med.endDate.replaceAll('-', ''));
      else if (med.status !== 'ACTIVE') time.ele('high').att('nullFlavor', 'UNK');
      if (med.frequency) {
        // "Once every value unit", institution-specified (the clinic's times, not exact hours).
        const period = sa
          .ele('effectiveTime')
          .att(XSI, 'xsi:type', 'PIVL_TS')
          .att('institutionSpecified', 'true')
          .att('operator', 'A');
        period.ele('period').att('value', String(med.frequency.value)).att('unit', med.frequency.unit);
      }
      if (med.route) {
        const route = code(sa, 'routeCode', {
          code: med.route.code,
          oid: NCI_THESAURUS,
          display: med.route.display,
        });
        const snomed = snomedRoute[med.route.code];
        if (snomed) code(route, 'translation', { ...snomed, oid: codeSystemOid.SNOMED_CT });
      } else {
        // The patient's own list holds the drug only: the route is unknown, in both code systems.
        sa.ele('routeCode').att('nullFlavor', 'UNK').ele('translation').att('nullFlavor', 'UNK');
      }
      // A dose only a structured prescription has (a sig is free text): required, so unknown without.
      if (med.dose) {
        const dose = sa.ele('doseQuantity').att('value', String(med.dose.value));
        if (med.dose.unit) dose.att('unit', med.dose.unit);
      } else sa.ele('doseQuantity').att('nullFlavor', 'UNK');
      product(sa, ids, med.drug, rowId, med.key);
      authorParticipation(sa, med.author, record, ids);
      if (med.instructions) {
        const instruction = statement(sa, 'entryRelationship', 'SUBJ', 'act', 'ACT', {
          inversion: true,
          moodCode: 'INT',
        });
        templateIds(instruction, ['2.16.840.1.113883.10.20.22.4.20'], R20);
        code(instruction, 'code', {
          code: '422037009',
          oid: codeSystemOid.SNOMED_CT,
          display: 'Provider medication administration instructions',
        });
        instruction.ele('text').ele('reference').att('value', `#${rowId}-sig`);
        instruction.ele('statusCode').att('code', 'completed');
      }
      if (med.discontinuationReason) {
        // Why it was stopped: a plain reason observation (no C-CDA template exists for it).
        const reason = statement(sa, 'entryRelationship', 'RSON', 'observation', 'OBS');
        reason.ele('id').att('root', ids.of('medication-reason', med.key));
        code(reason, 'code', { code: 'ASSERTION', oid: codeSystemOid.ACT_CODE });
        reason.ele('text').ele('reference').att('value', `#${rowId}-status`);
        reason.ele('statusCode').att('code', 'completed');
        if (med.discontinuationReason.system === 'SNOMED_CT')
          cdValue(reason, oidCode(med.discontinuationReason), `#${rowId}-status`);
        else {
          // HL7 medicationrequest-status-reason has no confirmed OID for CDA: the reason as text.
          const v = reason.ele('value').att(XSI, 'xsi:type', 'CD').att('nullFlavor', 'OTH');
          v.ele('originalText').ele('reference').att('value', `#${rowId}-status`);
        }
      }
    });
  }
  for (const write of entries) write();
}

function medicationActivity(
  s: XMLBuilder,
  id: string | string[],
  rowId: string,
  status: string,
  negated: boolean,
): XMLBuilder {
  const sa = statement(s, 'entry', 'DRIV', 'substanceAdministration', 'SBADM');
  if (negated) sa.att('negationInd', 'true');
  templateIds(sa, ['2.16.840.1.113883.10.20.22.4.16'], R20);
  for (const root of Array.isArray(id) ? id : [id]) sa.ele('id').att('root', root);
  sa.ele('text').ele('reference').att('value', `#${rowId}`);
  sa.ele('statusCode').att('code', status);
  return sa;
}

function product(sa: XMLBuilder, ids: Ids, drug: Coded, rowId: string, key: string): void {
  const mp = sa.ele('consumable').ele('manufacturedProduct').att('classCode', 'MANU');
  templateIds(mp, ['2.16.840.1.113883.10.20.22.4.23'], R20);
  mp.ele('id').att('root', ids.of('medication-product', key));
  coded(mp.ele('manufacturedMaterial'), 'code', drug, `#${rowId}`);
}

interface SectionRow {
  key: string;
  coded: Coded;
  recordedAt: Date | null;
  negated: boolean;
  author: EntryAuthor | null;
}

/**
 * A list section's rows; when the patient denies any (the list is empty because the section holds a
 * DENIES item) one negated row with the "no history" concept, as C-CDA writes a denial.
 */
function rowsOrDenial(
  items: ReadonlyArray<{ id: number; coded: Coded; recordedAt: Date | null; author: EntryAuthor }>,
  denial: Coded,
): SectionRow[] {
  if (items.length === 0)
    return [{ key: 'none', coded: denial, recordedAt: null, negated: true, author: null }];
  return items.map((item) => ({
    key: String(item.id),
    coded: item.coded,
    recordedAt: item.recordedAt,
    negated: false,
    author: item.author,
  }));
}

/**
 * Opens a list section: the nullFlavor form when it has no item and no denial (returns null), else
 * the section to fill with rows (rowsOrDenial).
 */
function listSection(
  body: XMLBuilder,
  count: number,
  negative: string | null,
  templates: string[],
  version: string,
  head: SectionHead,
): XMLBuilder | null {
  if (count === 0 && negative !== 'DENIES') {
    nullSection(body, templates, version, head);
    return null;
  }
  return section(body, templates, version, head);
}

const PROBLEM_SECTION = ['2.16.840.1.113883.10.20.22.2.5.1'];
const PROBLEM_HEAD = { code: '11450-4', display: 'Problem list - Reported', title: 'Problems' };

function problemsSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const s = listSection(
    body,
    record.problems.length,
    record.problemsNegative,
    PROBLEM_SECTION,
    R21,
    PROBLEM_HEAD,
  );
  if (!s) return;
  const tbody = table(s.ele('text'), ['Problem', 'Status', 'Recorded']);
  const rows = rowsOrDenial(
    record.problems.map((p) => ({ id: p.id, coded: p.problem, recordedAt: p.recordedAt, author: p.author })),
    { code: '55607006', system: 'SNOMED_CT', display: 'No medical history' },
  );
  for (const p of rows) {
    const tr = tbody.ele('tr');
    cell(tr, p.coded.display, `problem-${p.key}`);
    cell(tr, 'Active');
    cell(tr, p.recordedAt ? displayDate(p.recordedAt) : '');
  }
  for (const p of rows) {
    const rowId = `problem-${p.key}`;
    const act = statement(s, 'entry', 'DRIV', 'act', 'ACT');
    templateIds(act, ['2.16.840.1.113883.10.20.22.4.3'], R21);
    act.ele('id').att('root', ids.of('problem-concern', p.key));
    code(act, 'code', { code: 'CONC', oid: codeSystemOid.ACT_CLASS, display: 'Concern' });
    act.ele('statusCode').att('code', 'active');
    const low = act.ele('effectiveTime').ele('low');
    if (p.recordedAt) low.att('value', timestamp(p.recordedAt));
    else low.att('nullFlavor', 'UNK');
    if (p.author) authorParticipation(act, p.author, record, ids);
    const obs = statement(act, 'entryRelationship', 'SUBJ', 'observation', 'OBS');
    if (p.negated) obs.att('negationInd', 'true');
    templateIds(obs, ['2.16.840.1.113883.10.20.22.4.4'], R21);
    obs.ele('id').att('root', ids.of('problem', p.key));
    const c = code(obs, 'code', { code: '55607006', oid: codeSystemOid.SNOMED_CT, display: 'Problem' });
    code(c, 'translation', { code: '75326-9', oid: codeSystemOid.LOINC, display: 'Problem' });
    obs.ele('text').ele('reference').att('value', `#${rowId}`);
    obs.ele('statusCode').att('code', 'completed');
    obs.ele('effectiveTime').ele('low').att('nullFlavor', 'UNK');
    cdValue(obs, oidCode(p.coded), `#${rowId}`);
    if (p.author) authorParticipation(obs, p.author, record, ids);
  }
}

const PROCEDURE_SECTION = ['2.16.840.1.113883.10.20.22.2.7.1'];
const PROCEDURE_HEAD = { code: '47519-4', display: 'History of Procedures Document', title: 'Procedures' };

function proceduresSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const s = listSection(
    body,
    record.procedures.length,
    record.proceduresNegative,
    PROCEDURE_SECTION,
    R20,
    PROCEDURE_HEAD,
  );
  if (!s) return;
  const tbody = table(s.ele('text'), ['Procedure', 'Status', 'Recorded']);
  const rows = rowsOrDenial(
    record.procedures.map((p) => ({
      id: p.id,
      coded: p.procedure,
      recordedAt: p.recordedAt,
      author: p.author,
    })),
    { code: '71388002', system: 'SNOMED_CT', display: 'No history of procedure' },
  );
  for (const p of rows) {
    const tr = tbody.ele('tr');
    cell(tr, p.coded.display, `procedure-${p.key}`);
    cell(tr, p.negated ? '' : 'Completed');
    cell(tr, p.recordedAt ? displayDate(p.recordedAt) : '');
  }
  for (const p of rows) {
    const rowId = `procedure-${p.key}`;
    const proc = statement(s, 'entry', 'DRIV', 'procedure', 'PROC');
    if (p.negated) proc.att('negationInd', 'true');
    templateIds(proc, ['2.16.840.1.113883.10.20.22.4.14'], R20);
    proc.ele('id').att('root', ids.of('procedure', p.key));
    coded(proc, 'code', p.coded, `#${rowId}`);
    proc.ele('text').ele('reference').att('value', `#${rowId}`);
    proc.ele('statusCode').att('code', 'completed');
    proc.ele('effectiveTime').att('nullFlavor', 'UNK');
    if (!p.negated) unknownSiteAndPerformer(proc);
    if (p.author) authorParticipation(proc, p.author, record, ids);
  }
}

/**
 * A procedure of the history holds what was done only: it had a body site and someone performed it,
 * neither known to the record, so both are stated as unknown rather than left out.
 */
function unknownSiteAndPerformer(proc: XMLBuilder): void {
  proc.ele('targetSiteCode').att('nullFlavor', 'UNK');
  const entity = proc.ele('performer').ele('assignedEntity');
  entity.ele('id').att('nullFlavor', 'UNK');
  entity.ele('addr').att('nullFlavor', 'UNK');
  entity.ele('telecom').att('nullFlavor', 'UNK');
  const org = entity.ele('representedOrganization');
  org.ele('id').att('nullFlavor', 'UNK');
  org.ele('name').att('nullFlavor', 'UNK');
  org.ele('telecom').att('nullFlavor', 'UNK');
  org.ele('addr').att('nullFlavor', 'UNK');
}

const FAMILY_SECTION = ['2.16.840.1.113883.10.20.22.2.15'];
const FAMILY_HEAD = {
  code: '10157-6',
  display: 'History of family member diseases Narrative',
  title: 'Family History',
};

function familyHistorySection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  if (record.familyHistory.length === 0) {
    if (record.familyHistoryNegative === 'DENIES') {
      // Entries are optional in this section: the answer is the narrative.
      const s = section(body, FAMILY_SECTION, R21, FAMILY_HEAD);
      const text = s.ele('text');
      text.ele('paragraph').txt('No significant family history');
      notFilteredNote(text, record);
    } else nullSection(body, FAMILY_SECTION, R21, FAMILY_HEAD);
    return;
  }
  const s = section(body, FAMILY_SECTION, R21, FAMILY_HEAD);
  const familyText = s.ele('text');
  const tbody = table(familyText, ['Relative', 'Condition']);
  notFilteredNote(familyText, record);
  // One organizer per relative (C-CDA: the organizer is the family member), in order of appearance.
  const byRelative = new Map<
    string,
    { relative: Coded; conditions: { key: string; condition: Coded; author: EntryAuthor }[] }
  >();
  for (const entry of record.familyHistory)
    for (const relative of entry.relatives) {
      const group = byRelative.get(relative.code) ?? { relative, conditions: [] };
      group.conditions.push({
        key: `${entry.id}-${relative.code}`,
        condition: entry.condition,
        author: entry.author,
      });
      byRelative.set(relative.code, group);
    }
  for (const { relative, conditions } of byRelative.values())
    for (const c of conditions) {
      const tr = tbody.ele('tr');
      cell(tr, relative.display);
      cell(tr, c.condition.display, `family-${c.key}`);
    }
  for (const { relative, conditions } of byRelative.values()) {
    const organizer = statement(s, 'entry', 'DRIV', 'organizer', 'CLUSTER');
    templateIds(organizer, ['2.16.840.1.113883.10.20.22.4.45'], R21);
    organizer.ele('id').att('root', ids.of('family-member', relative.code));
    organizer.ele('statusCode').att('code', 'completed');
    const related = organizer.ele('subject').ele('relatedSubject').att('classCode', 'PRS');
    coded(related, 'code', relative);
    relativeSubject(related, relative, ids);
    for (const c of conditions) {
      const obs = organizer
        .ele('component')
        .ele('observation')
        .att('classCode', 'OBS')
        .att('moodCode', 'EVN');
      templateIds(obs, ['2.16.840.1.113883.10.20.22.4.46'], R21);
      obs.ele('id').att('root', ids.of('family-history', c.key));
      const problemCode = code(obs, 'code', {
        code: '64572001',
        oid: codeSystemOid.SNOMED_CT,
        display: 'Disease',
      });
      code(problemCode, 'translation', {
        code: '75315-2',
        oid: codeSystemOid.LOINC,
        display: 'Condition Family member',
      });
      obs.ele('text').ele('reference').att('value', `#family-${c.key}`);
      obs.ele('statusCode').att('code', 'completed');
      // When the relative's condition began is not asked.
      obs.ele('effectiveTime').att('nullFlavor', 'UNK');
      cdValue(obs, oidCode(c.condition), `#family-${c.key}`);
      authorParticipation(obs, c.author, record, ids);
    }
  }
}

const SOCIAL_SECTION = ['2.16.840.1.113883.10.20.22.2.17'];
const SOCIAL_HEAD = { code: '29762-2', display: 'Social history Narrative', title: 'Social History' };

/** Social History Type codes (value set 2.16.840.1.113883.3.88.12.80.60) of the categories. */
const socialType = {
  alcohol: {
    code: '160573003',
    display: 'Alcohol intake',
    loinc: { code: '11331-6', display: 'History of Alcohol use' },
  },
  drugUse: {
    code: '363908000',
    display: 'Details of drug misuse behavior',
    loinc: { code: '11343-1', display: 'History of Other nonmedical drug use' },
  },
  // No LOINC code is known to us for environmental exposure: the translation says so (UNK).
  exposures: { code: '425400000', display: 'Toxic exposure status', loinc: null },
} as const;

function socialHistorySection(
  body: XMLBuilder,
  record: HealthRecord,
  options: ContinuityOfCareOptions,
  ids: Ids,
): void {
  const social = record.socialHistory;
  const observations = (['alcohol', 'drugUse', 'exposures'] as const).flatMap((kind) =>
    social[kind].map((o) => ({ kind, o })),
  );
  const s = section(body, SOCIAL_SECTION, R21, SOCIAL_HEAD);
  const socialText = s.ele('text');
  const tbody = table(socialText, ['Social history', 'Observation', 'Recorded']);
  notFilteredNote(socialText, record);
  // The smoking status row is always there: C-CDA requires one, unknown when not given.
  const smoking = social.smokingStatus;
  const smokingRow = tbody.ele('tr');
  cell(smokingRow, 'Smoking status');
  cell(smokingRow, smoking ? smoking.value.display : 'Unknown if ever smoked', 'social-smoking');
  cell(smokingRow, smoking ? displayDate(smoking.recordedAt) : '');
  for (const { kind, o } of observations) {
    const tr = tbody.ele('tr');
    cell(tr, socialType[kind].display);
    cell(tr, o.value.display, `social-${o.id}`);
    cell(tr, displayDate(o.recordedAt));
  }
  identityRows(tbody, record);

  const obs = statement(s, 'entry', 'DRIV', 'observation', 'OBS');
  templateIds(obs, ['2.16.840.1.113883.10.20.22.4.78'], R20);
  obs.ele('id').att('root', ids.of('smoking-status', smoking?.id ?? 'unknown'));
  code(obs, 'code', { code: '72166-2', oid: codeSystemOid.LOINC, display: 'Tobacco smoking status NHIS' });
  obs.ele('text').ele('reference').att('value', '#social-smoking');
  obs.ele('statusCode').att('code', 'completed');
  obs.ele('effectiveTime').att('value', timestamp(smoking?.recordedAt ?? options.generatedAt));
  cdValue(
    obs,
    smoking
      ? oidCode(smoking.value)
      : { code: '266927001', oid: codeSystemOid.SNOMED_CT, display: 'Unknown if ever smoked' },
    '#social-smoking',
  );
  if (smoking) authorParticipation(obs, smoking.author, record, ids);

  for (const { kind, o } of observations) socialObservation(s, kind, o, record, ids);
  identityEntries(s, record, ids);
  birthSexObservation(s, record);
}

function socialObservation(
  s: XMLBuilder,
  kind: keyof typeof socialType,
  o: SocialHistoryObservation,
  record: HealthRecord,
  ids: Ids,
): void {
  const obs = statement(s, 'entry', 'DRIV', 'observation', 'OBS');
  // "Does not misuse drugs" is the negation of "Misuses drugs" (SNOMED 361055000).
  const deniesDrugs = o.value.code === '_no_361055000';
  if (deniesDrugs) obs.att('negationInd', 'true');
  templateIds(obs, ['2.16.840.1.113883.10.20.22.4.38'], R21);
  obs.ele('id').att('root', ids.of('social-history', o.id));
  const type = socialType[kind];
  const typeCode = code(obs, 'code', {
    code: type.code,
    display: type.display,
    oid: codeSystemOid.SNOMED_CT,
  });
  // C-CDA R2.1 (CONF:1198-32951): a code that is not LOINC carries a LOINC translation.
  if (type.loinc) code(typeCode, 'translation', { ...type.loinc, oid: codeSystemOid.LOINC });
  else typeCode.ele('translation').att('nullFlavor', 'UNK');
  obs.ele('text').ele('reference').att('value', `#social-${o.id}`);
  obs.ele('statusCode').att('code', 'completed');
  obs.ele('effectiveTime').att('value', timestamp(o.recordedAt));
  cdValue(
    obs,
    deniesDrugs
      ? { code: '361055000', oid: codeSystemOid.SNOMED_CT, display: 'Misuses drugs' }
      : oidCode(o.value),
    `#social-${o.id}`,
  );
  authorParticipation(obs, o.author, record, ids);
}

const ENCOUNTER_SECTION = ['2.16.840.1.113883.10.20.22.2.22.1'];
const ENCOUNTER_HEAD = {
  code: '46240-8',
  display: 'History of Hospitalizations+Outpatient visits Narrative',
  title: 'Encounters',
};

function encountersSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  if (record.encounters.length === 0) {
    nullSection(body, ENCOUNTER_SECTION, R21, ENCOUNTER_HEAD);
    return;
  }
  const s = section(body, ENCOUNTER_SECTION, R21, ENCOUNTER_HEAD);
  const tbody = table(s.ele('text'), ['Encounter', 'Date', 'Providers', 'Location']);
  for (const e of record.encounters) {
    const tr = tbody.ele('tr');
    cell(tr, 'Office visit', `encounter-${e.id}`);
    cell(tr, displayDateTime(e.dateOfService));
    cell(tr, e.providers.map((p) => p.displayName).join('; '));
    cell(tr, e.location?.name ?? '');
  }
  for (const e of record.encounters) encounterEntry(s, e, ids);
}

function encounterEntry(s: XMLBuilder, e: Encounter, ids: Ids): void {
  const rowId = `encounter-${e.id}`;
  const enc = statement(s, 'entry', 'DRIV', 'encounter', 'ENC');
  templateIds(enc, ['2.16.840.1.113883.10.20.22.4.49'], R21);
  enc.ele('id').att('root', ids.of('encounter', e.id)).att('extension', e.externalId);
  const c = code(enc, 'code', {
    code: '308335008',
    oid: codeSystemOid.SNOMED_CT,
    display: 'Patient encounter procedure',
  });
  c.ele('originalText').ele('reference').att('value', `#${rowId}`);
  code(c, 'translation', { code: 'AMB', oid: codeSystemOid.ACT_CODE, display: 'ambulatory' });
  enc.ele('text').ele('reference').att('value', `#${rowId}`);
  enc.ele('statusCode').att('code', 'completed');
  const time = enc.ele('effectiveTime');
  time.ele('low').att('value', timestamp(e.dateOfService));
  time.ele('high').att('value', timestamp(new Date(e.dateOfService.getTime() + e.durationMinutes * 60_000)));
  e.providers.forEach((p, i) => {
    const entity = enc.ele('performer').ele('assignedEntity');
    entity.ele('id').att('root', ids.of('provider', `${e.id}:${i}:${p.displayName}`));
    personName(entity.ele('assignedPerson'), p.name, null, p.credentials);
  });
  if (e.location) {
    const role = enc
      .ele('participant')
      .att('typeCode', 'LOC')
      .ele('participantRole')
      .att('classCode', 'SDLOC');
    templateIds(role, ['2.16.840.1.113883.10.20.22.4.32'], null);
    role.ele('code').att('nullFlavor', 'UNK');
    if (e.location.address) address(role, e.location.address, 'WP');
    if (e.location.phone)
      telecom(role, { system: 'PHONE', use: 'WORK', value: e.location.phone, extension: null });
    role.ele('playingEntity').att('classCode', 'PLC').ele('name').txt(e.location.name);
  }
}
