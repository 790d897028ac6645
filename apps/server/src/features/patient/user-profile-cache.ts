/**
 * patient/getByUsername's answers as sent (JSON text), by patient, each valid for one revision of the
 * patient's profile (docs/decisions/162). The database moves `patient.profile_revision` on in the
 * same transaction as any change to what the answer shows (migration 0100), and the caller's own
 * revision is read with the session check on every call, so an answer is served only while nothing
 * in it has changed, whichever server instance made the change.
 *
 * Bounded: past `capacity` patients the one stored longest ago goes first (a Map iterates in
 * insertion order), so a busy server keeps its active patients and never grows without end.
 */
export class UserProfileCache {
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
