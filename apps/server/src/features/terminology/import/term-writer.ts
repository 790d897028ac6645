/**
 * Writes imported terms in batches: an upsert on (domain, code system, code, term), so importing the
 * same release twice changes nothing and a newer release updates what it shares with the older one.
 * Each row is stamped with the import's start; `removeStale` then drops what the release no longer has.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { terminologyTerm } from '../../../db/schema';
import { toSearchText } from '../../../lib/text/search-text';

export type ImportSource = 'rxnorm' | 'snomed';

export interface ImportedTerm {
  domain: 'DRUG' | 'SNOMED';
  codeSystem: 'RXNORM' | 'SNOMED';
  code: string;
  term: string;
  kind: string;
  priority: number;
}

/** Rows per INSERT statement. */
export const batchSize = 1000;

export class TermWriter {
  private batch = new Map<string, ImportedTerm>();
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly source: ImportSource,
    readonly startedAt: Date,
  ) {}

  async add(term: ImportedTerm): Promise<void> {
    // Keyed like the unique constraint: one statement may not touch the same row twice.
    this.batch.set(`${term.domain}|${term.codeSystem}|${term.code}|${term.term}`, term);
    if (this.batch.size >= batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch.size === 0) return;
    const rows = [...this.batch.values()].map((term) => ({
      ...term,
      source: this.source,
      searchText: toSearchText(term.term),
      loadedAt: this.startedAt,
    }));
    this.batch = new Map();
    await this.db
      .insert(terminologyTerm)
      .values(rows)
      .onConflictDoUpdate({
        target: [
          terminologyTerm.domain,
          terminologyTerm.codeSystem,
          terminologyTerm.code,
          terminologyTerm.term,
        ],
        set: {
          kind: sql`excluded.kind`,
          // A patient-friendly label that a release also lists keeps its rank.
          priority: sql`greatest(${terminologyTerm.priority}, excluded.priority)`,
          source: sql`excluded.source`,
          loadedAt: sql`excluded.loaded_at`,
        },
      });
    this.written += rows.length;
  }

  /** After a complete run: removes this source's rows of the domain that the release did not list. */
  async removeStale(domain: ImportedTerm['domain']): Promise<number> {
    const removed = await this.db
      .delete(terminologyTerm)
      .where(
        and(
          eq(terminologyTerm.domain, domain),
          eq(terminologyTerm.source, this.source),
          or(isNull(terminologyTerm.loadedAt), lt(terminologyTerm.loadedAt, this.startedAt)),
        ),
      )
      .returning({ id: terminologyTerm.id });
    return removed.length;
  }
}
