/**
 * What a visit needs of its consents. The consents feature owns them; compose/visit-consents.ts hands
 * them in (features do not import each other).
 */
import type { Consent, encounterConsentInput } from '@dermis/contract';
import type { Column, SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';

export interface VisitConsents {
  /**
   * The consents of the visit whose id is `encounterId`, as one column of the visit's own row, so
   * that a visit list is one statement (lists carry no signature images). What the column holds is
   * the consents feature's own: read it with `fromColumn`.
   */
  column(db: Db, encounterId: Column): SQL<unknown>;
  /**
   * Only the consents still to sign (those `unsigned` keeps) as the text of a JSON array's elements,
   * in the bytes of the answer's Consents (decision 299).
   */
  unsignedJson(encounterId: Column): SQL<string>;
  /** A `column` value as the visit's Consents. */
  fromColumn(value: unknown): Consent[];
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
