/**
 * A part of the health history (the newest of each list, or one list: decision 257) as the answer's
 * JSON text, made by one prepared statement (decision 291). Each item is written by the database in
 * the bytes the contract's serialiser wrote from `toSubjectiveItem`: the same keys in the same order,
 * strings escaped by `to_json` (which escapes what JSON.stringify escapes: quotes, backslashes and
 * control characters, the latter as lowercase \u00xx), the displays of the fixed codes from the
 * contract's lists, and the time as `toISOString()` wrote it (milliseconds cut, not rounded). Node
 * then only joins the sections' texts, without mapping 100 rows of 13 columns, building the nested
 * attributes and serialising them again.
 */
import {
  codeDisplay,
  fixedCodes,
  historySection,
  historyStatuses,
  listSections,
  sectionTemplate,
  templateIdBySection,
  type HistorySection,
  type ListSection,
} from '@dermis/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { jsonInstant, jsonString } from '../../db/json-text';
import { preparedPerDatabase } from '../../db/prepared';
import { historyItem } from '../../db/schema';
import { fastStringify } from '../../lib/fast-serializer';
import { sectionTemplates } from './health-profile.model';

/** A SQL string literal of a text made here from the contract's fixed lists. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Every fixed code with its display, as `codeDisplay` answers it (the first list that holds it). */
const codeDisplays = Object.fromEntries(fixedCodes().map(({ code }) => [code, codeDisplay(code)]));
const statusDisplays = Object.fromEntries(historyStatuses.map((s) => [s.code, s.display]));
const codeDisplaysJsonb = `${literal(JSON.stringify(codeDisplays))}::jsonb`;
const statusDisplaysJsonb = `${literal(JSON.stringify(statusDisplays))}::jsonb`;

/** A text expression, written here as SQL text, as a JSON string (escaped by to_json), or `null`. */
const json = (expression: string) => jsonString(sql.raw(expression));
/** The display of a fixed code, or the code itself, as codeDisplay(code) ?? code, as a JSON string. */
const displayOf = (displays: string, code: string) =>
  sql.raw(`to_json(coalesce(${displays} ->> (${code}), ${code}))::text`);

const sections = historySection.options;
const sectionsSql = sql.raw(`ARRAY[${sections.map(literal).join(',')}]::text[]`);
const templateIdsSql = sql.raw(`ARRAY[${sections.map((s) => templateIdBySection[s]).join(',')}]::int[]`);
const listSectionsSql = sql.raw(`(${listSections.map(literal).join(',')})`);

/** One detail (a reaction, a relative) as an attribute value: `d` is the detail, a JSON object. */
const detailValue = sql`'{"value":' || ${json("d->>'code'")} || ',"description":'
  || ${displayOf(codeDisplaysJsonb, "d->>'code'")} || ',"customValue":' || ${json("d->>'customValue'")} || '}'`;

/**
 * One item (`i`, of the section `s` whose template is `s.template_id`) as toSubjectiveItem's JSON:
 * the code and name, the status, then the reactions or relatives (a real allergy or family entry) or
 * the discontinuation reason (a medication that has one).
 */
const itemJson = sql`'{"id":' || i.id || ',"active":' || i.active::text
  || ',"templateId":' || s.template_id || ',"sectionId":' || to_json(s.section)::text
  || ',"primaryAttributeValue":' || ${json('i.code')} || ',"specialType":' || ${json('i.special_type')}
  || ',"attributes":[{"attributeId":' || (s.template_id * 10 + 1) || ',"order":1,"values":[{"value":'
  || ${json('i.code')} || ',"description":' || ${json('i.name')} || ',"customValue":' || ${json('i.custom_value')}
  || '}]},{"attributeId":' || (s.template_id * 10 + 2) || ',"order":2,"values":[{"value":' || ${json('i.status')}
  || ',"description":' || ${displayOf(statusDisplaysJsonb, 'i.status')}
  || ',"customValue":null}]}'
  || CASE
    WHEN s.section IN ('ALLERGIES', 'FAMILY_HISTORY') AND i.special_type IS NULL THEN
      ',{"attributeId":' || (s.template_id * 10 + 3) || ',"order":3,"values":['
      || coalesce((SELECT string_agg(${detailValue}, ',' ORDER BY n)
        FROM jsonb_array_elements(i.details) WITH ORDINALITY AS e(d, n)), '') || ']}'
    WHEN s.section = 'MEDICATIONS' AND i.discontinuation_reason <> '' THEN
      ',{"attributeId":' || (s.template_id * 10 + 3) || ',"order":3,"values":[{"value":'
      || ${json('i.discontinuation_reason')} || ',"description":'
      || ${displayOf(codeDisplaysJsonb, 'i.discontinuation_reason')}
      || ',"customValue":null}]}'
    ELSE ''
  END
  || '],"dateModified":' || ${jsonInstant(sql`i.updated_at`)}
  || ',"enteredByClinic":' || (i.external_id IS NOT NULL)::text || '}'`;

/**
 * Each section of the contract's list, in its order, with its named items' total and the JSON of
 * its newest `limit` items (a list; social history whole; a null `limit` is no limit, as LIMIT NULL
 * is), joined in the order entered; when `section` is asked, only that section's items (every total
 * still comes). Per section an index scan reads the newest backwards and counts from the index alone
 * (history_item_named_newest_idx, whose condition is the name test here).
 */
const partStatement = preparedPerDatabase((db) =>
  db
    .select({
      section: sql<HistorySection>`s.section`,
      total: sql<number>`t.total`,
      items: sql<string | null>`(SELECT string_agg(${itemJson}, ',' ORDER BY i.id) FROM (
          SELECT * FROM ${historyItem}
          WHERE ${historyItem.patientId} = ${sql.placeholder('patientId')}
            AND ${historyItem.section} = s.section AND ${historyItem.name} ~ '[^[:space:]]'
            AND (${sql.placeholder('section')}::text IS NULL OR s.section = ${sql.placeholder('section')}::text)
          ORDER BY ${historyItem.id} DESC
          LIMIT CASE WHEN s.section IN ${listSectionsSql} THEN ${sql.placeholder('limit')}::int END
        ) i)`,
    })
    .from(
      sql`unnest(${sectionsSql}, ${templateIdsSql}) WITH ORDINALITY AS s(section, template_id, place)
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS total FROM ${historyItem}
          WHERE ${historyItem.patientId} = ${sql.placeholder('patientId')}
            AND ${historyItem.section} = s.section AND ${historyItem.name} ~ '[^[:space:]]'
        ) t`,
    )
    .orderBy(sql`s.place`)
    .prepare('history_part_json'),
);

const templatesJson = fastStringify(z.array(sectionTemplate))(sectionTemplates);

/**
 * The answer of a HISTORY read with `limit` or `section` (its `totals` in the contract's order of the
 * lists), as JSON text; `templates: false` answers none of the fixed templates.
 */
export async function loadHistoryPartJson(
  db: Db,
  patientId: number,
  part: { limit?: number; section?: ListSection; templates?: boolean },
): Promise<string> {
  const rows = await partStatement(db).execute({
    patientId,
    limit: part.limit ?? null,
    section: part.section ?? null,
  });
  const items: string[] = [];
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.items !== null) items.push(row.items);
    totals.set(row.section, row.total);
  }
  const totalsJson = listSections.map((s) => `"${s}":${totals.get(s) ?? 0}`).join(',');
  return `{"patientId":${patientId},"type":"HISTORY","items":[${items.join(',')}],"templates":${
    part.templates === false ? '[]' : templatesJson
  },"totals":{${totalsJson}}}`;
}
