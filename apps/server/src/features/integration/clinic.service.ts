import type { z } from 'zod';
import type { createClinicRequest } from '@dermis/contract';
import type { Db } from '../../db/database';
import { clinic } from '../../db/schema';
import { assertPracticeExists } from './practice.service';

export async function createClinic(
  db: Db,
  practiceId: number,
  input: z.input<typeof createClinicRequest>,
): Promise<{ id: number; name: string }> {
  await assertPracticeExists(db, practiceId);
  const [row] = await db
    .insert(clinic)
    .values({
      practiceId,
      name: input.name,
      phone: input.phone ?? null,
      addressLine1: input.addressLine1 ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      zipCode: input.zipCode ?? null,
      addressLine2: input.addressLine2 ?? null,
      website: input.website ?? null,
    })
    .returning({ id: clinic.id, name: clinic.name });
  if (!row) throw new Error('clinic insert returned nothing');
  return row;
}
