/**
 * The clinical record of the demo practice (decision 220). Maria (psoriasis, on weekly
 * methotrexate) has a shave biopsy of her upper back taken at her visit 120 days ago, with the
 * dermatopathology report (nodular basal cell carcinoma, margins clear); four hepatic function
 * panels drawn over the year while on methotrexate, the third with a high ALT and one corrected
 * after its preliminary issue; vital signs at each of her three past visits; influenza, Tdap and
 * recombinant zoster immunizations; the notes of her visits and a plan of care with goals,
 * health concerns and her health status. Her prescriptions gain their structured dose, route and
 * frequency. Emma, whom Daniel acts for, has a skin culture and an IgE result, vital signs, a flu shot, a note and a plan.
 *
 * Runs after the health-history and health-records seeders, whose visits it names by external id.
 * Every result is released and already notified, so seeding sends no e-mail; Maria has read all
 * but her latest liver panel.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DemoSeeder } from '../../../demo/seed';
import type { Db } from '../../../db/database';
import {
  careGoal,
  carePlanItem,
  clinicalNote,
  encounter,
  healthConcern,
  healthStatus,
  immunization,
  prescription,
  resultObservation,
  resultRead,
  resultReport,
  resultReportStatus,
  vitalSign,
  vitalSignSet,
} from '../../../db/schema';

const day = 24 * 60 * 60 * 1000;
/** `days` before now at `hourUtc`:`minute` UTC. */
function daysAgo(days: number, hourUtc = 15, minute = 0): Date {
  const date = new Date(Date.now() - days * day);
  date.setUTCHours(hourUtc, minute, 0, 0);
  return date;
}
const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

const clinicOrg = 'Sunshine Dermatology';
// Each author with their specialty as the clinic sends it (NUCC Health Care Provider Taxonomy).
const bennett = {
  authorName: 'Olivia Bennett, MD',
  authorNpi: '1548392012',
  authorTaxonomyCode: '207N00000X',
  authorOrganization: clinicOrg,
};
const hale = {
  authorName: 'Marcus Hale, DO',
  authorNpi: '1872654300',
  authorTaxonomyCode: '207N00000X',
  authorOrganization: clinicOrg,
};
const lab = {
  authorName: 'Priya Raman, MD',
  authorNpi: '1339047627',
  // Pathology, Clinical Pathology/Laboratory Medicine.
  authorTaxonomyCode: '207ZP0105X',
  authorOrganization: 'Gulf Coast Reference Laboratory',
};
const dermpath = {
  authorName: 'Jonathan Weiss, MD',
  authorNpi: '1660273859',
  // Dermatology, Dermatopathology.
  authorTaxonomyCode: '207ND0900X',
  authorOrganization: 'Gulf Coast Dermatopathology',
};

interface Observation {
  code: string;
  name: string;
  valueNumeric?: number;
  valueText?: string;
  unit?: string;
  referenceLow?: number;
  referenceHigh?: number;
  referenceText?: string;
  interpretation?: 'H' | 'L' | 'N' | 'A' | 'HH' | 'LL';
}

/** A hepatic function panel (LOINC 24325-3) with the reference ranges of an adult woman. */
function liverPanel(
  alt: number,
  ast: number,
  alp: number,
  bilirubin: number,
  albumin: number,
): Observation[] {
  const flag = (value: number, low: number, high: number) => (value > high ? 'H' : value < low ? 'L' : 'N');
  return [
    {
      code: '1742-6',
      name: 'Alanine aminotransferase (ALT)',
      valueNumeric: alt,
      unit: 'U/L',
      referenceLow: 7,
      referenceHigh: 35,
      interpretation: flag(alt, 7, 35),
    },
    {
      code: '1920-8',
      name: 'Aspartate aminotransferase (AST)',
      valueNumeric: ast,
      unit: 'U/L',
      referenceLow: 10,
      referenceHigh: 40,
      interpretation: flag(ast, 10, 40),
    },
    {
      code: '6768-6',
      name: 'Alkaline phosphatase',
      valueNumeric: alp,
      unit: 'U/L',
      referenceLow: 44,
      referenceHigh: 147,
      interpretation: flag(alp, 44, 147),
    },
    {
      code: '1975-2',
      name: 'Bilirubin, total',
      valueNumeric: bilirubin,
      unit: 'mg/dL',
      referenceLow: 0.1,
      referenceHigh: 1.2,
      interpretation: flag(bilirubin, 0.1, 1.2),
    },
    {
      code: '1751-7',
      name: 'Albumin',
      valueNumeric: albumin,
      unit: 'g/dL',
      referenceLow: 3.5,
      referenceHigh: 5,
      interpretation: flag(albumin, 3.5, 5),
    },
  ];
}

const biopsyReport = [
  'CLINICAL HISTORY: 42-year-old woman with a pearly papule of the left upper back, 6 mm, present for 5 months. Rule out basal cell carcinoma.',
  'GROSS DESCRIPTION: Received in formalin labeled with the patient’s name and "left upper back" is a tan-pink shave of skin, 0.8 x 0.7 x 0.2 cm. The deep margin is inked blue. Bisected and entirely submitted in one cassette.',
  'MICROSCOPIC DESCRIPTION: Sections show nodular aggregates of basaloid cells with peripheral palisading and retraction artifact, arising from the epidermis and extending into the superficial reticular dermis. There is no perineural or lymphovascular invasion. The peripheral and deep margins are free of tumor; the closest (deep) margin is 1.2 mm.',
  'DIAGNOSIS: Skin, left upper back, shave biopsy: BASAL CELL CARCINOMA, NODULAR TYPE. Margins clear (closest margin 1.2 mm, deep).',
].join('\n\n');

async function encounterIds(tx: Db, practiceId: number, externalIds: string[]) {
  const rows = await tx
    .select({ id: encounter.id, externalId: encounter.externalId, date: encounter.dateOfService })
    .from(encounter)
    .where(and(eq(encounter.practiceId, practiceId), inArray(encounter.externalId, externalIds)));
  return (externalId: string) => {
    const row = rows.find((r) => r.externalId === externalId);
    if (!row) throw new Error(`demo encounter ${externalId} missing`);
    return row;
  };
}

interface ReportDraft {
  patientId: number;
  externalId: string;
  encounterId?: number;
  category: 'lab' | 'pathology';
  code: string;
  name: string;
  effectiveAt: Date;
  issuedAt: Date;
  specimen?: string;
  narrative?: string;
  diagnosisCode?: string;
  diagnosisDisplay?: string;
  author: typeof lab;
  observations: Observation[];
  /** Earlier issues of the report: a preliminary one before the final or corrected. */
  history: { status: 'preliminary' | 'final' | 'corrected'; issuedAt: Date }[];
}

async function insertReport(tx: Db, practiceId: number, draft: ReportDraft) {
  const last = draft.history.at(-1)!;
  const [row] = await tx
    .insert(resultReport)
    .values({
      practiceId,
      patientId: draft.patientId,
      externalId: draft.externalId,
      encounterId: draft.encounterId ?? null,
      category: draft.category,
      code: draft.code,
      name: draft.name,
      status: last.status,
      effectiveAt: draft.effectiveAt,
      issuedAt: last.issuedAt,
      specimen: draft.specimen ?? null,
      narrative: draft.narrative ?? null,
      diagnosisCode: draft.diagnosisCode ?? null,
      diagnosisDisplay: draft.diagnosisDisplay ?? null,
      ...draft.author,
      recordedAt: last.issuedAt,
      version: draft.history.length,
      releasedAt: last.issuedAt,
      notifiedVersion: draft.history.length,
    })
    .returning({ id: resultReport.id });
  if (!row) throw new Error('demo result insert returned nothing');
  await tx
    .insert(resultReportStatus)
    .values(
      draft.history.map((h, i) => ({ reportId: row.id, version: i + 1, ...h, receivedAt: h.issuedAt })),
    );
  if (draft.observations.length > 0)
    await tx.insert(resultObservation).values(
      draft.observations.map((o, position) => ({
        reportId: row.id,
        position,
        valueNumeric: null,
        valueText: null,
        ...o,
      })),
    );
  return { id: row.id, version: draft.history.length };
}

type Vitals = Partial<
  Record<'sys' | 'dia' | 'hr' | 'rr' | 'temp' | 'height' | 'weight' | 'bmi' | 'spo2', number>
>;
const vitalCodes = {
  sys: ['8480-6', 'mm[Hg]'],
  dia: ['8462-4', 'mm[Hg]'],
  hr: ['8867-4', '/min'],
  rr: ['9279-1', '/min'],
  temp: ['8310-5', 'Cel'],
  height: ['8302-2', 'cm'],
  weight: ['29463-7', 'kg'],
  bmi: ['39156-5', 'kg/m2'],
  spo2: ['59408-5', '%'],
} as const;

async function insertVitals(
  tx: Db,
  practiceId: number,
  patientId: number,
  externalId: string,
  visit: { id: number; date: Date },
  author: typeof bennett,
  vitals: Vitals,
) {
  const takenAt = new Date(visit.date.getTime() - 10 * 60 * 1000);
  const [set] = await tx
    .insert(vitalSignSet)
    .values({
      practiceId,
      patientId,
      externalId,
      encounterId: visit.id,
      effectiveAt: takenAt,
      ...author,
      recordedAt: takenAt,
    })
    .returning({ id: vitalSignSet.id });
  if (!set) throw new Error('demo vital signs insert returned nothing');
  await tx.insert(vitalSign).values(
    Object.entries(vitals).map(([key, value]) => {
      const [code, unit] = vitalCodes[key as keyof Vitals];
      return { setId: set.id, code, unit, value: value };
    }),
  );
}

export const seedClinicalRecord: DemoSeeder = async (tx, demo) => {
  const { practiceId } = demo;
  const { maria, emma } = demo.patients;
  const visit = await encounterIds(tx, practiceId, [
    'DEMO-ENC-1',
    'DEMO-ENC-HI-1',
    'DEMO-ENC-HI-2',
    'DEMO-ENC-HI-3',
    'DEMO-ENC-HI-4',
  ]);
  const recent = visit('DEMO-ENC-1');
  const biopsyVisit = visit('DEMO-ENC-HI-1');
  const eczemaVisit = visit('DEMO-ENC-HI-2');
  const emmaRecent = visit('DEMO-ENC-HI-3');
  const emmaEarlier = visit('DEMO-ENC-HI-4');

  // ---- results
  const panel = (
    externalId: string,
    days: number,
    values: Parameters<typeof liverPanel>,
    history: ReportDraft['history'],
  ) => ({
    patientId: maria,
    externalId,
    category: 'lab' as const,
    code: '24325-3',
    name: 'Hepatic function panel',
    effectiveAt: daysAgo(days, 13, 20),
    issuedAt: history.at(-1)!.issuedAt,
    specimen: 'Serum',
    author: lab,
    observations: liverPanel(...values),
    history,
  });
  const mariaReports: ReportDraft[] = [
    panel('DEMO-LAB-LFT-1', 262, [22, 24, 88, 0.5, 4.3], [{ status: 'final', issuedAt: daysAgo(261, 18) }]),
    panel(
      'DEMO-LAB-LFT-2',
      171,
      [29, 27, 92, 0.6, 4.1],
      [
        { status: 'preliminary', issuedAt: daysAgo(170, 17) },
        { status: 'corrected', issuedAt: daysAgo(169, 14) },
      ],
    ),
    panel('DEMO-LAB-LFT-3', 96, [71, 39, 104, 0.7, 4.2], [{ status: 'final', issuedAt: daysAgo(95, 18) }]),
    panel('DEMO-LAB-LFT-4', 36, [33, 28, 95, 0.6, 4.4], [{ status: 'final', issuedAt: daysAgo(35, 18) }]),
    {
      patientId: maria,
      externalId: 'DEMO-PATH-1',
      encounterId: biopsyVisit.id,
      category: 'pathology',
      code: '60567-5',
      name: 'Dermatopathology report',
      effectiveAt: new Date(biopsyVisit.date.getTime() + 20 * 60 * 1000),
      issuedAt: daysAgo(116, 19),
      specimen: 'Skin, left upper back, shave biopsy',
      narrative: biopsyReport,
      diagnosisCode: '402523001',
      diagnosisDisplay: 'Basal cell carcinoma of truncal skin (nodular type)',
      author: dermpath,
      observations: [],
      history: [
        { status: 'preliminary', issuedAt: daysAgo(117, 16) },
        { status: 'final', issuedAt: daysAgo(116, 19) },
      ],
    },
  ];
  const emmaReports: ReportDraft[] = [
    {
      patientId: emma,
      externalId: 'DEMO-LAB-EMMA-1',
      encounterId: emmaEarlier.id,
      category: 'lab',
      code: '19113-0',
      name: 'IgE, total',
      effectiveAt: new Date(emmaEarlier.date.getTime() + 30 * 60 * 1000),
      issuedAt: daysAgo(198, 18),
      specimen: 'Serum',
      author: lab,
      observations: [
        {
          code: '19113-0',
          name: 'IgE',
          valueNumeric: 412,
          unit: '[IU]/mL',
          referenceLow: 0,
          referenceHigh: 200,
          interpretation: 'H',
        },
      ],
      history: [{ status: 'final', issuedAt: daysAgo(198, 18) }],
    },
    {
      patientId: emma,
      externalId: 'DEMO-LAB-EMMA-2',
      encounterId: emmaRecent.id,
      category: 'lab',
      code: '6463-4',
      name: 'Skin culture',
      effectiveAt: new Date(emmaRecent.date.getTime() + 15 * 60 * 1000),
      issuedAt: daysAgo(42, 17),
      specimen: 'Skin swab, right antecubital fossa',
      author: lab,
      observations: [
        {
          code: '6463-4',
          name: 'Bacteria identified',
          valueText: 'Staphylococcus aureus, light growth (methicillin-susceptible)',
          referenceText: 'No pathogens',
          interpretation: 'A',
        },
      ],
      history: [
        { status: 'preliminary', issuedAt: daysAgo(43, 17) },
        { status: 'final', issuedAt: daysAgo(42, 17) },
      ],
    },
  ];
  const stored = [];
  for (const draft of [...mariaReports, ...emmaReports])
    stored.push({ draft, ...(await insertReport(tx, practiceId, draft)) });
  // Maria has read every result but her latest liver panel, which shows as new.
  await tx
    .insert(resultRead)
    .values(
      stored
        .filter((s) => s.draft.patientId === maria && s.draft.externalId !== 'DEMO-LAB-LFT-4')
        .map((s) => ({ reportId: s.id, userId: demo.users.maria, version: s.version, readAt: daysAgo(30) })),
    );

  // ---- vital signs
  await insertVitals(tx, practiceId, maria, 'DEMO-VS-1', eczemaVisit, hale, {
    sys: 118,
    dia: 76,
    hr: 72,
    rr: 14,
    temp: 36.7,
    height: 165,
    weight: 68.2,
    bmi: 25.1,
    spo2: 98,
  });
  await insertVitals(tx, practiceId, maria, 'DEMO-VS-2', biopsyVisit, bennett, {
    sys: 124,
    dia: 80,
    hr: 76,
    rr: 16,
    temp: 36.8,
    height: 165,
    weight: 67.4,
    bmi: 24.8,
    spo2: 99,
  });
  await insertVitals(tx, practiceId, maria, 'DEMO-VS-3', recent, bennett, {
    sys: 121,
    dia: 78,
    hr: 70,
    rr: 14,
    temp: 36.6,
    height: 165,
    weight: 66.9,
    bmi: 24.6,
    spo2: 98,
  });
  await insertVitals(tx, practiceId, emma, 'DEMO-VS-EMMA-1', emmaEarlier, bennett, {
    hr: 88,
    rr: 18,
    temp: 36.9,
    height: 141,
    weight: 34.5,
    bmi: 17.4,
    spo2: 99,
  });
  await insertVitals(tx, practiceId, emma, 'DEMO-VS-EMMA-2', emmaRecent, bennett, {
    hr: 84,
    rr: 18,
    temp: 37.1,
    height: 144,
    weight: 35.8,
    bmi: 17.3,
    spo2: 99,
  });

  // ---- immunizations (each a 0.5 mL dose, the volume of these vaccines)
  const immunizations = [
    {
      patientId: maria,
      externalId: 'DEMO-IMM-1',
      encounterId: eczemaVisit.id,
      cvxCode: '158',
      vaccineName: 'Influenza, injectable, quadrivalent',
      occurredAt: new Date(eczemaVisit.date.getTime() + 25 * 60 * 1000),
      status: 'completed' as const,
      lotNumber: 'FL4821B',
      // An adult's seasonal influenza vaccine is one dose.
      doseNumber: 1,
      manufacturer: 'Sanofi Pasteur',
      performerName: 'Ana Torres, RN',
      doseQuantity: 0.5,
      doseUnit: 'mL',
      ...hale,
    },
    {
      patientId: maria,
      externalId: 'DEMO-IMM-2',
      encounterId: biopsyVisit.id,
      cvxCode: '115',
      vaccineName: 'Tdap',
      occurredAt: new Date(biopsyVisit.date.getTime() + 35 * 60 * 1000),
      status: 'completed' as const,
      lotNumber: 'TD77310',
      manufacturer: 'GlaxoSmithKline',
      performerName: 'Ana Torres, RN',
      doseQuantity: 0.5,
      doseUnit: 'mL',
      ...bennett,
    },
    {
      patientId: maria,
      externalId: 'DEMO-IMM-3',
      encounterId: recent.id,
      cvxCode: '187',
      vaccineName: 'Zoster vaccine recombinant (dose 1 of 2)',
      occurredAt: new Date(recent.date.getTime() + 30 * 60 * 1000),
      status: 'completed' as const,
      lotNumber: 'SHX2093A',
      doseNumber: 1,
      manufacturer: 'GlaxoSmithKline',
      performerName: 'Ana Torres, RN',
      doseQuantity: 0.5,
      doseUnit: 'mL',
      ...bennett,
    },
    {
      patientId: emma,
      externalId: 'DEMO-IMM-EMMA-1',
      encounterId: emmaRecent.id,
      cvxCode: '150',
      vaccineName: 'Influenza, injectable, quadrivalent, preservative free',
      occurredAt: new Date(emmaRecent.date.getTime() + 30 * 60 * 1000),
      status: 'completed' as const,
      lotNumber: 'FLP0457',
      // Emma is over 9 and has had influenza vaccines before: one dose this season.
      doseNumber: 1,
      manufacturer: 'Seqirus',
      performerName: 'Ana Torres, RN',
      doseQuantity: 0.5,
      doseUnit: 'mL',
      ...bennett,
    },
  ];
  await tx
    .insert(immunization)
    .values(immunizations.map((i) => ({ practiceId, ...i, recordedAt: i.occurredAt })));

  // ---- notes
  const notes = [
    {
      patientId: maria,
      externalId: 'DEMO-NOTE-1',
      visit: eczemaVisit,
      author: hale,
      noteTypeCode: '11506-3',
      noteTypeName: 'Progress note',
      title: 'Eczema flare of the hands',
      text:
        'Subjective: Itchy, cracked skin on both hands for three weeks after starting a new job washing dishes.\n\n' +
        'Objective: Lichenified, scaling plaques on the dorsal hands and finger webs; no vesicles or signs of infection. Psoriasis plaques on elbows stable.\n\n' +
        'Assessment: Irritant hand dermatitis on a background of atopy; chronic plaque psoriasis, stable.\n\n' +
        'Plan: Hydrocortisone cream twice daily for two weeks, cotton-lined gloves for wet work, fragrance-free moisturizer after each hand wash. Influenza vaccine given today.',
    },
    {
      patientId: maria,
      externalId: 'DEMO-NOTE-2',
      visit: biopsyVisit,
      author: bennett,
      noteTypeCode: '28570-0',
      noteTypeName: 'Procedure note',
      title: 'Shave biopsy, left upper back',
      text:
        'Indication: 6 mm pearly papule of the left upper back, present for five months; basal cell carcinoma suspected.\n\n' +
        'Procedure: After verbal and written consent, the site was cleaned and anesthetized with 1% lidocaine with epinephrine. A shave biopsy was taken to the mid dermis and hemostasis obtained with aluminum chloride. Petrolatum and a bandage were applied. The specimen was sent to dermatopathology.\n\n' +
        'The patient tolerated the procedure well. Wound care explained; Tdap given today as her last booster was over ten years ago.',
    },
    {
      patientId: maria,
      externalId: 'DEMO-NOTE-3',
      visit: recent,
      author: bennett,
      noteTypeCode: '11506-3',
      noteTypeName: 'Progress note',
      title: 'Psoriasis follow-up on methotrexate',
      text:
        'Subjective: Psoriasis much improved on methotrexate 10 mg weekly with folic acid. No mouth sores, fevers or alcohol use. Biopsy site on the back healed well.\n\n' +
        'Objective: Residual thin plaques on both elbows, about 2% body surface area. Back scar well healed, no recurrence. Liver panel from last week within normal limits after the high ALT three months ago.\n\n' +
        'Assessment: Chronic plaque psoriasis, well controlled. Nodular basal cell carcinoma of the back, excised with clear margins. Transient ALT elevation, resolved.\n\n' +
        'Plan: Continue methotrexate 10 mg weekly; repeat liver panel before the next visit. Recombinant zoster vaccine dose 1 given today; dose 2 in two to six months. Full skin examination in six months.',
    },
    {
      patientId: emma,
      externalId: 'DEMO-NOTE-EMMA-1',
      visit: emmaRecent,
      author: bennett,
      noteTypeCode: '11506-3',
      noteTypeName: 'Progress note',
      title: 'Atopic dermatitis with crusting',
      text:
        'Subjective: Flare of eczema in the elbow creases for two weeks with yellow crusts, per her father.\n\n' +
        'Objective: Eczematous plaques in both antecubital fossae with honey-coloured crusts on the right. Skin swab taken for culture.\n\n' +
        'Assessment: Atopic dermatitis with secondary impetiginization.\n\n' +
        'Plan: Mupirocin ointment three times daily for five days, then resume the moisturizer routine. Influenza vaccine given today.',
    },
  ];
  await tx.insert(clinicalNote).values(
    notes.map(({ visit: v, author, ...n }) => {
      const authoredAt = new Date(v.date.getTime() + 50 * 60 * 1000);
      return { practiceId, encounterId: v.id, ...n, ...author, authoredAt, recordedAt: authoredAt };
    }),
  );

  // ---- plan of care
  const planRecorded = new Date(recent.date.getTime() + 55 * 60 * 1000);
  const later = (days: number) => new Date(Date.now() + days * day);
  const planned = (date: Date, hourUtc: number) => {
    date.setUTCHours(hourUtc, 0, 0, 0);
    return date;
  };
  await tx.insert(carePlanItem).values(
    [
      {
        patientId: maria,
        externalId: 'DEMO-PLAN-1',
        kind: 'procedure' as const,
        description: 'Hepatic function panel before the next visit (methotrexate monitoring)',
        code: '24325-3',
        codeSystem: 'LOINC' as const,
        plannedAt: planned(later(50), 13),
      },
      {
        patientId: maria,
        externalId: 'DEMO-PLAN-2',
        kind: 'visit' as const,
        description: 'Psoriasis follow-up visit with Dr. Bennett',
        code: '99214',
        codeSystem: 'CPT' as const,
        plannedAt: planned(later(60), 15),
      },
      {
        patientId: maria,
        externalId: 'DEMO-PLAN-3',
        kind: 'medication' as const,
        description: 'Recombinant zoster vaccine, dose 2 of 2',
        code: null,
        codeSystem: null,
        plannedAt: planned(later(75), 15),
      },
      {
        patientId: maria,
        externalId: 'DEMO-PLAN-4',
        kind: 'procedure' as const,
        description: 'Full-body skin examination (history of basal cell carcinoma)',
        code: null,
        codeSystem: null,
        plannedAt: planned(later(150), 15),
      },
      {
        patientId: maria,
        externalId: 'DEMO-PLAN-5',
        kind: 'medication' as const,
        description:
          'Continue methotrexate 10 mg by mouth once a week, with folic acid 1 mg daily except on methotrexate day',
        code: '105586',
        codeSystem: 'RXNORM' as const,
        plannedAt: null,
      },
      {
        patientId: maria,
        externalId: 'DEMO-PLAN-6',
        kind: 'education' as const,
        description:
          'Sun protection and monthly skin self-examination; avoid alcohol while taking methotrexate',
        code: null,
        codeSystem: null,
        plannedAt: null,
      },
      {
        patientId: emma,
        externalId: 'DEMO-PLAN-EMMA-1',
        kind: 'education' as const,
        description: 'Daily lukewarm bath followed by fragrance-free moisturizer; keep nails short',
        code: null,
        codeSystem: null,
        plannedAt: null,
      },
    ].map((i) => ({
      practiceId,
      ...i,
      encounterId: i.patientId === maria ? recent.id : emmaRecent.id,
      status: 'active' as const,
      ...bennett,
      recordedAt: i.patientId === maria ? planRecorded : new Date(emmaRecent.date.getTime() + 55 * 60 * 1000),
    })),
  );
  await tx.insert(careGoal).values(
    [
      {
        patientId: maria,
        externalId: 'DEMO-GOAL-1',
        description: 'Psoriasis clear or almost clear (under 1% body surface area)',
        priority: 'normal' as const,
        targetDate: dateOnly(later(90)),
        status: 'active' as const,
        encounterId: recent.id,
        recordedAt: planRecorded,
      },
      {
        patientId: maria,
        externalId: 'DEMO-GOAL-2',
        description: 'Liver enzymes within the normal range while taking methotrexate',
        // Safety on methotrexate comes first.
        priority: 'high' as const,
        targetDate: dateOnly(later(60)),
        status: 'active' as const,
        encounterId: recent.id,
        recordedAt: planRecorded,
      },
      {
        patientId: maria,
        externalId: 'DEMO-GOAL-3',
        description: 'Hand dermatitis healed; gloves used for all wet work',
        priority: 'normal' as const,
        targetDate: dateOnly(daysAgo(200)),
        status: 'achieved' as const,
        encounterId: eczemaVisit.id,
        recordedAt: new Date(eczemaVisit.date.getTime() + 55 * 60 * 1000),
      },
      {
        patientId: emma,
        externalId: 'DEMO-GOAL-EMMA-1',
        description: 'No eczema flares that disturb sleep',
        priority: 'high' as const,
        targetDate: dateOnly(later(120)),
        status: 'active' as const,
        encounterId: emmaRecent.id,
        recordedAt: new Date(emmaRecent.date.getTime() + 55 * 60 * 1000),
      },
    ].map((g) => ({ practiceId, ...g, ...bennett })),
  );
  await tx.insert(healthConcern).values(
    [
      {
        patientId: maria,
        externalId: 'DEMO-CONCERN-1',
        code: '9014002',
        codeSystem: 'SNOMED' as const,
        description: 'Psoriasis',
        status: 'active' as const,
        onsetDate: '2019-04-01',
        encounterId: recent.id,
        recordedAt: planRecorded,
      },
      {
        patientId: maria,
        externalId: 'DEMO-CONCERN-2',
        code: 'R74.01',
        codeSystem: 'ICD10' as const,
        description: 'Elevated liver transaminase (ALT) while taking methotrexate',
        status: 'resolved' as const,
        onsetDate: dateOnly(daysAgo(96)),
        encounterId: recent.id,
        recordedAt: planRecorded,
      },
      {
        patientId: maria,
        externalId: 'DEMO-CONCERN-3',
        code: '402523001',
        codeSystem: 'SNOMED' as const,
        description: 'Basal cell carcinoma of the back, removed with clear margins',
        status: 'resolved' as const,
        onsetDate: dateOnly(biopsyVisit.date),
        encounterId: biopsyVisit.id,
        recordedAt: new Date(biopsyVisit.date.getTime() + 4 * day),
      },
      {
        patientId: emma,
        externalId: 'DEMO-CONCERN-EMMA-1',
        code: '24079001',
        codeSystem: 'SNOMED' as const,
        description: 'Atopic dermatitis',
        status: 'active' as const,
        onsetDate: '2017-02-01',
        encounterId: emmaRecent.id,
        recordedAt: new Date(emmaRecent.date.getTime() + 55 * 60 * 1000),
      },
    ].map((c) => ({ practiceId, ...c, ...bennett })),
  );
  // Dr. Bennett's assessment of Maria's overall health at the recent visit (decision 251): a chronic
  // disease, well controlled but still present and needing weekly methotrexate with liver
  // monitoring, is "Chronic sick"; not in remission (residual plaques on treatment), not free of
  // symptoms. Emma's is not recorded: her notes give no such assessment.
  await tx.insert(healthStatus).values({
    practiceId,
    patientId: maria,
    externalId: 'DEMO-HEALTH-STATUS-1',
    code: '161901003',
    status: 'final',
    encounterId: recent.id,
    recordedAt: planRecorded,
    ...bennett,
  });

  // ---- structured prescriptions (the health-history seeder wrote them with their sig only)
  const oral = { routeCode: 'C38288', routeText: 'Oral' };
  const structured = [
    {
      externalId: 'DEMO-RX-1',
      rxnormCode: '105586',
      doseQuantity: 1,
      doseUnit: '{tbl}',
      ...oral,
      frequencyPeriodValue: 1,
      frequencyPeriodUnit: 'wk' as const,
      frequencyText: 'Once a week on Mondays',
      prescriberNpi: bennett.authorNpi,
      prescriberTaxonomyCode: bennett.authorTaxonomyCode,
    },
    {
      externalId: 'DEMO-RX-2',
      rxnormCode: '106258',
      // "Apply a thin layer": one application a dose, as an e-prescription's structured sig gives a
      // cream (UCUM has no unit for it; the annotation {application} counts applications).
      doseQuantity: 1,
      doseUnit: '{application}',
      routeCode: 'C38304',
      routeText: 'Topical',
      frequencyPeriodValue: 12,
      frequencyPeriodUnit: 'h' as const,
      frequencyText: 'Twice daily',
      prescriberNpi: bennett.authorNpi,
      prescriberTaxonomyCode: bennett.authorTaxonomyCode,
    },
    {
      externalId: 'DEMO-RX-3',
      rxnormCode: '1652673',
      doseQuantity: 1,
      doseUnit: '{tbl}',
      ...oral,
      frequencyPeriodValue: 12,
      frequencyPeriodUnit: 'h' as const,
      frequencyText: 'Twice daily',
      prescriberNpi: hale.authorNpi,
      prescriberTaxonomyCode: hale.authorTaxonomyCode,
    },
  ];
  for (const { externalId, ...fields } of structured)
    await tx
      .update(prescription)
      .set({ ...fields, authorOrganization: clinicOrg, recordedAt: daysAgo(60) })
      .where(and(eq(prescription.practiceId, practiceId), eq(prescription.externalId, externalId)));
};
