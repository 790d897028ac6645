/**
 * Imports SNOMED CT descriptions from an RF2 snapshot description file
 * (sct2_Description_Snapshot-en_<edition>_<date>.txt: tab-separated with a header line):
 *   id effectiveTime active moduleId conceptId languageCode typeId term caseSignificanceId
 * Fully specified names give each concept its semantic tag ("Psoriasis (disorder)" → disorder) and
 * are not shown; active English synonyms become searchable terms, tagged with their concept's tag once
 * the whole file is read (an FSN may come after its synonyms). An inactive description removes the
 * term an earlier import wrote. A complete run replaces the starter set's GPS terms (the
 * patient-friendly labels stay) and removes synonyms of an earlier import this release lacks.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { terminologySnomedConcept, terminologyTerm } from '../../../db/schema';
import { starterPriority } from '../starter/starter-curated';
import { readLines, type LineProgress } from '../../../lib/text/read-lines';
import { batchSize, TermWriter } from './term-writer';
import type { ImportSummary } from './rxnorm-import';

export const fsnType = '900000000000003001';
export const synonymType = '900000000000013009';
/** Imported synonyms rank above the starter's FSN-derived terms, below patient-friendly labels. */
export const snomedSynonymPriority = 30;
/** Tag of a synonym whose concept's FSN has not been read yet. */
const untagged = 'untagged';

const header = ['id', 'effectiveTime', 'active', 'moduleId', 'conceptId', 'languageCode', 'typeId', 'term'];

export class Rf2FormatError extends Error {
  override name = 'CliInputError';
}

export async function importSnomedDescriptions(
  db: Db,
  file: string,
  onProgress?: (progress: LineProgress & { written: number }) => void,
): Promise<ImportSummary> {
  const writer = new TermWriter(db, 'snomed', new Date());
  let skipped = 0;
  let malformed = 0;
  let tags = new Map<string, string>();
  const inactive: { code: string; term: string }[] = [];

  const flushTags = async () => {
    if (tags.size === 0) return;
    const rows = [...tags].map(([code, semanticTag]) => ({ code, semanticTag }));
    tags = new Map();
    await db
      .insert(terminologySnomedConcept)
      .values(rows)
      .onConflictDoUpdate({
        target: terminologySnomedConcept.code,
        set: { semanticTag: sql`excluded.semantic_tag` },
      });
  };
  const flushInactive = async () => {
    for (const { code, term } of inactive.splice(0))
      await db
        .delete(terminologyTerm)
        .where(
          and(
            eq(terminologyTerm.domain, 'SNOMED'),
            eq(terminologyTerm.codeSystem, 'SNOMED'),
            eq(terminologyTerm.code, code),
            eq(terminologyTerm.term, term),
            eq(terminologyTerm.source, 'snomed'),
          ),
        );
  };

  const lines = await readLines(
    file,
    async (line, lineNumber) => {
      if (lineNumber === 1) {
        if (!header.every((name, i) => line.split('\t')[i] === name))
          throw new Rf2FormatError(
            `${file} is not an RF2 description file (its header is not ${header.join(' ')} …)`,
          );
        return;
      }
      if (line.length === 0) return;
      const [, , active, , conceptId = '', languageCode, typeId, term = ''] = line.split('\t');
      if (!/^\d{6,18}$/.test(conceptId) || term.length === 0 || term.length > 1000) {
        malformed += 1;
        return;
      }
      if (typeId === fsnType) {
        const tag = /\(([^()]+)\)$/.exec(term)?.[1];
        if (active === '1' && tag) {
          tags.set(conceptId, tag);
          if (tags.size >= batchSize) await flushTags();
        } else skipped += 1;
        return;
      }
      if (typeId !== synonymType || languageCode !== 'en') {
        skipped += 1;
        return;
      }
      if (active !== '1') {
        inactive.push({ code: conceptId, term });
        if (inactive.length >= batchSize) await flushInactive();
        return;
      }
      await writer.add({
        domain: 'SNOMED',
        codeSystem: 'SNOMED',
        code: conceptId,
        term,
        kind: untagged,
        priority: snomedSynonymPriority,
      });
    },
    onProgress && ((progress) => onProgress({ ...progress, written: writer.written })),
  );
  await writer.flush();
  await flushTags();
  await flushInactive();

  // Every synonym takes its concept's tag (this release's or an earlier one's).
  await db.execute(sql`
    UPDATE ${terminologyTerm} AS t SET kind = c.semantic_tag
    FROM ${terminologySnomedConcept} AS c
    WHERE t.source = 'snomed' AND t.domain = 'SNOMED' AND t.code = c.code AND t.kind <> c.semantic_tag`);

  let removed = 0;
  if (writer.written > 0) {
    removed = await writer.removeStale('SNOMED');
    const starter = await db
      .delete(terminologyTerm)
      .where(
        and(
          eq(terminologyTerm.domain, 'SNOMED'),
          eq(terminologyTerm.source, 'starter'),
          lt(terminologyTerm.priority, starterPriority.friendly),
        ),
      )
      .returning({ id: terminologyTerm.id });
    removed += starter.length;
  }
  return { lines, written: writer.written, skipped, malformed, removed };
}
