/**
 * Answers as sent (JSON text, or the parts they are written from), by key (a patient, by default),
 * each valid for one revision of what it shows: a revision the database moves on, in the same
 * transaction, with any change to the answer (a trigger, so every writer does), and that the call
 * reads on every request. An answer is served only while nothing in it has changed, whichever server
 * instance made the change. Used by patient/getByUsername's own profile (docs/decisions/162,
 * `patient.profile_revision`), careteam/getById (decision 309, `care_team_revision`), the nearby
 * pharmacies by ZIP (decision 315, `pharmacy_directory_revision`) and the health history's newest
 * (decision 316, `health_history_revision`).
 *
 * Bounded: past `capacity` keys the one stored longest ago goes first (a Map iterates in insertion
 * order), so a busy server keeps its active patients and never grows without end.
 */
export class AnswersByRevision<Key = number, Answer = string> {
  private readonly answers = new Map<Key, { revision: number; answer: Answer }>();

  constructor(private readonly capacity = 10_000) {}

  /** The answer stored for this key at exactly this revision, or undefined. */
  get(key: Key, revision: number): Answer | undefined {
    const stored = this.answers.get(key);
    return stored?.revision === revision ? stored.answer : undefined;
  }

  set(key: Key, revision: number, answer: Answer): void {
    this.answers.delete(key);
    if (this.answers.size >= this.capacity) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(key, { revision, answer });
  }

  get size(): number {
    return this.answers.size;
  }
}
