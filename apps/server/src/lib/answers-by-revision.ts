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
 * Bounded twice: past `capacity` keys, or past `mostCharacters` of text in all its answers, the one
 * stored longest ago goes first (a Map iterates in insertion order), so a busy server keeps its
 * active patients and never grows without end, however large one patient's answers are (a heavy
 * patient's inbox page is tens of kilobytes; ten thousand of them would be hundreds of megabytes).
 * A text answer weighs its length; another kind of answer weighs what `weigh` says (nothing unless
 * given, so only the count bounds it). An answer heavier than the whole budget is not kept.
 */
/** The characters of text a cache keeps at most unless told otherwise: some 16 MB of ASCII JSON. */
export const keptCharacters = 16 * 1024 * 1024;

export class AnswersByRevision<Key = number, Answer = string> {
  private readonly answers = new Map<
    Key,
    { revision: number; answer: Answer; until: number; weight: number }
  >();
  private characters = 0;

  constructor(
    private readonly capacity = 10_000,
    private readonly mostCharacters = keptCharacters,
    private readonly weigh: (answer: Answer) => number = (answer) =>
      typeof answer === 'string' ? answer.length : 0,
  ) {}

  /** The answer stored for this key at exactly this revision and still true at `now` (ms), or undefined. */
  get(key: Key, revision: number, now = Date.now()): Answer | undefined {
    const stored = this.answers.get(key);
    return stored?.revision === revision && now < stored.until ? stored.answer : undefined;
  }

  /** Stores `answer` for this key and revision, true until the instant `until` (ms) if it has one. */
  set(key: Key, revision: number, answer: Answer, until = Infinity): void {
    this.drop(key);
    const weight = this.weigh(answer);
    if (weight > this.mostCharacters) return;
    while (
      this.answers.size > 0 &&
      (this.answers.size >= this.capacity || this.characters + weight > this.mostCharacters)
    ) {
      this.drop(this.answers.keys().next().value as Key);
    }
    this.answers.set(key, { revision, answer, until, weight });
    this.characters += weight;
  }

  get size(): number {
    return this.answers.size;
  }

  /** The characters of text kept in all answers. */
  get weight(): number {
    return this.characters;
  }

  private drop(key: Key): void {
    const stored = this.answers.get(key);
    if (!stored) return;
    this.answers.delete(key);
    this.characters -= stored.weight;
  }
}
