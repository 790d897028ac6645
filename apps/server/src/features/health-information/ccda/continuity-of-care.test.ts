/**
 * The CCD of the demo patients and of a large synthetic record: valid against the CDA R2 + SDTC
 * schema (shared/fixtures/cda-schema, xmllint-wasm), its entries parse back to the record (allergies,
 * medications, problems), every narrative reference points at a row of its own section, and user text
 * never becomes markup.
 */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinicalNote, nppesProvider, patient, prescription } from '../../../db/schema';
import { seedDemo } from '../../../demo/seed';
import { describeEachDatabase } from '../../../test/database';
import { loadHealthRecord, type HealthRecord } from '../../../lib/health-record/health-record';
import { syntheticHealthRecord } from '../../../lib/health-record/synthetic-health-record';
import { buildCcdaDocument } from '../ccda-document';
import { buildContinuityOfCareDocument, codeSystemOid } from './continuity-of-care';
import { reconcileMedications } from './medication-reconciliation';
import { findSchematron, hasXsltproc, runSchematron } from './schematron';
import { findFixturesDir, validateCda } from './validate-cda';

const HL7 = 'urn:hl7-org:v3';
const SDTC = 'urn:hl7-org:sdtc';
const options = {
  generatedAt: new Date('2026-03-01T12:00:00Z'),
  documentId: '6f1c3a52-8d0e-4b7a-9a51-2f8d1e0c7b44',
};
const fixturesDir = findFixturesDir();
const schematron = fixturesDir && hasXsltproc() ? findSchematron(fixturesDir) : null;
/** Said in the name of every test that cannot run here, so the output tells why it did not. */
const notRun = 'SKIPPED: needs ../shared/fixtures beside the checkout and xsltproc';

// ---------------------------------------------------------------------------------------------
// Reading the document back

function parse(xml: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => level !== 'warning' && errors.push(message),
  }).parseFromString(xml, 'text/xml');
  expect(errors).toEqual([]);
  return doc;
}

const all = (parent: Document | Element, name: string, ns = HL7): Element[] =>
  Array.from(parent.getElementsByTagNameNS(ns, name));
const children = (parent: Element, name: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === name,
  );
const child = (parent: Element, ...path: string[]): Element | undefined => {
  let current: Element | undefined = parent;
  for (const name of path) current = current ? children(current, name)[0] : undefined;
  return current;
};
const hasTemplate = (e: Element, root: string) =>
  children(e, 'templateId').some((t) => t.getAttribute('root') === root);

function sectionOf(doc: Document, templateRoot: string): Element {
  const section = all(doc, 'section').find((s) => hasTemplate(s, templateRoot));
  if (!section) throw new Error(`no section ${templateRoot}`);
  return section;
}

const narrativeIds = new WeakMap<Element, Map<string, string>>();

/** The text of the narrative element a reference (#id) points at, in the reference's section. */
function referenced(section: Element, reference: Element | undefined): string {
  let ids = narrativeIds.get(section);
  if (!ids) {
    ids = new Map();
    for (const e of [...all(section, 'td'), ...all(section, 'content')]) {
      const id = e.getAttribute('ID');
      if (id) ids.set(id, e.textContent ?? '');
    }
    narrativeIds.set(section, ids);
  }
  const value = reference?.getAttribute('value') ?? '';
  const text = ids.get(value.replace(/^#/, ''));
  if (text === undefined) throw new Error(`reference ${value} resolves to nothing`);
  return text;
}

function readAllergies(doc: Document) {
  const section = sectionOf(doc, '2.16.840.1.113883.10.20.22.2.6.1');
  return all(section, 'observation')
    .filter((o) => hasTemplate(o, '2.16.840.1.113883.10.20.22.4.7'))
    .map((o) => {
      const c = child(o, 'participant', 'participantRole', 'playingEntity', 'code')!;
      return {
        code: c.getAttribute('code'),
        codeSystem: c.getAttribute('codeSystem'),
        name: referenced(section, child(c, 'originalText', 'reference')),
        reactions: children(o, 'entryRelationship')
          .map((r) => child(r, 'observation'))
          .filter((r): r is Element => !!r && hasTemplate(r, '2.16.840.1.113883.10.20.22.4.9'))
          .map((r) => referenced(section, child(r, 'value', 'originalText', 'reference'))),
      };
    });
}

function readMedications(doc: Document) {
  const section = sectionOf(doc, '2.16.840.1.113883.10.20.22.2.1.1');
  return all(section, 'substanceAdministration').map((sa) => {
    const c = child(sa, 'consumable', 'manufacturedProduct', 'manufacturedMaterial', 'code')!;
    return {
      code: c.getAttribute('code'),
      codeSystem: c.getAttribute('codeSystem'),
      name: referenced(section, child(c, 'originalText', 'reference')),
      status: child(sa, 'statusCode')?.getAttribute('code'),
    };
  });
}

function readProblems(doc: Document) {
  const section = sectionOf(doc, '2.16.840.1.113883.10.20.22.2.5.1');
  return all(section, 'observation')
    .filter((o) => hasTemplate(o, '2.16.840.1.113883.10.20.22.4.4'))
    .map((o) => {
      const v = child(o, 'value')!;
      return {
        code: v.getAttribute('code'),
        codeSystem: v.getAttribute('codeSystem'),
        name: referenced(section, child(v, 'originalText', 'reference')),
      };
    });
}

const statusCode = { ACTIVE: 'active', DISCONTINUED: 'aborted', INACTIVE: 'completed' } as const;

/** What the record says, in the shape the document is read back in. */
function expected(record: HealthRecord) {
  return {
    allergies: record.allergies.map((a) => ({
      code: a.allergen.code,
      codeSystem: a.allergen.system === 'RXNORM' ? codeSystemOid.RXNORM : codeSystemOid.SNOMED_CT,
      name: a.allergen.display,
      reactions: a.reactions.map((r) => r.text),
    })),
    medications: reconcileMedications(record.medications).map(({ med: m }) => ({
      code: m.drug.code,
      codeSystem: codeSystemOid.RXNORM,
      name: m.drug.display,
      status: statusCode[m.status],
    })),
    problems: record.problems.map((p) => ({
      code: p.problem.code,
      codeSystem: codeSystemOid.SNOMED_CT,
      name: p.problem.display,
    })),
  };
}

/** Every reference in the body points at an ID in the narrative of its own section. */
function expectReferencesResolve(doc: Document): void {
  for (const section of all(doc, 'section')) {
    const ids = new Set(
      [...all(section, 'td'), ...all(section, 'content')].map((e) => e.getAttribute('ID')).filter(Boolean),
    );
    for (const reference of all(section, 'reference'))
      expect(
        ids.has((reference.getAttribute('value') ?? '').slice(1)),
        reference.getAttribute('value') ?? '',
      ).toBe(true);
  }
}

async function expectSchemaValid(xml: string): Promise<void> {
  const result = await validateCda(xml, fixturesDir!);
  expect(result.errors.slice(0, 10)).toEqual([]);
  expect(result.valid).toBe(true);
}

/** The C-CDA R2.1 Schematron's error phase finds nothing (where xsltproc and the fixtures exist). */
function expectSchematronClean(xml: string): void {
  if (schematron) expect(runSchematron(xml, schematron)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------

describe('Continuity of Care Document of a large synthetic record', () => {
  const record = syntheticHealthRecord(200);
  const xml = buildContinuityOfCareDocument(record, options);
  const doc = parse(xml);

  it('gives back the allergies, medications and problems written, with their codes and status', () => {
    const want = expected(record);
    expect(readAllergies(doc)).toEqual(want.allergies);
    expect(readMedications(doc)).toEqual(want.medications);
    expect(readProblems(doc)).toEqual(want.problems);
    expect(readMedications(doc).filter((m) => m.status === 'aborted')).toHaveLength(
      record.medications.filter((m) => m.status === 'DISCONTINUED').length,
    );
  });

  it('states as unknown what the record does not hold, and as known what it does', () => {
    const criticality = all(doc, 'observation')
      .filter((o) => hasTemplate(o, '2.16.840.1.113883.10.20.22.4.145'))
      .map((o) => child(o, 'value')!);
    expect(criticality.filter((v) => v.getAttribute('nullFlavor') === 'UNK')).toHaveLength(
      record.allergies.filter((a) => a.criticality === null).length,
    );
    expect(criticality.filter((v) => v.getAttribute('code'))).toHaveLength(
      record.allergies.filter((a) => a.criticality !== null).length,
    );
    const routes = all(doc, 'routeCode');
    expect(routes.filter((r) => r.getAttribute('nullFlavor') === 'UNK')).toHaveLength(
      record.medications.filter((m) => !m.route).length,
    );
    expect(routes.filter((r) => r.getAttribute('code'))).toHaveLength(
      record.medications.filter((m) => m.route).length,
    );
    const relatives = all(doc, 'relatedSubject').map((r) => child(r, 'subject', 'birthTime'));
    expect(relatives.length).toBeGreaterThan(0);
    for (const birth of relatives) expect(birth?.getAttribute('nullFlavor')).toBe('UNK');
    const procedures = all(doc, 'procedure').filter(
      (p) => p.getAttribute('moodCode') === 'EVN' && p.getAttribute('negationInd') !== 'true',
    );
    expect(procedures.length).toBeGreaterThan(0);
    for (const p of procedures) {
      expect(child(p, 'targetSiteCode')?.getAttribute('nullFlavor')).toBe('UNK');
      expect(child(p, 'performer', 'assignedEntity', 'id')?.getAttribute('nullFlavor')).toBe('UNK');
    }
  });

  it('has a narrative row for every reference and the user text as text, never markup', () => {
    expectReferencesResolve(doc);
    // The synthetic names hold <#n>, & and ]]>: they stay text.
    expect(all(doc, 'b')).toHaveLength(0);
    expect(xml).not.toContain('<#');
    const family = all(doc, 'family')[0]?.textContent;
    expect(family).toBe("O'Connor & Sons");
  });

  it('writes the header: templates, race and ethnicity with granular codes, language, custodian, care team', () => {
    const root = doc.documentElement!;
    expect(
      children(root, 'templateId').map((t) => [t.getAttribute('root'), t.getAttribute('extension')]),
    ).toEqual([
      ['2.16.840.1.113883.10.20.22.1.1', null],
      ['2.16.840.1.113883.10.20.22.1.1', '2015-08-01'],
      ['2.16.840.1.113883.10.20.22.1.2', null],
      ['2.16.840.1.113883.10.20.22.1.2', '2015-08-01'],
    ]);
    expect(child(root, 'code')?.getAttribute('code')).toBe('34133-9');
    const person = child(root, 'recordTarget', 'patientRole', 'patient')!;
    expect(child(person, 'raceCode')?.getAttribute('code')).toBe('2076-8');
    expect(all(person, 'raceCode', SDTC).map((e) => e.getAttribute('code'))).toEqual([
      '2028-9',
      '2079-2',
      '2036-2',
    ]);
    expect(
      all(person, 'raceCode', SDTC).every((e) => e.getAttribute('codeSystem') === '2.16.840.1.113883.6.238'),
    ).toBe(true);
    expect(child(person, 'ethnicGroupCode')?.getAttribute('code')).toBe('2135-2');
    expect(all(person, 'ethnicGroupCode', SDTC).map((e) => e.getAttribute('code'))).toEqual(['2148-5']);
    expect(child(person, 'languageCommunication', 'languageCode')?.getAttribute('code')).toBe('es');
    expect(
      children(child(root, 'recordTarget', 'patientRole')!, 'telecom').map((t) => t.getAttribute('value')),
    ).toEqual(['tel:+1(239)555-0101', 'mailto:ana@example.com']);
    const guardian = child(person, 'guardian')!;
    expect(child(guardian, 'code')?.getAttribute('code')).toBe('MTH');
    expect(child(guardian, 'guardianPerson', 'name', 'given')?.textContent).toBe('Rosa <i>');
    expect(child(guardian, 'telecom')?.getAttribute('value')).toBe('tel:+1(239)555-0102');
    const custodian = child(
      root,
      'custodian',
      'assignedCustodian',
      'representedCustodianOrganization',
      'name',
    );
    expect(custodian?.textContent).toBe('Synthetic Dermatology & Co <LLC>');
    const performers = all(child(root, 'documentationOf')!, 'performer');
    expect(performers).toHaveLength(20);
    expect(child(performers[0]!, 'assignedEntity', 'id')?.getAttribute('root')).toBe('2.16.840.1.113883.4.6');
    expect(child(performers[0]!, 'assignedEntity', 'code')?.getAttribute('codeSystem')).toBe(
      '2.16.840.1.113883.6.101',
    );
  });

  it('writes smoking status, social history, family history by relative and encounters with providers', () => {
    const social = sectionOf(doc, '2.16.840.1.113883.10.20.22.2.17');
    const smoking = all(social, 'observation').find((o) =>
      hasTemplate(o, '2.16.840.1.113883.10.20.22.4.78'),
    )!;
    expect(child(smoking, 'code')?.getAttribute('code')).toBe('72166-2');
    expect(child(smoking, 'value')?.getAttribute('code')).toBe('8517006');
    const deniesDrugs = all(social, 'observation').find((o) => o.getAttribute('negationInd') === 'true');
    expect(child(deniesDrugs!, 'value')?.getAttribute('code')).toBe('361055000');

    const family = sectionOf(doc, '2.16.840.1.113883.10.20.22.2.15');
    const organizers = all(family, 'organizer');
    expect(organizers.length).toBe(26);
    const observations = organizers.flatMap((o) => all(o, 'observation'));
    expect(observations).toHaveLength(record.familyHistory.length * 2);

    const encounters = sectionOf(doc, '2.16.840.1.113883.10.20.22.2.22.1');
    const entries = all(encounters, 'encounter');
    expect(entries).toHaveLength(record.encounters.length);
    expect(
      child(entries[0]!, 'performer', 'assignedEntity', 'assignedPerson', 'name', 'family')?.textContent,
    ).toBe(record.encounters[0]!.providers[0]!.name.family);
  });

  it.skipIf(!fixturesDir)(
    `is valid against the CDA R2 SDTC schema${fixturesDir ? '' : ` (${notRun})`}`,
    async () => {
      await expectSchemaValid(xml);
    },
    120_000,
  );
});

describe.skipIf(!schematron)(
  `C-CDA R2.1 Schematron (error phase, run with xsltproc)${schematron ? '' : ` (${notRun})`}`,
  () => {
    it('finds no error in the document of a small synthetic record', () => {
      expect(
        runSchematron(buildContinuityOfCareDocument(syntheticHealthRecord(6), options), schematron!),
      ).toEqual([]);
    }, 120_000);

    it('finds no error when the sex assigned at birth is unknown or was never given', () => {
      for (const birthSex of ['UNK', null] as const) {
        const record = { ...syntheticHealthRecord(1) };
        record.patient = { ...record.patient, birthSex };
        expect(runSchematron(buildContinuityOfCareDocument(record, options), schematron!)).toEqual([]);
      }
    }, 120_000);

    it('finds errors in a broken document, so a clean run means something', () => {
      const broken = buildContinuityOfCareDocument(syntheticHealthRecord(2), options).replace(
        'code="72166-2"',
        'code="00000-0"',
      );
      expect(runSchematron(broken, schematron!).length).toBeGreaterThan(0);
    }, 120_000);
  },
);

describe('Continuity of Care Document: the sex assigned at birth', () => {
  const valueOf = (birthSex: HealthRecord['patient']['birthSex']) => {
    const record = syntheticHealthRecord(0);
    record.patient = { ...record.patient, birthSex };
    const doc = parse(buildContinuityOfCareDocument(record, options));
    const obs = all(doc, 'observation').find((o) => hasTemplate(o, '2.16.840.1.113883.10.20.22.4.200'))!;
    const value = child(obs, 'value')!;
    const row = Array.from(doc.getElementsByTagNameNS(HL7, 'td')).find(
      (td) => td.getAttribute('ID') === 'social-birth-sex',
    );
    return {
      code: value.getAttribute('code'),
      nullFlavor: value.getAttribute('nullFlavor'),
      text: row?.textContent,
    };
  };

  it('tells asked and unknown (UNK) from never given (NI), in the entry and the narrative', () => {
    expect(valueOf('F')).toEqual({ code: 'F', nullFlavor: null, text: 'Female' });
    expect(valueOf('UNK')).toEqual({ code: null, nullFlavor: 'UNK', text: 'Unknown' });
    expect(valueOf(null)).toEqual({ code: null, nullFlavor: 'NI', text: 'No information' });
  });
});

describe('Continuity of Care Document of an empty record', () => {
  const record = syntheticHealthRecord(0);
  record.socialHistory = { smokingStatus: null, alcohol: [], drugUse: [], exposures: [] };
  const xml = buildContinuityOfCareDocument(record, options);
  const doc = parse(xml);

  it('writes each required section in the nullFlavor="NI" form and the smoking status as unknown', () => {
    for (const root of [
      '2.16.840.1.113883.10.20.22.2.6.1',
      '2.16.840.1.113883.10.20.22.2.1.1',
      '2.16.840.1.113883.10.20.22.2.5.1',
      '2.16.840.1.113883.10.20.22.2.3.1',
      '2.16.840.1.113883.10.20.22.2.4.1',
      '2.16.840.1.113883.10.20.22.2.22.1',
      '2.16.840.1.113883.10.20.22.2.10',
      '2.16.840.1.113883.10.20.22.2.60',
      '2.16.840.1.113883.10.20.22.2.58',
    ]) {
      const section = sectionOf(doc, root);
      expect(section.getAttribute('nullFlavor'), root).toBe('NI');
      expect(all(section, 'entry'), root).toHaveLength(0);
      expect(child(section, 'text')?.textContent).toBe('No information');
    }
    const social = sectionOf(doc, '2.16.840.1.113883.10.20.22.2.17');
    expect(all(social, 'value')[0]?.getAttribute('code')).toBe('266927001');
    // A CCD need not have notes: no empty Notes section.
    expect(() => sectionOf(doc, '2.16.840.1.113883.10.20.22.2.65')).toThrow();
  });

  it('writes "no known" answers as negated entries', () => {
    const denied = {
      ...record,
      allergiesNegative: 'DENIES' as const,
      medicationsNegative: 'DENIES' as const,
      problemsNegative: 'DENIES' as const,
    };
    const negated = parse(buildContinuityOfCareDocument(denied, options));
    for (const root of [
      '2.16.840.1.113883.10.20.22.2.6.1',
      '2.16.840.1.113883.10.20.22.2.1.1',
      '2.16.840.1.113883.10.20.22.2.5.1',
    ]) {
      const section = sectionOf(negated, root);
      expect(section.getAttribute('nullFlavor')).toBeNull();
      const flagged = [...all(section, 'observation'), ...all(section, 'substanceAdministration')].filter(
        (e) => e.getAttribute('negationInd') === 'true',
      );
      expect(flagged, root).toHaveLength(1);
    }
    expectReferencesResolve(negated);
  });

  it.skipIf(!fixturesDir)(
    `is valid against the CDA R2 SDTC schema and the C-CDA Schematron, with and without the negated entries${fixturesDir ? '' : ` (${notRun})`}`,
    async () => {
      await expectSchemaValid(xml);
      expectSchematronClean(xml);
      const negated = buildContinuityOfCareDocument(
        {
          ...record,
          allergiesNegative: 'DENIES',
          medicationsNegative: 'DENIES',
          problemsNegative: 'DENIES',
          proceduresNegative: 'DENIES',
          familyHistoryNegative: 'DENIES',
        },
        options,
      );
      await expectSchemaValid(negated);
      expectSchematronClean(negated);
    },
    120_000,
  );
});

describeEachDatabase('Continuity of Care Document of the demo patients', (t) => {
  it('is schema-valid for every demo patient and gives back their allergies, medications and problems', async () => {
    const practiceId = await seedDemo(t.db);
    const people = await t.db
      .select({ id: patient.id })
      .from(patient)
      .where(eq(patient.practiceId, practiceId!));
    expect(people.length).toBeGreaterThanOrEqual(5);
    let withEncounters = 0;
    for (const { id } of people) {
      const record = await loadHealthRecord(t.db, id, { start: new Date(Date.now() - 365 * 86_400_000) });
      const xml = buildContinuityOfCareDocument(record, { ...options, generatedAt: new Date() });
      const doc = parse(xml);
      const want = expected(record);
      expect(readAllergies(doc)).toEqual(want.allergies);
      expect(readMedications(doc)).toEqual(want.medications);
      expect(readProblems(doc)).toEqual(want.problems);
      expectReferencesResolve(doc);
      if (record.encounters.length > 0) withEncounters += 1;
      if (fixturesDir) await expectSchemaValid(xml);
      expectSchematronClean(xml);
    }
    expect(withEncounters).toBeGreaterThan(0);
  }, 240_000);
});

describeEachDatabase('Continuity of Care Document of what the clinic recorded', (t) => {
  const entriesOf = (doc: Document, root: string, template: string) =>
    all(sectionOf(doc, root), 'templateId')
      .filter((e) => e.getAttribute('root') === template && !e.getAttribute('extension'))
      .map((e) => e.parentNode as Element);
  const taxonomyOf = (entry: Element) =>
    child(entry, 'author', 'assignedAuthor', 'code')?.getAttribute('code') ?? null;

  it("carries Maria's plan, goals, health concerns and notes with their authors' specialty; a range leaves out the earlier ones", async () => {
    const practiceId = await seedDemo(t.db);
    const [maria] = await t.db
      .select({ id: patient.id })
      .from(patient)
      .where(eq(patient.practiceId, practiceId!))
      .orderBy(patient.id)
      .limit(1);
    const now = new Date();
    const whole = parse(await buildCcdaDocument(t.db, maria!.id, { from: null, to: null }, now));
    expectReferencesResolve(whole);
    const planned = [
      ...entriesOf(whole, '2.16.840.1.113883.10.20.22.2.10', '2.16.840.1.113883.10.20.22.4.40'),
      ...entriesOf(whole, '2.16.840.1.113883.10.20.22.2.10', '2.16.840.1.113883.10.20.22.4.41'),
      ...entriesOf(whole, '2.16.840.1.113883.10.20.22.2.10', '2.16.840.1.113883.10.20.22.4.42'),
      ...entriesOf(whole, '2.16.840.1.113883.10.20.22.2.10', '2.16.840.1.113883.10.20.22.4.20'),
    ];
    // The demo plan: a visit, two procedures, two medications and one piece of education.
    expect(planned.map((e) => e.localName).sort()).toEqual([
      'act',
      'encounter',
      'procedure',
      'procedure',
      'substanceAdministration',
      'substanceAdministration',
    ]);
    const goals = entriesOf(whole, '2.16.840.1.113883.10.20.22.2.60', '2.16.840.1.113883.10.20.22.4.121');
    expect(goals.map((g) => child(g, 'statusCode')?.getAttribute('code')).sort()).toEqual([
      'active',
      'active',
      'completed',
    ]);
    const concerns = entriesOf(whole, '2.16.840.1.113883.10.20.22.2.58', '2.16.840.1.113883.10.20.22.4.132');
    expect(concerns).toHaveLength(3);
    const values = concerns.map((c) => all(c, 'value')[0]!);
    expect(values.map((v) => `${v.getAttribute('codeSystem')}|${v.getAttribute('code')}`).sort()).toEqual([
      '2.16.840.1.113883.6.90|R74.01',
      '2.16.840.1.113883.6.96|402523001',
      '2.16.840.1.113883.6.96|9014002',
    ]);
    const notes = entriesOf(whole, '2.16.840.1.113883.10.20.22.2.65', '2.16.840.1.113883.10.20.22.4.202');
    expect(notes).toHaveLength(3);
    expect(sectionOf(whole, '2.16.840.1.113883.10.20.22.2.65').textContent).toContain(
      'Psoriasis follow-up on methotrexate',
    );
    // Every clinician author carries the NUCC specialty the clinic sent (dermatology here).
    for (const entry of [...planned, ...goals, ...concerns, ...notes])
      expect(taxonomyOf(entry)).toBe('207N00000X');
    // Results name their pathologists and laboratory physicians by theirs.
    const results = sectionOf(whole, '2.16.840.1.113883.10.20.22.2.3.1');
    const resultTaxonomies = new Set(
      all(results, 'assignedAuthor').map((a) => child(a, 'code')?.getAttribute('code')),
    );
    expect([...resultTaxonomies].sort()).toEqual(['207ND0900X', '207ZP0105X']);

    // The last 90 days: the eczema visit's goal and note (about 230 days ago) are left out.
    const recent = parse(
      await buildCcdaDocument(
        t.db,
        maria!.id,
        { from: new Date(now.getTime() - 90 * 86_400_000), to: null },
        now,
      ),
    );
    expect(
      entriesOf(recent, '2.16.840.1.113883.10.20.22.2.60', '2.16.840.1.113883.10.20.22.4.121'),
    ).toHaveLength(2);
    expect(
      entriesOf(recent, '2.16.840.1.113883.10.20.22.2.65', '2.16.840.1.113883.10.20.22.4.202').length,
    ).toBeLessThan(notes.length);
  }, 120_000);

  it('takes an author’s specialty from the provider directory when the clinic sent none', async () => {
    const practiceId = await seedDemo(t.db);
    const [maria] = await t.db
      .select({ id: patient.id })
      .from(patient)
      .where(eq(patient.practiceId, practiceId!))
      .orderBy(patient.id)
      .limit(1);
    await t.db.update(clinicalNote).set({ authorTaxonomyCode: null });
    await t.db.update(prescription).set({ prescriberTaxonomyCode: null });
    await t.db.insert(nppesProvider).values({
      npi: '1548392012',
      entityType: 1,
      lastNameLegalName: 'Bennett',
      firstName: 'Olivia',
      primaryTaxonomy: '207NS0135X',
      source: 'synthetic',
      searchText: 'olivia bennett',
    });
    const doc = parse(await buildCcdaDocument(t.db, maria!.id, { from: null, to: null }, new Date()));
    const notes = entriesOf(doc, '2.16.840.1.113883.10.20.22.2.65', '2.16.840.1.113883.10.20.22.4.202');
    // Dr. Bennett's notes take the directory's specialty; Dr. Hale, not in it, has none.
    expect(notes.map(taxonomyOf).sort()).toEqual(['207NS0135X', '207NS0135X', null]);
    // So do her prescriptions.
    const prescribed = all(sectionOf(doc, '2.16.840.1.113883.10.20.22.2.1.1'), 'assignedAuthor').filter(
      (a) => child(a, 'id')?.getAttribute('extension') === '1548392012',
    );
    expect(prescribed.length).toBeGreaterThan(0);
    for (const a of prescribed) expect(child(a, 'code')?.getAttribute('code')).toBe('207NS0135X');
  }, 120_000);
});
