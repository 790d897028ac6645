/**
 * The C-CDA sections of what the clinic itself records (the clinical record, 0400): Results (Result
 * Organizer → Result Observations), Vital Signs (Vital Signs Organizer → Vital Sign Observations)
 * and Immunizations (Immunization Activity with its vaccine, lot and manufacturer). Each entry has
 * its author (who recorded it, with NPI when known, for the organisation the clinic named). A
 * section with nothing in the range is the R2.1 nullFlavor form.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { RecordResult } from '../clinical-record/clinical-record.repository';
import type { HealthRecord } from '../../../lib/health-record/health-record';
import {
  R20,
  R21,
  XSI,
  cell,
  code,
  codeSystemOid,
  displayDateTime,
  nullSection,
  personName,
  section,
  splitDisplayName,
  statement,
  table,
  templateIds,
  timestamp,
  type Ids,
} from './cda-writer';
import { clinicianAuthor } from './provenance';

const CVX = '2.16.840.1.113883.12.292';
const INTERPRETATION = '2.16.840.1.113883.5.83';
const interpretationText: Record<string, string> = {
  H: 'High',
  L: 'Low',
  N: 'Normal',
  A: 'Abnormal',
  HH: 'Critical high',
  LL: 'Critical low',
};

const RESULTS = ['2.16.840.1.113883.10.20.22.2.3.1'];
const RESULTS_HEAD = {
  code: '30954-2',
  display: 'Relevant diagnostic tests/laboratory data Narrative',
  title: 'Results',
};

function observationValue(o: RecordResult['observations'][number]): string {
  const value =
    o.valueNumeric !== null ? `${o.valueNumeric}${o.unit ? ` ${o.unit}` : ''}` : (o.valueText ?? '');
  return value;
}

function referenceText(o: RecordResult['observations'][number]): string {
  if (o.referenceText) return o.referenceText;
  if (o.referenceLow !== null && o.referenceHigh !== null) return `${o.referenceLow}-${o.referenceHigh}`;
  return '';
}

export function resultsSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const results = record.clinical?.results ?? [];
  if (results.length === 0) {
    nullSection(body, RESULTS, R21, RESULTS_HEAD);
    return;
  }
  const s = section(body, RESULTS, R21, RESULTS_HEAD);
  const tbody = table(s.ele('text'), [
    'Test',
    'Result',
    'Reference range',
    'Interpretation',
    'Date',
    'Status',
  ]);
  for (const r of results) {
    const rows = r.observations.length
      ? r.observations
      : [
          {
            id: 0,
            name: r.name,
            valueNumeric: null,
            valueText: r.diagnosisDisplay ?? r.narrative ?? '',
            unit: null,
            referenceLow: null,
            referenceHigh: null,
            referenceText: null,
            interpretation: null,
          },
        ];
    const head = tbody.ele('tr');
    cell(head, r.name, `result-${r.id}`);
    cell(head, r.specimen ? `Specimen: ${r.specimen}` : '');
    cell(head, '');
    cell(head, '');
    cell(head, displayDateTime(r.effectiveAt));
    cell(head, r.status);
    rows.forEach((o, i) => {
      const tr = tbody.ele('tr');
      cell(tr, o.name, `result-${r.id}-${i}`);
      cell(tr, observationValue(o as RecordResult['observations'][number]), `result-${r.id}-${i}-value`);
      cell(tr, referenceText(o as RecordResult['observations'][number]));
      cell(tr, o.interpretation ? (interpretationText[o.interpretation] ?? o.interpretation) : '');
      cell(tr, '');
      cell(tr, '');
    });
  }
  for (const r of results) {
    const organizer = statement(s, 'entry', 'DRIV', 'organizer', 'BATTERY');
    templateIds(organizer, ['2.16.840.1.113883.10.20.22.4.1'], R21);
    organizer.ele('id').att('root', ids.of('result', r.externalId));
    const c = code(organizer, 'code', { code: r.code, oid: codeSystemOid.LOINC, display: r.name });
    c.ele('originalText').ele('reference').att('value', `#result-${r.id}`);
    organizer.ele('statusCode').att('code', r.status === 'preliminary' ? 'active' : 'completed');
    const time = organizer.ele('effectiveTime');
    time.ele('low').att('value', timestamp(r.effectiveAt));
    time.ele('high').att('value', timestamp(r.effectiveAt));
    clinicianAuthor(organizer, r, ids);
    const observations = r.observations.length ? r.observations : [null];
    observations.forEach((o, i) => {
      const obs = organizer
        .ele('component')
        .ele('observation')
        .att('classCode', 'OBS')
        .att('moodCode', 'EVN');
      templateIds(obs, ['2.16.840.1.113883.10.20.22.4.2'], R21);
      obs.ele('id').att('root', ids.of('result-observation', `${r.externalId}:${i}`));
      code(obs, 'code', {
        code: o?.code ?? r.code,
        oid: codeSystemOid.LOINC,
        display: o?.name ?? r.name,
      });
      obs.ele('text').ele('reference').att('value', `#result-${r.id}-${i}`);
      obs.ele('statusCode').att('code', r.status === 'preliminary' ? 'active' : 'completed');
      obs.ele('effectiveTime').att('value', timestamp(r.effectiveAt));
      if (o && o.valueNumeric !== null) {
        obs
          .ele('value')
          .att(XSI, 'xsi:type', 'PQ')
          .att('value', String(o.valueNumeric))
          .att('unit', o.unit ?? '1');
      } else {
        obs
          .ele('value')
          .att(XSI, 'xsi:type', 'ST')
          .txt(o?.valueText ?? r.diagnosisDisplay ?? r.narrative ?? '');
      }
      if (o?.interpretation)
        code(obs, 'interpretationCode', {
          code: o.interpretation,
          oid: INTERPRETATION,
          display: interpretationText[o.interpretation] ?? o.interpretation,
        });
      // The clinic sent no interpretation: unknown, not "normal" by silence.
      else obs.ele('interpretationCode').att('nullFlavor', 'UNK');
      clinicianAuthor(obs, r, ids);
      if (o && (o.referenceText || (o.referenceLow !== null && o.referenceHigh !== null))) {
        const range = obs.ele('referenceRange').ele('observationRange');
        if (o.referenceText) range.ele('text').txt(o.referenceText);
        if (o.referenceLow !== null && o.referenceHigh !== null) {
          const v = range.ele('value').att(XSI, 'xsi:type', 'IVL_PQ');
          v.ele('low')
            .att('value', String(o.referenceLow))
            .att('unit', o.unit ?? '1');
          v.ele('high')
            .att('value', String(o.referenceHigh))
            .att('unit', o.unit ?? '1');
        } else
          range
            .ele('value')
            .att(XSI, 'xsi:type', 'ST')
            .txt(o.referenceText ?? '');
      } else {
        // No range sent: a finding in words (a pathology diagnosis) has none to give, a number's is
        // unknown.
        const numeric = o !== null && o.valueNumeric !== null;
        obs
          .ele('referenceRange')
          .ele('observationRange')
          .ele('value')
          .att(XSI, 'xsi:type', numeric ? 'IVL_PQ' : 'ST')
          .att('nullFlavor', numeric ? 'UNK' : 'NA');
      }
    });
  }
}

const VITALS = ['2.16.840.1.113883.10.20.22.2.4.1'];
const VITALS_HEAD = { code: '8716-3', display: 'Vital signs', title: 'Vital Signs' };

/** The C-CDA vital sign LOINC codes the clinical record uses, with their names. */
const vitalNames: Record<string, string> = {
  '8302-2': 'Body height',
  '29463-7': 'Body weight',
  '39156-5': 'Body mass index',
  '8480-6': 'Systolic blood pressure',
  '8462-4': 'Diastolic blood pressure',
  '8867-4': 'Heart rate',
  '9279-1': 'Respiratory rate',
  '8310-5': 'Body temperature',
  '2708-6': 'Oxygen saturation',
  '59408-5': 'Oxygen saturation by pulse oximetry',
  '8287-5': 'Head circumference',
};

export function vitalSignsSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const sets = record.clinical?.vitalSigns ?? [];
  if (sets.length === 0) {
    nullSection(body, VITALS, R21, VITALS_HEAD);
    return;
  }
  const s = section(body, VITALS, R21, VITALS_HEAD);
  const tbody = table(s.ele('text'), ['Date', 'Measurement', 'Value']);
  for (const set of sets)
    set.measurements.forEach((m, i) => {
      const tr = tbody.ele('tr');
      cell(tr, displayDateTime(set.effectiveAt));
      cell(tr, vitalNames[m.code] ?? m.code, `vital-${set.id}-${i}`);
      cell(tr, `${m.value} ${m.unit}`);
    });
  for (const set of sets) {
    const organizer = statement(s, 'entry', 'DRIV', 'organizer', 'CLUSTER');
    templateIds(organizer, ['2.16.840.1.113883.10.20.22.4.26'], R21);
    organizer.ele('id').att('root', ids.of('vital-signs', set.externalId));
    const c = code(organizer, 'code', {
      code: '46680005',
      oid: codeSystemOid.SNOMED_CT,
      display: 'Vital signs',
    });
    code(c, 'translation', { code: '74728-7', oid: codeSystemOid.LOINC, display: 'Vital signs' });
    organizer.ele('statusCode').att('code', 'completed');
    organizer.ele('effectiveTime').att('value', timestamp(set.effectiveAt));
    clinicianAuthor(organizer, set, ids);
    set.measurements.forEach((m, i) => {
      const obs = organizer
        .ele('component')
        .ele('observation')
        .att('classCode', 'OBS')
        .att('moodCode', 'EVN');
      templateIds(obs, ['2.16.840.1.113883.10.20.22.4.27'], R20);
      obs.ele('id').att('root', ids.of('vital-sign', `${set.externalId}:${m.code}`));
      code(obs, 'code', { code: m.code, oid: codeSystemOid.LOINC, display: vitalNames[m.code] ?? m.code });
      obs.ele('text').ele('reference').att('value', `#vital-${set.id}-${i}`);
      obs.ele('statusCode').att('code', 'completed');
      obs.ele('effectiveTime').att('value', timestamp(set.effectiveAt));
      obs.ele('value').att(XSI, 'xsi:type', 'PQ').att('value', String(m.value)).att('unit', m.unit);
      clinicianAuthor(obs, set, ids);
    });
  }
}

const IMMUNIZATIONS = ['2.16.840.1.113883.10.20.22.2.2.1'];
const IMMUNIZATIONS_HEAD = {
  code: '11369-6',
  display: 'History of Immunization Narrative',
  title: 'Immunizations',
};

export function immunizationsSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const list = record.clinical?.immunizations ?? [];
  if (list.length === 0) {
    nullSection(body, IMMUNIZATIONS, R21, IMMUNIZATIONS_HEAD);
    return;
  }
  const s = section(body, IMMUNIZATIONS, R21, IMMUNIZATIONS_HEAD);
  const tbody = table(s.ele('text'), ['Vaccine', 'Date', 'Status', 'Lot', 'Manufacturer']);
  for (const im of list) {
    const tr = tbody.ele('tr');
    cell(tr, im.vaccineName, `immunization-${im.id}`);
    cell(tr, displayDateTime(im.occurredAt));
    cell(
      tr,
      im.status === 'completed' ? 'Given' : `Not given${im.statusReason ? `: ${im.statusReason}` : ''}`,
    );
    cell(tr, im.lotNumber);
    cell(tr, im.manufacturer);
  }
  for (const im of list) {
    const sa = statement(s, 'entry', 'DRIV', 'substanceAdministration', 'SBADM');
    sa.att('negationInd', im.status === 'not-done' ? 'true' : 'false');
    templateIds(sa, ['2.16.840.1.113883.10.20.22.4.52'], R21);
    sa.ele('id').att('root', ids.of('immunization', im.externalId));
    sa.ele('text').ele('reference').att('value', `#immunization-${im.id}`);
    sa.ele('statusCode').att('code', 'completed');
    sa.ele('effectiveTime').att('value', timestamp(im.occurredAt));
    if (im.doseQuantity !== null && im.doseUnit)
      sa.ele('doseQuantity').att('value', String(im.doseQuantity)).att('unit', im.doseUnit);
    const mp = sa.ele('consumable').ele('manufacturedProduct').att('classCode', 'MANU');
    templateIds(mp, ['2.16.840.1.113883.10.20.22.4.54'], R20);
    const material = mp.ele('manufacturedMaterial');
    const c = code(material, 'code', { code: im.cvxCode, oid: CVX, display: im.vaccineName });
    c.ele('originalText').ele('reference').att('value', `#immunization-${im.id}`);
    if (im.lotNumber) material.ele('lotNumberText').txt(im.lotNumber);
    if (im.manufacturer) mp.ele('manufacturerOrganization').ele('name').txt(im.manufacturer);
    if (im.performerName) {
      // Who gave it, by the name the clinic sent (it sends no identifier for them).
      const entity = sa.ele('performer').ele('assignedEntity');
      entity.ele('id').att('root', ids.of('immunization-performer', im.performerName));
      personName(entity.ele('assignedPerson'), splitDisplayName(im.performerName), null);
      const org = entity.ele('representedOrganization');
      org.ele('id').att('root', ids.of('clinical-organization', im.authorOrganization));
      org.ele('name').txt(im.authorOrganization);
    }
    clinicianAuthor(sa, im, ids);
    {
      // Which dose of its series this was: C-CDA's Substance Administered Act, numbered; a dose whose
      // place in its series the clinic did not send has its number unknown.
      const relationship = sa.ele('entryRelationship').att('typeCode', 'COMP').att('inversionInd', 'true');
      const sequence = relationship.ele('sequenceNumber');
      if (im.doseNumber !== null) sequence.att('value', String(im.doseNumber));
      else sequence.att('nullFlavor', 'UNK');
      const act = relationship.ele('act').att('classCode', 'ACT').att('moodCode', 'EVN');
      templateIds(act, ['2.16.840.1.113883.10.20.22.4.118'], null);
      act.ele('id').att('root', ids.of('immunization-dose', im.externalId));
      code(act, 'code', { code: '416118004', oid: codeSystemOid.SNOMED_CT, display: 'Administration' });
      act.ele('statusCode').att('code', 'completed');
      act.ele('effectiveTime').att('value', timestamp(im.occurredAt));
    }
  }
}
