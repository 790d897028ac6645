/**
 * A patient's revision of one kind of kept answer (decision 320, migration 0497), and the answers
 * kept by it. The database moves a kind's revision on, in the writing transaction, with every change
 * of a table its migration watches (`patient_revision_watch`), so a kept answer is served only while
 * nothing in it has changed, whichever instance, feed or script wrote.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedPerDatabase } from '../db/prepared';
import { patientRevision } from '../db/schema';
import { AnswersByRevision } from './answers-by-revision';

/** Each kind of kept answer; its migration's `patient_revision_watch` calls name the tables it reads. */
export type PatientRevisionKind =
  | 'visits' // the Appointments lists
  | 'inbox' // the Messages inbox's pages
  | 'documents' // the Documents list and My Health Profile's Documents block
  | 'health-summary'; // Health Information's summary and the prescriptions' first page

const revisionStatement = preparedPerDatabase((db) =>
  db
    .select({ revision: patientRevision.revision })
    .from(patientRevision)
    .where(
      and(
        eq(patientRevision.kind, sql.placeholder('kind')),
        eq(patientRevision.patientId, sql.placeholder('patientId')),
      ),
    )
    .prepare('patient_revision'),
);

/** The patient's revision of `kind` now; 0 when nothing of that kind changed since it was watched. */
export async function patientRevisionOf(
  db: Db,
  kind: PatientRevisionKind,
  patientId: number,
): Promise<number> {
  const [row] = await revisionStatement(db).execute({ kind, patientId });
  return row?.revision ?? 0;
}

/** An answer's text, and the instant (ms) it stops being true at when it has one (a visit starting). */
export interface MadeAnswer {
  readonly text: string;
  readonly until?: number;
}

/**
 * Answers of one kind kept by key (a patient, or a patient and what was asked) and by the patient's
 * revision of that kind, read on every request. The revision is read before the answer is made, so
 * an answer is never kept under a newer revision than its rows'.
 */
export class PatientRevisionAnswers<Key = number> {
  private readonly kept: AnswersByRevision<Key, string>;

  constructor(
    private readonly kind: PatientRevisionKind,
    capacity?: number,
  ) {
    this.kept = new AnswersByRevision<Key, string>(capacity);
  }

  async answer(db: Db, patientId: number, key: Key, make: () => Promise<MadeAnswer>): Promise<string> {
    const revision = await patientRevisionOf(db, this.kind, patientId);
    const kept = this.kept.get(key, revision);
    if (kept !== undefined) return kept;
    const made = await make();
    this.kept.set(key, revision, made.text, made.until);
    return made.text;
  }
}
