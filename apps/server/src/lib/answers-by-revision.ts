/**
 * Answers as sent (JSON text), by patient, each valid for one revision of what it shows: a revision the
 * database moves on, in the same transaction, with any change to the answer (a trigger, so every
 * writer does), and that the call reads on every request. An answer is served only while nothing in
 * it has changed, whichever server instance made the change. Used by patient/getByUsername's own
 * profile (docs/decisions/162, `patient.profile_revision`) and careteam/getById (decision 309,
 * `care_team_revision`).
 *
 * Bounded: past `capacity` patients the one stored longest ago goes first (a Map iterates in
 * insertion order), so a busy server keeps its active patients and never grows without end.
 */
export class AnswersByRevision {
  private readonly answers = new Map<number, { revision: number; json: string }>();

  constructor(private readonly capacity = 10_000) {}

  /** The answer stored for this patient at exactly this revision, or undefined. */
  get(patientId: number, revision: number): string | undefined {
    const stored = this.answers.get(patientId);
    return stored?.revision === revision ? stored.json : undefined;
  }

  set(patientId: number, revision: number, json: string): void {
    this.answers.delete(patientId);
    if (this.answers.size >= this.capacity) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(patientId, { revision, json });
  }

  get size(): number {
    return this.answers.size;
  }
}
