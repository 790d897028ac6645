/**
 * The demo practice's clinical record: Maria has items in every history list,
 * prescriptions active and inactive with monographs, and a past visit; Samuel (demo.new) has an
 * upcoming visit whose screening is not done yet. Written straight to the tables (the demo composes
 * features; encounters and prescriptions have no rules beyond their columns), history items through
 * the same rules as a save.
 *
 * Codes: RxNorm (ingredients and the Synthea-observed clinical drugs of refdata synthea-codes),
 * SNOMED CT GPS 2020 concepts, the fixed lists of the contract.
 */
import type { AllergyCriticality } from '@dermis/contract';
import type { DemoSeeder } from '../../demo/seed';
import { drugMonograph, encounter, encounterRole, historyItem, prescription } from '../../db/schema';
import { normalizeItem, type ItemDraft } from './health-profile.model';

type Draft = Partial<ItemDraft> & Pick<ItemDraft, 'section' | 'code'>;

const mariaHistory: (Draft & { externalId?: string; criticality?: AllergyCriticality })[] = [
  {
    section: 'ALLERGIES',
    code: '7984',
    name: 'Penicillin V',
    customValue: '1',
    details: [
      { code: '247472004', customValue: null },
      { code: '271807003', customValue: null },
    ],
    externalId: 'DEMO-AL-1',
    // Assessed by the clinic: hives and rash, no anaphylaxis.
    criticality: 'low',
  },
  {
    section: 'ALLERGIES',
    code: '111088007',
    name: 'Latex',
    customValue: '4',
    details: [{ code: '418290006', customValue: null }],
  },
  { section: 'MEDICATIONS', code: '6851', name: 'Methotrexate', customValue: 'IN', externalId: 'DEMO-MED-1' },
  { section: 'MEDICATIONS', code: '3640', name: 'Doxycycline', customValue: 'IN' },
  {
    section: 'MEDICATIONS',
    code: '6064',
    name: 'Isotretinoin',
    customValue: 'IN',
    active: false,
    discontinuationReason: '182864000',
  },
  { section: 'PAST_MEDICAL_HISTORY', code: '9014002', name: 'Psoriasis', externalId: 'DEMO-PMH-1' },
  { section: 'PAST_MEDICAL_HISTORY', code: '195967001', name: 'Asthma' },
  {
    section: 'FAMILY_HISTORY',
    code: '93655004',
    name: 'Malignant melanoma of skin',
    details: [
      { code: 'MTH', customValue: null },
      { code: 'MGRFTH', customValue: null },
    ],
  },
  {
    section: 'FAMILY_HISTORY',
    code: '44054006',
    name: 'Diabetes mellitus type 2',
    details: [{ code: 'FTH', customValue: null }],
  },
  { section: 'SURGICAL_HISTORY', code: '35646002', name: 'Excision of lesion of skin' },
  { section: 'SURGICAL_HISTORY', code: '38102005', name: 'Cholecystectomy' },
  { section: 'SMOKING', code: '8517006' },
  { section: 'ALCOHOL', code: '28127009' },
  { section: 'DRUG', code: '_no_361055000', specialType: 'DENIES' },
  { section: 'MARITAL', code: 'M' },
  { section: 'EXPOSURE', code: '242535001' },
  { section: 'EXPOSURE', code: '242537009' },
];

/** Short plain-language patient education texts written for the demo (not clinical advice). */
const monographs = [
  {
    fdbId: '105586',
    fdbDrugType: 'SCD',
    title: 'Methotrexate tablets',
    monograph: [
      'Methotrexate is used to treat psoriasis and some other conditions of the skin and joints.',
      'Take it exactly as prescribed: for psoriasis it is usually taken ONCE A WEEK, not every day.',
      'Your doctor will check your blood regularly while you take it.',
      'Avoid alcohol, and tell your doctor about any other medicines you take.',
      'Do not take it if you are pregnant or planning a pregnancy.',
      'Call your doctor if you have mouth sores, fever, unusual bruising or a cough that does not go away.',
    ].join('\n'),
  },
  {
    fdbId: '106258',
    fdbDrugType: 'SCD',
    title: 'Hydrocortisone cream',
    monograph: [
      'Hydrocortisone is a mild steroid cream that calms itching, redness and swelling of the skin.',
      'Apply a thin layer to the affected skin, usually once or twice a day.',
      'Do not use it on the face or under bandages for long unless your doctor told you to.',
      'Stop and call your doctor if the skin gets worse or shows signs of infection.',
    ].join('\n'),
  },
  {
    fdbId: '1652673',
    fdbDrugType: 'SCD',
    title: 'Doxycycline tablets',
    monograph: [
      'Doxycycline is an antibiotic also used for acne and rosacea.',
      'Take it with a full glass of water and stay upright for 30 minutes afterwards.',
      'It makes the skin burn more easily in the sun: use sunscreen and protective clothing.',
      'Do not take it with milk, antacids or iron supplements at the same time.',
    ].join('\n'),
  },
];

const day = 24 * 60 * 60 * 1000;

/** Today plus `days`, at `hourUtc`:00 UTC. */
function daysFromNow(days: number, hourUtc: number): Date {
  const date = new Date(Date.now() + days * day);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

export const seedHealthProfile: DemoSeeder = async (tx, demo) => {
  const { practiceId } = demo;
  const [dermatologist, secondProvider] = demo.providerIds;

  for (const draft of mariaHistory) {
    const item = normalizeItem({
      id: null,
      specialType: null,
      name: '',
      customValue: null,
      status: null,
      details: [],
      active: true,
      discontinuationReason: null,
      ...draft,
    });
    const { id: _id, ...fields } = item;
    await tx.insert(historyItem).values({
      ...fields,
      practiceId,
      patientId: demo.patients.maria,
      externalId: draft.externalId ?? null,
      criticality: draft.criticality ?? null,
    });
  }

  await tx.insert(prescription).values([
    {
      practiceId,
      patientId: demo.patients.maria,
      externalId: 'DEMO-RX-1',
      fdbId: '105586',
      fdbDescription: 'Methotrexate 10 MG Oral Tablet',
      fdbDrugType: 'SCD',
      status: 'ACTIVE',
      sig: 'Take 1 tablet by mouth once a week on Mondays',
      dateWritten: dateOnly(daysFromNow(-60, 12)),
      prescriberName: 'Olivia Bennett, MD',
    },
    {
      practiceId,
      patientId: demo.patients.maria,
      externalId: 'DEMO-RX-2',
      fdbId: '106258',
      fdbDescription: 'Hydrocortisone 10 MG/ML Topical Cream',
      fdbDrugType: 'SCD',
      status: 'ACTIVE',
      sig: 'Apply a thin layer to the affected area twice daily',
      dateWritten: dateOnly(daysFromNow(-20, 12)),
      prescriberName: 'Olivia Bennett, MD',
    },
    {
      practiceId,
      patientId: demo.patients.maria,
      externalId: 'DEMO-RX-3',
      fdbId: '1652673',
      fdbDescription: 'Doxycycline Monohydrate 50 MG Oral Tablet',
      fdbDrugType: 'SCD',
      status: 'INACTIVE',
      sig: 'Take 1 tablet by mouth twice daily with water',
      dateWritten: dateOnly(daysFromNow(-200, 12)),
      dateInactive: dateOnly(daysFromNow(-110, 12)),
      prescriberName: 'Marcus Hale, DO',
    },
  ]);
  await tx.insert(drugMonograph).values(monographs.map((m) => ({ practiceId, ...m })));

  const visits = [
    {
      patientId: demo.patients.maria,
      externalId: 'DEMO-ENC-1',
      dateOfService: daysFromNow(-30, 15),
      historyFinished: true,
      provider: dermatologist,
      educationText:
        'Psoriasis follow-up. Keep taking methotrexate once a week and have your blood test before the next visit.',
    },
    {
      patientId: demo.patients.samuel,
      externalId: 'DEMO-ENC-2',
      dateOfService: daysFromNow(7, 14),
      historyFinished: false,
      provider: secondProvider ?? dermatologist,
      educationText: null,
    },
  ];
  for (const { provider: providerId, ...visit } of visits) {
    const [row] = await tx
      .insert(encounter)
      .values({ practiceId, clinicId: demo.clinicId, durationMinutes: 30, ...visit })
      .returning({ id: encounter.id });
    if (row && providerId)
      await tx.insert(encounterRole).values({ encounterId: row.id, providerId, role: 'PROVIDER' });
  }
};

function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}
