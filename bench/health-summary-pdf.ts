// Health summary PDF figures, printed by `npm run bench` (and alone by `npm run bench:health-summary-pdf`):
// the time to build and render the PDF of a large synthetic record (BENCH_RECORD_ENTRIES entries in
// each list, default 300, and 200 encounters), median and worst of BENCH_RECORD_RUNS runs (default 7),
// with its pages and size. Figures are printed, never asserted.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  en,
  translate,
  type CcdaEncounterInfo,
  type HealthInfoResponse,
  type MessageKey,
} from '@dermis/contract';
import { buildSummaryDocument } from '../apps/server/src/features/health-information/health-summary';
import { renderHealthSummaryPdf } from '../apps/server/src/features/health-information/health-summary-pdf';

const entries = Number(process.env.BENCH_RECORD_ENTRIES ?? 300);
const runs = Number(process.env.BENCH_RECORD_RUNS ?? 7);

function largeRecord() {
  const at = new Date('2026-01-01T00:00:00Z');
  const list = (prefix: string) =>
    Array.from({ length: entries }, (_, i) => ({ name: `${prefix} ${i + 1}` }));
  const info: HealthInfoResponse = {
    demographics: {
      firstName: 'María José',
      lastName: 'Núñez-López',
      dateOfBirth: '1984-03-12',
      gender: 'FEMALE',
      preferredLanguageIsoCode: 'es',
      races: ['2106-3', '2131-1'],
      ethnicities: ['2135-2'],
    },
    allergies: list('Allergen'),
    medications: list('Medication 10 mg oral tablet, take one daily with food'),
    medicalProblems: list('Medical problem').map((p) => ({ ...p, dateDiagnosed: '2020-05-01' })),
    smokingStatusList: [{ name: 'Former smoker' }],
  };
  const detail = [{ code: '247472004', customValue: null }];
  const extras = [
    ...list('Allergen').map((a) => ({
      section: 'ALLERGIES' as const,
      specialType: null,
      name: a.name,
      customValue: null,
      details: detail,
      createdAt: at,
    })),
    ...list('Procedure').map((a) => ({
      section: 'SURGICAL_HISTORY' as const,
      specialType: null,
      name: a.name,
      customValue: null,
      details: [],
      createdAt: at,
    })),
    ...list('Family condition').map((a) => ({
      section: 'FAMILY_HISTORY' as const,
      specialType: null,
      name: a.name,
      customValue: null,
      details: [{ code: 'MTH', customValue: null }],
      createdAt: at,
    })),
  ];
  const encounters: CcdaEncounterInfo[] = Array.from({ length: 200 }, (_, i) => ({
    encounterId: i + 1,
    encounterDateOfService: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
    providerNames: ['Olivia Bennett, MD', 'Marcus Hale, DO'],
    clinicName: 'Gulf Coast Dermatology - Naples',
  }));
  const header = {
    patientId: 1,
    practiceId: 1,
    practiceName: 'Gulf Coast Dermatology',
    firstName: info.demographics.firstName,
    lastName: info.demographics.lastName,
    dateOfBirth: info.demographics.dateOfBirth,
    gender: info.demographics.gender,
  };
  return { header, info, encounters, extras };
}

export async function printHealthSummaryPdf(): Promise<void> {
  const record = largeRecord();
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(key, params, en);
  const times: number[] = [];
  let pages = 0;
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const document = buildSummaryDocument(
      { ...record, startText: null, endText: null, generatedAt: new Date() },
      record.extras,
      t,
    );
    const pdf = await renderHealthSummaryPdf(document);
    times.push(performance.now() - started);
    bytes = pdf.length;
    pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const worst = times[times.length - 1] ?? 0;
  const [load1] = loadavg();
  console.log(
    `\nHealth summary PDF of a large record (${entries} allergies, medications, problems, procedures and family items, 200 encounters), ${runs} runs, ${availableParallelism()} cores, load average ${load1?.toFixed(1)}:`,
  );
  console.table([
    {
      scenario: 'PDF build + render',
      'median ms': Math.round(median),
      'worst ms': Math.round(worst),
      pages,
      KiB: Math.round(bytes / 1024),
    },
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printHealthSummaryPdf();
