/**
 * What a visit needs of its consents. The consents feature owns them; compose/visit-consents.ts hands
 * them in (features do not import each other).
 */
import type { Consent, encounterConsentInput } from '@dermis/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';

export interface VisitConsents {
  /** The consents of these visits, keyed by encounter id (lists carry no signature images). */
  byEncounter(db: Db, encounterIds: number[]): Promise<Map<number, Consent[]>>;
  /** Those of a visit still to sign. */
  unsigned(consents: Consent[]): Consent[];
  /** Replaces a visit's consents by the clinic's list, inside the visit's own transaction. */
  replaceForVisit(
    db: Db,
    practiceId: number,
    patientId: number,
    encounterId: number,
    inputs: z.output<typeof encounterConsentInput>[],
  ): Promise<void>;
}
