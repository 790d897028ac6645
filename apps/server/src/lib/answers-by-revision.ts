/**
 * Answers as sent (JSON text, or the parts they are written from), by key (a patient, or a patient
 * and what was asked), each valid for one revision of what it shows: a revision the database moves
 * on, in the same transaction, with any change to the answer (a trigger, so every writer does), and
 * that the call reads on every request. An answer is served only while nothing in it has changed,
 * whichever server instance made the change, and, when it was stored with an instant it stops being
 * true at (a result released later), only before that instant. Used by patient/getByUsername's own
 * profile (docs/decisions/162, `patient.profile_revision`), careteam/getById (decision 309,
 * `care_team_revision`), the Health Information page's first load (decision 314,
 * `clinical_record_revision`), the nearby pharmacies by ZIP (decision 315,
 * `pharmacy_directory_revision`), the health history's newest (decision 316,
 * `health_history_revision`) and the insurance read (decision 319, `insurance_revision`).
 *
 * Bounded: past `capacity` keys the one stored longest ago goes first (a Map iterates in insertion
 * order), so a busy server keeps its active patients and never grows without end.
 */
export class AnswersByRevision<Key = number, Answer = string> {
  private readonly answers = new Map<Key, { revision: number; answer: Answer; until: number }>();

  constructor(private readonly capacity = 10_000) {}

  /** The answer stored for this key at exactly this revision and still true at `now` (ms), or undefined. */
  get(key: Key, revision: number, now = Date.now()): Answer | undefined {
    const stored = this.answers.get(key);
    return stored?.revision === revision && now < stored.until ? stored.answer : undefined;
  }

  /** Stores `answer` for this key and revision, true until the instant `until` (ms) if it has one. */
  set(key: Key, revision: number, answer: Answer, until = Infinity): void {
    this.answers.delete(key);
    if (this.answers.size >= this.capacity) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(key, { revision, answer, until });
  }

  get size(): number {
    return this.answers.size;
  }
}
