/**
 * The clinical record's resources (results, vital signs, immunizations, notes, plan of care) on a
 * synthetic record holding the cases the demo does not: each validates against the US Core 6.1.0
 * profiles it claims, with its Provenance, and carries what the record says where US Core puts it.
 */
import { describe, expect, it } from 'vitest';
import type { Resource } from '@medplum/fhirtypes';
import { syntheticClinicalRecord } from '../../../../lib/health-record/synthetic-clinical-record';
import { syntheticHealthRecord } from '../../../../lib/health-record/synthetic-health-record';
import { findUsCoreDir, usCoreErrors } from '../../../../test/us-core-validator';
import { buildPatientResources } from '.';
import { buildProvenance } from './provenance';

const usCoreDir = findUsCoreDir();
const skipReason =
  'SKIPPED: ../shared/fixtures/us-core-6.1.0 is absent, so there is no US Core package to validate against';
if (!usCoreDir) console.warn(`clinical-record.test.ts: ${skipReason}`);

const ctx = { patientId: 1, practiceId: 1, base: 'https://portal.example.org/fhir/r4' };
const usCore = (name: string) => `http://hl7.org/fhir/us/core/StructureDefinition/${name}`;

function build() {
  const record = syntheticHealthRecord(3);
  const at = new Date('2026-01-02T03:04:05Z');
  const built = buildPatientResources(ctx, {
    record,
    clinical: syntheticClinicalRecord(),
    patientUpdatedAt: at,
    documents: [],
    visitDocuments: [],
    insurance: [],
  });
  const byId = (type: string, id: string) => {
    const found = built.find((b) => b.resource.resourceType === type && b.resource.id === id);
    if (!found) throw new Error(`no ${type}/${id}`);
    return found.resource;
  };
  return { built, byId };
}

describe('the clinical record as US Core resources', () => {
  it.skipIf(!usCoreDir)(
    usCoreDir
      ? 'validates every resource and its Provenance against the profiles it claims'
      : `validates every resource (${skipReason})`,
    () => {
      const { built } = build();
      const errors = built.flatMap((b) => [
        ...usCoreErrors(usCoreDir!, b.resource as Resource),
        ...usCoreErrors(usCoreDir!, buildProvenance(ctx, b) as Resource),
      ]);
      expect(errors).toEqual([]);
      const ids = built.map((b) => `${b.resource.resourceType}/${b.resource.id}`);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it.skipIf(!usCoreDir)(
    usCoreDir
      ? 'the validator refuses a blood pressure without its components (the check bites)'
      : `the validator bites (${skipReason})`,
    () => {
      const { byId } = build();
      const { component: _dropped, ...broken } = byId('Observation', 'vitals-1-bp');
      expect(usCoreErrors(usCoreDir!, broken as Resource).length).toBeGreaterThan(0);
    },
  );

  it('puts a lab panel in a DiagnosticReport naming its Observations, with values, units, ranges and flags', () => {
    const { byId } = build();
    expect(byId('DiagnosticReport', 'report-1')).toMatchObject({
      status: 'corrected',
      category: [{ coding: [{ code: 'LAB' }] }],
      result: [1, 2, 3, 4].map((n) => ({ reference: `Observation/result-${n}` })),
      encounter: { reference: 'Encounter/visit-1' },
    });
    expect(byId('Observation', 'result-1')).toMatchObject({
      meta: { profile: [usCore('us-core-observation-lab')] },
      status: 'corrected',
      category: [{ coding: [{ code: 'laboratory' }] }],
      valueQuantity: { value: 71, unit: 'U/L', system: 'http://unitsofmeasure.org', code: 'U/L' },
      referenceRange: [{ low: { value: 7 }, high: { value: 35 } }],
      interpretation: [{ coding: [{ code: 'H' }] }],
    });
    expect(byId('Observation', 'result-2')).toMatchObject({
      valueString: expect.stringMatching(/^Light growth/) as unknown,
      referenceRange: [{ text: expect.stringMatching(/^No pathogens/) as unknown }],
    });
    expect(byId('Observation', 'result-3').valueQuantity).toEqual({ value: 1.5 });
    expect(byId('Observation', 'result-4')).toMatchObject({
      dataAbsentReason: { coding: [{ code: 'unknown' }] },
    });
  });

  it('carries a pathology report’s narrative in presentedForm and its diagnosis as conclusion', () => {
    const { byId } = build();
    const report = byId('DiagnosticReport', 'report-2');
    expect(report).toMatchObject({
      status: 'preliminary',
      category: [{ coding: [{ code: 'LAB' }] }, { coding: [{ code: 'SP' }] }],
      conclusion: expect.stringMatching(/^Basal cell carcinoma of truncal skin/) as unknown,
      conclusionCode: [{ coding: [{ system: 'http://snomed.info/sct', code: '402523001' }] }],
    });
    expect(report.result).toBeUndefined();
    expect(report.encounter).toBeUndefined();
    const [form] = report.presentedForm as { data: string }[];
    const text = Buffer.from(form!.data, 'base64').toString('utf8');
    expect(text).toContain('Nodular basal cell carcinoma, margins clear.');
    expect(text).toContain('Specimen: Serum');
  });

  it('makes each vital sign its US Core profile, blood pressure one Observation of two components', () => {
    const { built, byId } = build();
    expect(byId('Observation', 'vitals-1-bp')).toMatchObject({
      meta: { profile: [usCore('us-core-blood-pressure'), usCore('us-core-vital-signs')] },
      code: { coding: [{ code: '85354-9' }] },
      component: [
        { code: { coding: [{ code: '8480-6' }] }, valueQuantity: { value: 122, code: 'mm[Hg]' } },
        { code: { coding: [{ code: '8462-4' }] }, valueQuantity: { value: 78, code: 'mm[Hg]' } },
      ],
    });
    const ids = built.map((b) => b.resource.id);
    expect(ids).not.toContain('vitals-1-8480-6');
    expect(ids).not.toContain('vitals-1-8462-4');
    const profiles = (id: string) => byId('Observation', id).meta?.profile;
    const specific = {
      '8867-4': 'us-core-heart-rate',
      '9279-1': 'us-core-respiratory-rate',
      '8310-5': 'us-core-body-temperature',
      '8302-2': 'us-core-body-height',
      '29463-7': 'us-core-body-weight',
      '39156-5': 'us-core-bmi',
      '59408-5': 'us-core-pulse-oximetry',
    };
    for (const [code, name] of Object.entries(specific))
      expect(profiles(`vitals-1-${code}`), code).toEqual([usCore(name), usCore('us-core-vital-signs')]);
    expect(byId('Observation', 'vitals-1-59408-5')).toMatchObject({
      code: { coding: [{ code: '2708-6' }, { code: '59408-5' }] },
    });
    // Metres are not a unit of US Core's height: centimetres.
    expect(byId('Observation', 'vitals-1-8302-2')).toMatchObject({
      valueQuantity: { value: 168, code: 'cm' },
    });
    // A systolic without its diastolic is itself, under the general vital-signs profile.
    const alone = byId('Observation', 'vitals-2-8480-6');
    expect(alone).toMatchObject({
      meta: { profile: [usCore('us-core-vital-signs')] },
      valueQuantity: { value: 130 },
    });
    expect(alone.encounter).toBeUndefined();
  });

  it('codes immunizations in CVX, a declined one not-done with its reason', () => {
    const { byId } = build();
    expect(byId('Immunization', 'immunization-1')).toMatchObject({
      status: 'completed',
      vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '158' }] },
      lotNumber: expect.stringMatching(/^LOT-1/) as unknown,
    });
    expect(byId('Immunization', 'immunization-2')).toMatchObject({
      status: 'not-done',
      statusReason: { text: expect.stringMatching(/^Patient declined/) as unknown },
    });
  });

  it('serves a note’s text and PDF as Binaries of a clinical-note DocumentReference of the note’s LOINC type', () => {
    const { byId } = build();
    expect(byId('DocumentReference', 'note-1')).toMatchObject({
      type: { coding: [{ system: 'http://loinc.org', code: '11506-3' }] },
      category: [{ coding: [{ code: 'clinical-note' }] }],
      content: [
        { attachment: { contentType: 'text/plain; charset=utf-8', url: `${ctx.base}/Binary/note-1` } },
        { attachment: { contentType: 'application/pdf', url: `${ctx.base}/Binary/note-pdf-1` } },
      ],
      context: { encounter: [{ reference: 'Encounter/visit-1' }] },
    });
    const pdfOnly = byId('DocumentReference', 'note-2');
    expect(pdfOnly).toMatchObject({ content: [{ attachment: { url: `${ctx.base}/Binary/note-pdf-2` } }] });
    expect(pdfOnly.context).not.toHaveProperty('encounter');
  });

  it('makes one CarePlan of the plan with its narrative, goals as Goal, concerns as health-concern Conditions', () => {
    const { byId } = build();
    const plan = byId('CarePlan', 'care-plan-1');
    expect(plan).toMatchObject({
      status: 'active',
      category: [{ coding: [{ code: 'assess-plan' }] }],
      goal: [1, 2, 3].map((n) => ({ reference: `Goal/goal-${n}` })),
      addresses: [1, 2, 3].map((n) => ({ reference: `Condition/concern-${n}` })),
      activity: [
        { detail: { kind: 'ServiceRequest', status: 'scheduled' } },
        { detail: { kind: 'Appointment', status: 'completed' } },
        { detail: { kind: 'MedicationRequest', status: 'cancelled' } },
        { detail: { kind: 'CommunicationRequest', status: 'not-started' } },
      ],
    });
    const { div } = plan.text as { div: string };
    expect(div).toContain('Liver panel &lt;#&gt; &amp; &quot;quoted&quot;');
    expect(div).toContain('Health concern (active): Psoriasis');
    expect(byId('Goal', 'goal-2')).toMatchObject({
      lifecycleStatus: 'completed',
      achievementStatus: { coding: [{ code: 'achieved' }] },
    });
    expect(byId('Goal', 'goal-1').target).toEqual([{ dueDate: '2025-09-01' }]);
    expect(byId('Condition', 'concern-2')).toMatchObject({
      category: [
        {
          coding: [
            { system: 'http://hl7.org/fhir/us/core/CodeSystem/condition-category', code: 'health-concern' },
          ],
        },
      ],
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'R74.01' }] },
      clinicalStatus: { coding: [{ code: 'resolved' }] },
    });
    expect(byId('Condition', 'concern-3').code).toEqual({ text: 'Worry about sun exposure' });
  });

  it.skipIf(!usCoreDir)(
    usCoreDir
      ? 'writes a sex assigned at birth that is unknown as UNK, and leaves out one never given'
      : `writes an unknown sex assigned at birth (${skipReason})`,
    () => {
      const patientOf = (birthSex: 'UNK' | null) => {
        const record = syntheticHealthRecord(1);
        record.patient = { ...record.patient, birthSex };
        const built = buildPatientResources(ctx, {
          record,
          clinical: syntheticClinicalRecord(),
          patientUpdatedAt: new Date('2026-01-02T03:04:05Z'),
          documents: [],
          visitDocuments: [],
          insurance: [],
        });
        return built.find((b) => b.resource.resourceType === 'Patient')!.resource as Resource & {
          extension?: { url: string; valueCode?: string }[];
        };
      };
      const unknown = patientOf('UNK');
      expect(unknown.extension).toContainEqual({ url: usCore('us-core-birthsex'), valueCode: 'UNK' });
      expect(usCoreErrors(usCoreDir!, unknown)).toEqual([]);
      const never = patientOf(null);
      expect(never.extension?.some((e) => e.url === usCore('us-core-birthsex')) ?? false).toBe(false);
    },
  );

  it('serves each health status as a simple Observation of LOINC 11323-3 valued in SNOMED CT', () => {
    const { byId } = build();
    expect(byId('Observation', 'health-status-2')).toMatchObject({
      meta: { profile: [usCore('us-core-simple-observation')] },
      status: 'final',
      category: [{ coding: [{ code: 'exam' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '11323-3' }] },
      effectiveDateTime: '2025-03-02T03:00:00Z',
      valueCodeableConcept: {
        coding: [{ system: 'http://snomed.info/sct', code: '162467007', display: 'Free of symptoms' }],
      },
    });
    // Its visit is named only when the record holds it (encounter 999 999 is not served).
    expect(byId('Observation', 'health-status-2').encounter).toBeUndefined();
    expect(byId('Observation', 'health-status-1').encounter).toEqual({ reference: 'Encounter/visit-1' });
  });

  it('writes the sex assigned at birth as US Core birthsex', () => {
    const { byId } = build();
    expect(byId('Patient', 'patient-1').extension).toContainEqual({
      url: usCore('us-core-birthsex'),
      valueCode: 'F',
    });
  });
});
