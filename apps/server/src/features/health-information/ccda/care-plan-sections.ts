/**
 * The C-CDA sections of the clinic's plan and its notes (the clinical record, 0400): Plan of
 * Treatment (planned visits, procedures and medications, and education as instructions), Goals
 * (Goal Observations), Health Concerns (Health Concern Acts, each with the coded concern as a
 * Problem Observation, and the latest Health Status Observation) and Notes (Note Activities). Each entry has its author, the clinician the
 * clinic named. The range applies as the repository reads it (by the time the clinic recorded the
 * item, a note by when it was written); a section with nothing in it is the R2.1 nullFlavor form,
 * except Notes, which a CCD need not have and is left out.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type {
  RecordCarePlanItem,
  RecordGoal,
  RecordHealthConcern,
  RecordHealthStatus,
  RecordNote,
} from '../clinical-record/clinical-record.repository';
import type { HealthRecord } from '../../../lib/health-record/health-record';
import {
  type Column,
  type OidCode,
  R20,
  R21,
  XSI,
  cdValue,
  code,
  codeSystemOid,
  displayDateTime,
  displayIsoDate,
  listTable,
  nullSection,
  section,
  statement,
  templateIds,
  timestamp,
  type Ids,
} from './cda-writer';
import { clinicianAuthor } from './provenance';

const CPT = '2.16.840.1.113883.6.12';
const ICD10_CM = '2.16.840.1.113883.6.90';

const planCodeSystem: Record<NonNullable<RecordCarePlanItem['codeSystem']>, string> = {
  SNOMED: codeSystemOid.SNOMED_CT,
  CPT,
  LOINC: codeSystemOid.LOINC,
  RXNORM: codeSystemOid.RXNORM,
};

const planStatusText: Record<RecordCarePlanItem['status'], string> = {
  active: 'Planned',
  completed: 'Done',
  cancelled: 'Cancelled',
};

const planKindText: Record<RecordCarePlanItem['kind'], string> = {
  visit: 'Visit',
  procedure: 'Procedure',
  medication: 'Medication',
  education: 'Education',
};

/**
 * The item's own code, or nullFlavor OTH with the narrative's text when the clinic sent only a
 * description (no code is made up for it).
 */
function planCode(parent: XMLBuilder, name: string, item: RecordCarePlanItem, ref: string): XMLBuilder {
  const e =
    item.code && item.codeSystem
      ? code(parent, name, { code: item.code, oid: planCodeSystem[item.codeSystem] })
      : parent.ele(name).att('nullFlavor', 'OTH');
  e.ele('originalText').ele('reference').att('value', ref);
  return e;
}

const PLAN = ['2.16.840.1.113883.10.20.22.2.10'];
const PLAN_HEAD = { code: '18776-5', display: 'Plan of care note', title: 'Plan of Treatment' };

export function planOfTreatmentSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const items = record.clinical?.carePlan.items ?? [];
  if (items.length === 0) {
    nullSection(body, PLAN, R20, PLAN_HEAD);
    return;
  }
  const s = section(body, PLAN, R20, PLAN_HEAD);
  const rowId = (i: RecordCarePlanItem) => `plan-${i.id}`;
  listTable(s.ele('text'), items, [
    { heading: 'Planned', text: (i) => i.description, id: rowId },
    { heading: 'Kind', text: (i) => planKindText[i.kind] },
    { heading: 'When', text: (i) => (i.plannedAt ? displayDateTime(i.plannedAt) : '') },
    { heading: 'Status', text: (i) => planStatusText[i.status] },
  ]);
  // What is done or cancelled is no longer a plan: it stays in the narrative, the entries are the
  // plan (the planned templates are active by definition).
  for (const item of items) if (item.status === 'active') plannedEntry(s, item, `#${rowId(item)}`, ids);
}

function plannedEntry(s: XMLBuilder, item: RecordCarePlanItem, ref: string, ids: Ids): void {
  const id = ids.of('plan-of-treatment', item.externalId);
  switch (item.kind) {
    case 'visit': {
      const enc = statement(s, 'entry', 'DRIV', 'encounter', 'ENC', { moodCode: 'INT' });
      templateIds(enc, ['2.16.840.1.113883.10.20.22.4.40'], R20);
      enc.ele('id').att('root', id);
      planCode(enc, 'code', item, ref);
      enc.ele('text').ele('reference').att('value', ref);
      enc.ele('statusCode').att('code', 'active');
      if (item.plannedAt) enc.ele('effectiveTime').att('value', timestamp(item.plannedAt));
      clinicianAuthor(enc, item, ids);
      return;
    }
    case 'procedure': {
      const proc = statement(s, 'entry', 'DRIV', 'procedure', 'PROC', { moodCode: 'INT' });
      templateIds(proc, ['2.16.840.1.113883.10.20.22.4.41'], R20);
      proc.ele('id').att('root', id);
      planCode(proc, 'code', item, ref);
      proc.ele('text').ele('reference').att('value', ref);
      proc.ele('statusCode').att('code', 'active');
      if (item.plannedAt) proc.ele('effectiveTime').att('value', timestamp(item.plannedAt));
      clinicianAuthor(proc, item, ids);
      return;
    }
    case 'medication': {
      const sa = statement(s, 'entry', 'DRIV', 'substanceAdministration', 'SBADM', { moodCode: 'INT' });
      templateIds(sa, ['2.16.840.1.113883.10.20.22.4.42'], R20);
      sa.ele('id').att('root', id);
      sa.ele('text').ele('reference').att('value', ref);
      sa.ele('statusCode').att('code', 'active');
      // A planned time is one point: a plain TS, as the schema's SXCM_TS allows (an IVL_TS with a
      // @value only draws the Schematron's "SHOULD have low"). Not planned for a time: an interval
      // whose start is unknown.
      if (item.plannedAt) sa.ele('effectiveTime').att('value', timestamp(item.plannedAt));
      else sa.ele('effectiveTime').att(XSI, 'xsi:type', 'IVL_TS').ele('low').att('nullFlavor', 'UNK');
      // A plan item holds no structured frequency (its sig is text): unknown, not left out.
      sa.ele('effectiveTime').att(XSI, 'xsi:type', 'PIVL_TS').att('operator', 'A').att('nullFlavor', 'UNK');
      const mp = sa.ele('consumable').ele('manufacturedProduct').att('classCode', 'MANU');
      templateIds(mp, ['2.16.840.1.113883.10.20.22.4.23'], R20);
      planCode(mp.ele('manufacturedMaterial'), 'code', item, ref);
      clinicianAuthor(sa, item, ids);
      return;
    }
    case 'education': {
      // C-CDA's Instruction: what the patient was taught, in the clinic's words.
      const act = statement(s, 'entry', 'DRIV', 'act', 'ACT', { moodCode: 'INT' });
      templateIds(act, ['2.16.840.1.113883.10.20.22.4.20'], R20);
      act.ele('id').att('root', id);
      const c = code(act, 'code', {
        code: '311401005',
        oid: codeSystemOid.SNOMED_CT,
        display: 'Patient education',
      });
      c.ele('originalText').ele('reference').att('value', ref);
      act.ele('text').ele('reference').att('value', ref);
      act.ele('statusCode').att('code', 'completed');
      clinicianAuthor(act, item, ids);
      return;
    }
  }
}

const GOALS = ['2.16.840.1.113883.10.20.22.2.60'];
const GOALS_HEAD = { code: '61146-7', display: 'Goals', title: 'Goals' };

const goalStatus: Record<RecordGoal['status'], { code: string; text: string }> = {
  active: { code: 'active', text: 'Active' },
  achieved: { code: 'completed', text: 'Achieved' },
  cancelled: { code: 'cancelled', text: 'Cancelled' },
};

/** The C-CDA Priority Level value set (SNOMED CT qualifier values). */
const goalPriority: Record<NonNullable<RecordGoal['priority']>, { code: string; display: string }> = {
  high: { code: '394849002', display: 'High priority' },
  normal: { code: '394848005', display: 'Normal priority' },
  delayed: { code: '441808003', display: 'Delayed priority' },
};

export function goalsSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const goals = record.clinical?.carePlan.goals ?? [];
  if (goals.length === 0) {
    nullSection(body, GOALS, null, GOALS_HEAD);
    return;
  }
  const s = section(body, GOALS, null, GOALS_HEAD);
  const rowId = (g: RecordGoal) => `goal-${g.id}`;
  listTable(s.ele('text'), goals, [
    { heading: 'Goal', text: (g) => g.description, id: rowId },
    { heading: 'Target date', text: (g) => (g.targetDate ? displayIsoDate(g.targetDate) : '') },
    { heading: 'Status', text: (g) => goalStatus[g.status].text },
    { heading: 'Priority', text: (g) => (g.priority ? goalPriority[g.priority].display : '') },
  ]);
  for (const g of goals) {
    const obs = statement(s, 'entry', 'DRIV', 'observation', 'OBS', { moodCode: 'GOL' });
    templateIds(obs, ['2.16.840.1.113883.10.20.22.4.121'], null);
    obs.ele('id').att('root', ids.of('goal', g.externalId));
    // The clinic states its goals in words: the code says "a goal", the text is the goal.
    const c = code(obs, 'code', { code: '61146-7', oid: codeSystemOid.LOINC, display: 'Goals' });
    c.ele('originalText')
      .ele('reference')
      .att('value', `#${rowId(g)}`);
    obs
      .ele('text')
      .ele('reference')
      .att('value', `#${rowId(g)}`);
    obs.ele('statusCode').att('code', goalStatus[g.status].code);
    // A goal's time is when it should be met.
    if (g.targetDate) obs.ele('effectiveTime').att('value', g.targetDate.replaceAll('-', ''));
    clinicianAuthor(obs, g, ids);
    if (g.priority) {
      // How the clinic weighs the goal: a Priority Preference it refers to.
      const preference = statement(obs, 'entryRelationship', 'REFR', 'observation', 'OBS');
      templateIds(preference, ['2.16.840.1.113883.10.20.22.4.143'], null);
      preference.ele('id').att('root', ids.of('goal-priority', g.externalId));
      code(preference, 'code', { code: '225773000', oid: codeSystemOid.SNOMED_CT, display: 'Preference' });
      preference.ele('effectiveTime').att('value', timestamp(g.recordedAt));
      cdValue(preference, { ...goalPriority[g.priority], oid: codeSystemOid.SNOMED_CT });
      clinicianAuthor(preference, g, ids);
    }
  }
}

const CONCERNS = ['2.16.840.1.113883.10.20.22.2.58'];
const CONCERNS_HEAD = { code: '75310-3', display: 'Health concerns document', title: 'Health Concerns' };

const concernStatusText: Record<RecordHealthConcern['status'], string> = {
  active: 'Active',
  inactive: 'Inactive',
  resolved: 'Resolved',
};

function concernCode(c: RecordHealthConcern): OidCode | null {
  if (!c.code || !c.codeSystem) return null;
  return {
    code: c.code,
    oid: c.codeSystem === 'SNOMED' ? codeSystemOid.SNOMED_CT : ICD10_CM,
    display: c.description,
  };
}

export function healthConcernsSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const concerns = record.clinical?.carePlan.concerns ?? [];
  if (concerns.length === 0) {
    nullSection(body, CONCERNS, R21, CONCERNS_HEAD);
    return;
  }
  const s = section(body, CONCERNS, R21, CONCERNS_HEAD);
  const rowId = (c: RecordHealthConcern) => `concern-${c.id}`;
  const columns: Column<RecordHealthConcern>[] = [
    { heading: 'Concern', text: (c) => c.description, id: rowId },
    { heading: 'Since', text: (c) => (c.onsetDate ? displayIsoDate(c.onsetDate) : '') },
    { heading: 'Status', text: (c) => concernStatusText[c.status] },
  ];
  const text = s.ele('text');
  listTable(text, concerns, columns);
  // The section must hold a concern (1198-30768), so a range with a health status but no concern
  // is the nullFlavor form above and leaves the status out (decision 251).
  const status = record.clinical?.carePlan.healthStatuses[0];
  if (status) {
    const statusRow = `health-status-${status.id}`;
    listTable(
      text,
      [status],
      [
        { heading: 'Health status', text: (h) => h.display, id: () => statusRow },
        { heading: 'Assessed', text: (h) => displayDateTime(h.recordedAt) },
        { heading: 'By', text: (h) => `${h.authorName}, ${h.authorOrganization}` },
      ],
    );
    healthStatusObservation(s, status, `#${statusRow}`, ids);
  }
  for (const c of concerns) {
    const ref = `#${rowId(c)}`;
    const act = statement(s, 'entry', 'DRIV', 'act', 'ACT');
    templateIds(act, ['2.16.840.1.113883.10.20.22.4.132'], R21);
    act.ele('id').att('root', ids.of('health-concern', c.externalId));
    code(act, 'code', { code: '75310-3', oid: codeSystemOid.LOINC, display: 'Health Concern' });
    act.ele('text').ele('reference').att('value', ref);
    act.ele('statusCode').att('code', c.status === 'active' ? 'active' : 'completed');
    if (c.onsetDate) act.ele('effectiveTime').ele('low').att('value', c.onsetDate.replaceAll('-', ''));
    clinicianAuthor(act, c, ids);
    // The concern itself, coded as the clinic sent it: a Problem Observation it refers to.
    const obs = statement(act, 'entryRelationship', 'REFR', 'observation', 'OBS');
    templateIds(obs, ['2.16.840.1.113883.10.20.22.4.4'], R21);
    obs.ele('id').att('root', ids.of('health-concern-problem', c.externalId));
    const problem = code(obs, 'code', { code: '55607006', oid: codeSystemOid.SNOMED_CT, display: 'Problem' });
    code(problem, 'translation', { code: '75326-9', oid: codeSystemOid.LOINC, display: 'Problem' });
    obs.ele('text').ele('reference').att('value', ref);
    obs.ele('statusCode').att('code', 'completed');
    const low = obs.ele('effectiveTime').ele('low');
    if (c.onsetDate) low.att('value', c.onsetDate.replaceAll('-', ''));
    else low.att('nullFlavor', 'UNK');
    const coded = concernCode(c);
    if (coded) cdValue(obs, coded, ref);
    else {
      const v = obs.ele('value').att(XSI, 'xsi:type', 'CD').att('nullFlavor', 'OTH');
      v.ele('originalText').ele('reference').att('value', ref);
    }
    clinicianAuthor(obs, c, ids);
  }
}

/**
 * Health Status Observation (V2): the clinician's latest assessment of the patient's overall health,
 * a code of the HL7 HealthStatus value set, at the time it was recorded, with its author.
 */
function healthStatusObservation(s: XMLBuilder, h: RecordHealthStatus, ref: string, ids: Ids): void {
  const obs = statement(s, 'entry', 'DRIV', 'observation', 'OBS');
  templateIds(obs, ['2.16.840.1.113883.10.20.22.4.5'], R20);
  obs.ele('id').att('root', ids.of('health-status', h.externalId));
  code(obs, 'code', { code: '11323-3', oid: codeSystemOid.LOINC, display: 'Health status' });
  obs.ele('text').ele('reference').att('value', ref);
  obs.ele('statusCode').att('code', 'completed');
  obs.ele('effectiveTime').att('value', timestamp(h.recordedAt));
  cdValue(obs, { code: h.code, oid: codeSystemOid.SNOMED_CT, display: h.display }, ref);
  clinicianAuthor(obs, h, ids);
}

const NOTES = ['2.16.840.1.113883.10.20.22.2.65'];
const NOTE_VERSION = '2016-11-01';
const NOTE_CODE = { code: '34109-9', oid: codeSystemOid.LOINC, display: 'Note' };

/** The clinic's notes, newest first; left out when the range holds none (a CCD need not have it). */
export function notesSection(body: XMLBuilder, record: HealthRecord, ids: Ids): void {
  const notes = record.clinical?.notes ?? [];
  if (notes.length === 0) return;
  const s = section(body, NOTES, NOTE_VERSION, { ...NOTE_CODE, title: 'Notes' });
  const text = s.ele('text');
  for (const n of notes) {
    const paragraph = text.ele('paragraph');
    paragraph
      .ele('caption')
      .txt(`${n.noteTypeName}: ${n.title} (${displayDateTime(n.authoredAt)}, ${n.authorName})`);
    const content = paragraph.ele('content').att('ID', `note-${n.id}`);
    const body = n.text ?? `PDF document ${n.pdf?.fileName ?? ''} (not included in this summary)`;
    body.split(/\n+/).forEach((line, i) => {
      if (i > 0) content.ele('br');
      content.txt(line);
    });
  }
  for (const n of notes) noteActivity(s, n, ids);
}

function noteActivity(s: XMLBuilder, n: RecordNote, ids: Ids): void {
  const act = statement(s, 'entry', 'DRIV', 'act', 'ACT');
  templateIds(act, ['2.16.840.1.113883.10.20.22.4.202'], NOTE_VERSION);
  act.ele('id').att('root', ids.of('clinical-note', n.externalId));
  const c = code(act, 'code', NOTE_CODE);
  code(c, 'translation', { code: n.noteTypeCode, oid: codeSystemOid.LOINC, display: n.noteTypeName });
  act.ele('text').ele('reference').att('value', `#note-${n.id}`);
  act.ele('statusCode').att('code', 'completed');
  act.ele('effectiveTime').att('value', timestamp(n.authoredAt));
  clinicianAuthor(act, n, ids);
}
