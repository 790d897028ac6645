// Terminology store (0030): searchable terms and SNOMED CT concept tags.
import { index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const terminologyTerm = pgTable(
  'terminology_term',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    domain: text('domain', { enum: ['ALLERGEN', 'DRUG', 'SNOMED'] }).notNull(),
    codeSystem: text('code_system', { enum: ['RXNORM', 'SNOMED'] }).notNull(),
    code: text('code').notNull(),
    term: text('term').notNull(),
    kind: text('kind').notNull(),
    typeInt: smallint('type_int'),
    priority: smallint('priority').notNull().default(0),
    source: text('source', { enum: ['starter', 'rxnorm', 'snomed'] }).notNull(),
    searchText: text('search_text').notNull(),
    /** When the import that last wrote the row started (0032); null for the starter set. */
    loadedAt: timestamp('loaded_at', { withTimezone: true }),
  },
  (t) => [
    unique('terminology_term_unique').on(t.domain, t.codeSystem, t.code, t.term),
    index('terminology_term_code').on(t.codeSystem, t.code),
  ],
);

export const terminologySnomedConcept = pgTable('terminology_snomed_concept', {
  code: text('code').primaryKey(),
  semanticTag: text('semantic_tag').notNull(),
});

/** Word prefixes (two and three letters) of every term with its rank (0034), kept by a trigger. */
export const terminologyPrefix = pgTable(
  'terminology_prefix',
  {
    termId: integer('term_id')
      .notNull()
      .references(() => terminologyTerm.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    kind: text('kind').notNull(),
    prefix: text('prefix').notNull(),
    rank: integer('rank').notNull(),
  },
  (t) => [index('terminology_prefix_term').on(t.termId)],
);
