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
import { AnswersByRevision, keptCharacters } from './answers-by-revision';

/** Each kind of kept answer; its migration's `patient_revision_watch` calls name the tables it reads. */
export type PatientRevisionKind =
  | 'visits' // the Appointments lists (migration 0498)
  | 'inbox' // the Messages inbox's pages (migration 0501)
  | 'documents' // the Documents list and My Health Profile's Documents block (migration 0502)
  | 'health-summary' // Health Information's summary, whole or its first page (migration 0499)
  | 'prescriptions'; // the prescription history's pages (migration 0500)

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
export interface MadeAnswer<Asked = never> {
  readonly text: string;
  readonly until?: number;
  /**
   * Whether the answer is also the answer of `asked`, another ask of its key (a visit list asked
   * from a later instant that selects the same visits); absent: it answers every ask of its key.
   */
  readonly answers?: (asked: Asked) => boolean;
}

/**
 * Answers of one kind kept by key (a patient, or a patient and what was asked) and by the patient's
 * revision of that kind, read on every request. The revision is read before the answer is made, so
 * an answer is never kept under a newer revision than its rows'.
 */
export class PatientRevisionAnswers<Key = number, Asked = never> {
  private readonly kept: AnswersByRevision<Key, MadeAnswer<Asked>>;

  constructor(
    private readonly kind: PatientRevisionKind,
    capacity?: number,
  ) {
    // Bounded by the text kept, as a cache of text answers is.
    this.kept = new AnswersByRevision<Key, MadeAnswer<Asked>>(
      capacity,
      keptCharacters,
      (made) => made.text.length,
    );
  }

  /** `asked` is what the key leaves out, for the kept answer's `answers` to judge. */
  async answer(
    db: Db,
    patientId: number,
    key: Key,
    make: () => Promise<MadeAnswer<Asked>>,
    asked?: Asked,
  ): Promise<string> {
    const revision = await patientRevisionOf(db, this.kind, patientId);
    const kept = this.kept.get(key, revision);
    if (kept !== undefined && (kept.answers === undefined || kept.answers(asked as Asked))) return kept.text;
    const made = await make();
    this.kept.set(key, revision, made, made.until);
    return made.text;
  }
}
