/**
 * The demo practice's outside document: the hospital's Continuity of Care Document
 * attached to Maria's most recent past visit (DEMO-ENC-1, seeded by the health-profile feature), so
 * the complete-record viewer shows a real-looking outside document. Generated in code
 * (demo-outside-ccd.ts); nothing is read from files.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DemoSeeder } from '../../demo/seed';
import { encounter, patient } from '../../db/schema';
import { attachClinicalDocument } from './clinical-documents.service';
import { outsideCcd } from './demo-outside-ccd';

export const seedClinicalDocuments: DemoSeeder = async (tx, demo) => {
  const [visit] = await tx
    .select({ externalId: encounter.externalId, dateOfService: encounter.dateOfService })
    .from(encounter)
    .where(and(eq(encounter.patientId, demo.patients.maria), lt(encounter.dateOfService, new Date())))
    .orderBy(desc(encounter.dateOfService))
    .limit(1);
  const [maria] = await tx
    .select({
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth,
      gender: patient.gender,
    })
    .from(patient)
    .where(eq(patient.id, demo.patients.maria))
    .limit(1);
  if (!visit || !maria) return;
  const xml = outsideCcd(
    {
      firstName: maria.firstName,
      lastName: maria.lastName,
      dateOfBirth: String(maria.dateOfBirth),
      gender: maria.gender === 'FEMALE' || maria.gender === 'MALE' ? maria.gender : 'UNKNOWN',
      street: '1200 Gulf Shore Blvd N',
      city: 'Naples',
      state: 'FL',
      zip: '34102',
      phone: '+1-239-555-0142',
    },
    visit.dateOfService,
  );
  await attachClinicalDocument(tx, demo.practiceId, visit.externalId, {
    xml,
    source: 'Gulf Coast Community Hospital (Direct message)',
  });
};
