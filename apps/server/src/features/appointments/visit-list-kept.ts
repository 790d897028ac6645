/**
 * A visit list's answer kept by the patient's revision of 'visits' (decision 321, migration 0498),
 * which the database moves with every change of the visits, their roles, providers, clinics, consents,
 * consent forms and signatures. The Appointments page asks its lists from the reader's own clock
 * (upcoming: from now; past: until now), so the bounds are not part of the key: a kept answer says
 * which bounds select the same visits — those between the patient's visit dates on either side of
 * each bound — and answers every such ask. Only one thing in it changes with time alone: a visit
 * without a provider is listed while it has not started (`listedVisit`), so the answer is true until
 * the first of those starts, by the database's clock as the list's statement reads it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { encounter } from '../../db/schema';
import { PatientRevisionAnswers } from '../../lib/patient-revision';
import type { VisitListAsk } from './appointments.service';

/** A visit list's bounds as instants (ms), the part of an ask its key leaves out. */
interface AskedBounds {
  low: number | null;
  high: number | null;
}

/** A time as whole milliseconds, rounded down (visit times may carry microseconds). */
const epochFloor = (value: ReturnType<typeof sql>) =>
  sql<number | null>`floor(extract(epoch from ${value}) * 1000)::float8`.mapWith(Number);

/**
 * Around each bound, the patient's nearest visit dates: a bound after the one below it and at or
 * before the one above it selects the same visits (`visitFilter`: low <= date < high). And how long
 * until the first visit without a provider starts (it is then no longer listed), by the database's
 * clock. Every visit of the patient counts, listed or not: narrower than needed, never wider.
 */
const boundsStatement = preparedPerDatabase((db) => {
  const date = encounter.dateOfService;
  const low = sql`${sql.placeholder('low')}::timestamptz`;
  const high = sql`${sql.placeholder('high')}::timestamptz`;
  return db
    .select({
      lowAbove: epochFloor(sql`max(${date}) FILTER (WHERE ${date} < ${low})`),
      lowUpTo: epochFloor(sql`min(${date}) FILTER (WHERE ${date} >= ${low})`),
      highAbove: epochFloor(sql`max(${date}) FILTER (WHERE ${date} < ${high})`),
      highUpTo: epochFloor(sql`min(${date}) FILTER (WHERE ${date} >= ${high})`),
      unlistedIn: epochFloor(
        sql`min(${date}) FILTER (WHERE NOT ${encounter.hasProvider} AND ${date} >= now()) - now()`,
      ),
    })
    .from(encounter)
    .where(sql`${encounter.patientId} = ${sql.placeholder('patientId')}`)
    .prepare('visit_list_bounds');
});

/** Whether `asked` lies in (above, upTo]; a missing side is open. */
const within = (asked: number | null, above: number | null, upTo: number | null) =>
  asked === null || ((above === null || asked > above) && (upTo === null || asked <= upTo));

/** A visit list's answer as JSON text: `write` makes it when no kept answer fits. */
export type KeptVisitList = (
  db: Db,
  ask: VisitListAsk,
  /** The answer carries every consent (the spec's), not only those still to sign (the page's). */
  everyConsent: boolean,
  write: () => Promise<string>,
) => Promise<string>;

/** A server's kept visit lists (each server keeps its own; the revision is the database's). */
export function keptVisitLists(): KeptVisitList {
  // A visit list's JSON is some 2 to 3 KB a visit (a first page of 20, 40 to 65 KB): fewer kept
  // than of the smaller kept answers; the text budget bounds them too (`keptCharacters`).
  const kept = new PatientRevisionAnswers<string, AskedBounds>('visits', 2_000);
  return (db, ask, everyConsent, write) => keptVisitList(kept, db, ask, everyConsent, write);
}

function keptVisitList(
  kept: PatientRevisionAnswers<string, AskedBounds>,
  db: Db,
  ask: VisitListAsk,
  everyConsent: boolean,
  write: () => Promise<string>,
): Promise<string> {
  const { patientId, low, high, historyFinished } = ask.params;
  const cursor = !ask.byCursor ? '-' : ask.refused ? 'refused' : String(ask.after ?? 'first');
  // Everything of the ask that changes the answer but the bounds' instants (whether each is given
  // does change it). No reader: the guard admits the patient's own and delegated readers alike to
  // the same answer, in no language.
  const key = JSON.stringify([
    patientId,
    everyConsent,
    ask.newestFirst,
    cursor,
    ask.pageSize ?? null,
    historyFinished,
    low !== null,
    high !== null,
  ]);
  const asked: AskedBounds = {
    low: low === null ? null : Date.parse(low),
    high: high === null ? null : Date.parse(high),
  };
  return kept.answer(
    db,
    patientId,
    key,
    async () => {
      const started = Date.now();
      const [[bounds], text] = await Promise.all([
        boundsStatement(db).execute({ patientId, low, high }),
        write(),
      ]);
      return {
        text,
        until: bounds?.unlistedIn == null ? undefined : started + bounds.unlistedIn,
        answers: (other) =>
          within(other.low, bounds?.lowAbove ?? null, bounds?.lowUpTo ?? null) &&
          within(other.high, bounds?.highAbove ?? null, bounds?.highUpTo ?? null),
      };
    },
    asked,
  );
}
