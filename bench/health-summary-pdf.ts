// Health summary PDF figures, printed by `npm run bench` (and alone by `npm run bench:health-summary-pdf`):
// the time to build and render the PDF of a large synthetic record (BENCH_RECORD_ENTRIES entries in
// each list, default 300), median and worst of BENCH_RECORD_RUNS runs (default 7),
// with its pages and size. Figures are printed, never asserted.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { en, translate, type MessageKey } from '@dermis/contract';
import { buildSummaryDocument } from '../apps/server/src/features/health-information/health-summary';
import { renderHealthSummaryPdf } from '../apps/server/src/features/health-information/health-summary-pdf';
import { syntheticHealthRecord } from '../apps/server/src/lib/health-record/synthetic-health-record';

const entries = Number(process.env.BENCH_RECORD_ENTRIES ?? 300);
const runs = Number(process.env.BENCH_RECORD_RUNS ?? 7);

export async function printHealthSummaryPdf(): Promise<void> {
  // The same synthetic record the C-CDA bench and tests use: every list `entries` long.
  const record = syntheticHealthRecord(entries);
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(key, params, en);
  const times: number[] = [];
  let pages = 0;
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const document = buildSummaryDocument(
      { record, encounters: [], startText: null, endText: null, generatedAt: new Date(), lang: 'en-US' },
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
    `\nHealth summary PDF of a large record (${entries} entries in every list), ${runs} runs, ${availableParallelism()} cores, load average ${load1?.toFixed(1)}:`,
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
