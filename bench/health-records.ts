// Health-record export figures, printed by `npm run bench` (and alone by `npm run bench:health-records`):
// the time to build the C-CDA Continuity of Care Document of a synthetic record with BENCH_CCDA_ENTRIES
// entries in each list (default 300: allergies, medications, problems, procedures, family history and
// encounters, about 1,800 entries), and of a demo-sized record, and the time xmllint-wasm takes to
// validate the large one against the CDA schema when shared/fixtures is beside the repository.
// Figures are printed, never asserted.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildContinuityOfCareDocument } from '../apps/server/src/features/health-records/ccda/continuity-of-care';
import { findFixturesDir, validateCda } from '../apps/server/src/features/health-records/ccda/validate-cda';
import { syntheticHealthRecord } from '../apps/server/src/lib/health-record/synthetic-health-record';
import { percentile } from './support';

const largeEntries = Number(process.env.BENCH_CCDA_ENTRIES ?? 300);
const runs = Number(process.env.BENCH_CCDA_RUNS ?? 5);

export async function printHealthRecords(): Promise<void> {
  const options = { generatedAt: new Date(), documentId: '6f1c3a52-8d0e-4b7a-9a51-2f8d1e0c7b44' };
  const rows: Record<string, string | number>[] = [];
  let largeXml = '';
  for (const entries of [10, largeEntries]) {
    const record = syntheticHealthRecord(entries);
    buildContinuityOfCareDocument(record, options); // warm-up
    const times: number[] = [];
    let xml = '';
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      xml = buildContinuityOfCareDocument(record, options);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    if (entries === largeEntries) largeXml = xml;
    rows.push({
      scenario: `C-CDA build, ${entries} entries a list`,
      runs,
      'p50 ms': Math.round(percentile(times, 50)),
      'max ms': Math.round(times.at(-1) ?? 0),
      'document kB': Math.round(Buffer.byteLength(xml) / 1024),
    });
  }
  const fixtures = findFixturesDir();
  let note = 'schema validation not measured: shared/fixtures/cda-schema is not beside this checkout';
  if (fixtures) {
    await validateCda(largeXml, fixtures); // compiles the schema once
    const started = performance.now();
    const result = await validateCda(largeXml, fixtures);
    rows.push({
      scenario: `xmllint-wasm schema validation, ${largeEntries} entries a list`,
      runs: 1,
      'p50 ms': Math.round(performance.now() - started),
      'max ms': Math.round(performance.now() - started),
      'document kB': Math.round(Buffer.byteLength(largeXml) / 1024),
    });
    note = `large document schema-valid: ${result.valid}`;
  }
  console.log('\nC-CDA Continuity of Care Document (in-process, xmlbuilder2)');
  console.table(rows);
  console.log(note);
  console.log(
    `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (figures scale with it)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printHealthRecords();
