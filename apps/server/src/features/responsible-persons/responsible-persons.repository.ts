/** The active responsible persons of one patient, with the contacts of each person's own record. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ContactType, ResponsiblePersonEntry } from '@dermis/contract';
import type { Db } from '../../db/database';
import { patient, patientContact, responsiblePerson } from '../../db/schema';

export async function listResponsiblePersons(db: Db, patientId: number): Promise<ResponsiblePersonEntry[]> {
  const links = await db
    .select({
      id: responsiblePerson.id,
      personId: responsiblePerson.responsiblePatientId,
      relationship: responsiblePerson.relationship,
      active: responsiblePerson.active,
      firstName: patient.firstName,
      lastName: patient.lastName,
    })
    .from(responsiblePerson)
    .innerJoin(patient, eq(patient.id, responsiblePerson.responsiblePatientId))
    .where(and(eq(responsiblePerson.patientId, patientId), eq(responsiblePerson.active, true)))
    .orderBy(asc(patient.lastName), asc(patient.firstName), asc(responsiblePerson.id));
  if (links.length === 0) return [];

  const contacts = await db
    .select({
      patientId: patientContact.patientId,
      active: patientContact.active,
      type: patientContact.type,
      value: patientContact.value,
    })
    .from(patientContact)
    .where(
      inArray(
        patientContact.patientId,
        links.map((l) => l.personId),
      ),
    )
    .orderBy(asc(patientContact.position), asc(patientContact.id));

  return links.map(({ personId, ...link }) => ({
    ...link,
    responsiblePerson: true as const,
    contacts: contacts
      .filter((c) => c.patientId === personId)
      .map((c) => ({ active: c.active, type: { type: c.type as ContactType }, value: c.value })),
  }));
}
