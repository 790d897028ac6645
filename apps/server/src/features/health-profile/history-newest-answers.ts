/**
 * My Health Profile's first read, the newest of each list and every list's total (decision 257), kept
 * by the history's revision (decision 316, migration 0494): a request reads the revision (one
 * primary-key row) and sends the text kept for exactly that revision; otherwise the database writes it
 * (decision 291) and it is kept. Only a change of the patient's items (by any server, the clinic's
 * feed or a script) makes it written again. A read of one list (the "show more" of a section) is
 * written every time.
 */
import type { ListSection } from '@dermis/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { healthHistoryRevision } from '../../db/schema';
import { AnswersByRevision } from '../../lib/answers-by-revision';
import { loadHistoryPartJson } from './history-part-json';

/** The revision of the patient's history (migration 0494), the one read of a request answered kept. */
const revisionStatement = preparedPerDatabase((db) =>
  db
    .select({ revision: healthHistoryRevision.revision })
    .from(healthHistoryRevision)
    .where(eq(healthHistoryRevision.patientId, sql.placeholder('patientId')))
    .prepare('health_history_revision'),
);

/**
 * Answers kept at most: one a patient for the page's ask, some 47 KB for the bench's heaviest
 * patient (300 items a list), far less for most.
 */
const keptAnswers = 2_000;

type Part = { limit?: number; section?: ListSection; templates?: boolean };

/** The answer's text of a HISTORY read with `limit` or `section`, as loadHistoryPartJson writes it. */
export function historyPartAnswers(db: Db): (patientId: number, part: Part) => Promise<string> {
  const kept = new AnswersByRevision<string>(keptAnswers);
  return async (patientId, part) => {
    if (part.section !== undefined) return loadHistoryPartJson(db, patientId, part);
    // The revision is read before the items, so an answer is never kept under a newer revision than
    // the items it was written from.
    const [row] = await revisionStatement(db).execute({ patientId });
    const revision = row?.revision ?? 0;
    const key = `${patientId} ${part.limit} ${part.templates !== false}`;
    let json = kept.get(key, revision);
    if (json === undefined) {
      json = await loadHistoryPartJson(db, patientId, part);
      kept.set(key, revision, json);
    }
    return json;
  };
}
