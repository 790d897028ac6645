// The heaviest patient the bench knows: one signed-in patient of a practice with a long record, so
// that every screen's first calls are timed where they cost the most (bench/screens.ts) and the
// browser can be timed against the same record. 200 visits (each with the practice's first provider
// and two consent forms), 5,000 messages with attachments, 300 items in every health-history list,
// 100 documents, 20 insurance policies, 50 care-team members, favourite pharmacies, and a clinical
// record in the amounts a decade at a busy practice leaves (results with their observations, vital
// signs, immunizations, notes, plan of care, goals, concerns, clinical documents).
// Every table is filled by one INSERT … SELECT over generate_series, run inside the database: the
// seed takes seconds on PGlite and PostgreSQL alike (row by row it took minutes).
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database';
import { patient, patientAddress, userAccount } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/passwords';

export interface HeavyPatient {
  patientId: number;
  userId: number;
  username: string;
  password: string;
}

/** What the heavy patient holds; bench/screens.ts prints it beside its figures. */
export const heavyAmounts = {
  visits: 200,
  consentsPerVisit: 2,
  messages: 5_000,
  historyItemsPerList: 300,
  prescriptions: 300,
  documents: 100,
  insurancePolicies: 20,
  careTeamMembers: 50,
  favoritePharmacies: 10,
  resultReports: 400,
  observationsPerResult: 6,
  vitalSignSets: 200,
  immunizations: 60,
  clinicalNotes: 200,
  carePlanItems: 100,
  careGoals: 30,
  healthConcerns: 40,
  clinicalDocuments: 50,
} as const;

const listSections = [
  'ALLERGIES',
  'MEDICATIONS',
  'PAST_MEDICAL_HISTORY',
  'FAMILY_HISTORY',
  'SURGICAL_HISTORY',
] as const;
const statusOf: Record<(typeof listSections)[number], string> = {
  ALLERGIES: 'KNOWN_PRESENT',
  MEDICATIONS: 'MEDICATION_COMMENCED',
  PAST_MEDICAL_HISTORY: 'KNOWN_PRESENT',
  FAMILY_HISTORY: 'KNOWN_PRESENT',
  SURGICAL_HISTORY: 'PERFORMED',
};

export const heavyCredentials = { username: 'heavy.patient', password: 'HeavyPatient123!' } as const;

/** Creates the heavy patient in `practiceId` (whose first provider and consent forms it uses). */
export async function givenHeavyPatient(db: Db, practiceId: number): Promise<HeavyPatient> {
  const a = heavyAmounts;
  const tag = `HEAVY-${Date.now()}`;
  const [person] = await db
    .insert(patient)
    .values({
      practiceId,
      externalId: tag,
      firstName: 'Hilda',
      lastName: 'Heavy',
      dateOfBirth: '1951-03-14',
      gender: 'FEMALE',
      directAddress: 'hilda.heavy@direct.dermis-demo.org',
      directServiceEnabled: true,
      firstTimeSetupComplete: true,
      // The Health Information page asks for the FHIR invite code only of a patient with permission.
      hasFhirPermission: true,
      patientFhirInvite: true,
    })
    .returning({ id: patient.id });
  const patientId = person!.id;
  const { username, password } = heavyCredentials;
  const [account] = await db
    .insert(userAccount)
    .values({ practiceId, patientId, username, passwordHash: await hashPassword(password) })
    .returning({ id: userAccount.id });
  const userId = account!.id;
  // A home address: the Pharmacies page looks for pharmacies near its ZIP.
  await db.insert(patientAddress).values({
    patientId,
    addressLine1: '1 Heavy Way',
    city: 'Naples',
    state: 'FLORIDA',
    zipCode: '34102',
  });
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  const day = sql`interval '1 day'`;

  // Visits: alternately past and upcoming, spread over years, each with the first provider and the
  // practice's first two consent forms.
  await run(sql`
    INSERT INTO encounter (practice_id, patient_id, external_id, date_of_service, history_finished,
      education_text)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-ENC-' || g,
      now() + (CASE WHEN g % 2 = 0 THEN -1 ELSE 1 END) * (10 + g * 9) * ${day}, true,
      repeat('Visit education text. ', 10)
    FROM generate_series(1, ${a.visits}::int) g`);
  await run(sql`
    INSERT INTO encounter_role (encounter_id, provider_id)
    SELECT e.id, d.id FROM encounter e,
      (SELECT id FROM provider WHERE practice_id = ${practiceId} ORDER BY id LIMIT 1) d
    WHERE e.patient_id = ${patientId}`);
  await run(sql`
    INSERT INTO consent (practice_id, patient_id, encounter_id, consent_profile_id, external_id)
    SELECT ${practiceId}, ${patientId}, e.id, c.id, ${tag} || '-CONSENT-' || e.id || '-' || c.id
    FROM encounter e,
      (SELECT id FROM consent_profile WHERE practice_id = ${practiceId} ORDER BY id
       LIMIT ${a.consentsPerVisit}) c
    WHERE e.patient_id = ${patientId}`);

  // Messages: four in five received (every tenth unread), the rest sent; one a minute back in time,
  // each with an attachment, every tenth with a second.
  await run(sql`
    INSERT INTO direct_message (practice_id, patient_id, folder, from_address, from_name, to_address,
      subject, content, message_was_read, status, message_key, date_sent, date_modified)
    SELECT ${practiceId}, ${patientId}, CASE WHEN g % 5 = 0 THEN 'SENT' ELSE 'INBOX' END,
      'frontdesk@direct.dermis-demo.org', 'Front desk', 'hilda.heavy@direct.dermis-demo.org',
      'Message ' || g || ' about your care', repeat('Body text of a message. ', 20), g % 10 <> 1,
      'DELIVERED', ${tag} || '-' || g || '@direct.dermis-demo.org', now() - g * interval '1 minute', now()
    FROM generate_series(1, ${a.messages}::int) g`);
  await run(sql`
    INSERT INTO direct_message_attachment (patient_id, message_id, channel, s3_id, name, mime_type, size)
    SELECT ${patientId}, m.id, 'DIRECT_MESSAGING', md5(m.id::text || '-' || n),
      'attachment-' || n || '.pdf', 'application/pdf', 120000 + n
    FROM direct_message m, generate_series(1, 2) n
    WHERE m.patient_id = ${patientId} AND (n = 1 OR m.id % 10 = 0)`);

  // Health history: every list section, plus the structured prescriptions beside the medications.
  for (const section of listSections)
    await run(sql`
      INSERT INTO history_item (practice_id, patient_id, section, code, name, status, duplicate_key,
        external_id)
      SELECT ${practiceId}, ${patientId}, ${section}, 'BENCH-' || g, ${section} || ' item ' || g,
        ${statusOf[section]}, 'bench-' || g, ${tag} || '-' || ${section} || '-' || g
      FROM generate_series(1, ${a.historyItemsPerList}::int) g`);
  await run(sql`
    INSERT INTO prescription (practice_id, patient_id, external_id, fdb_id, fdb_description, status,
      sig, date_written, prescriber_name)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-RX-' || g, 'FDB-' || g, 'Medication ' || g || ' 10 mg tablet',
      CASE WHEN g % 3 = 0 THEN 'INACTIVE' ELSE 'ACTIVE' END, 'Take one tablet daily',
      (now() - g * ${day})::date, 'Dr. Bench'
    FROM generate_series(1, ${a.prescriptions}::int) g`);

  // Documents, insurance, care team, the FHIR invite code, favourite pharmacies.
  await run(sql`
    INSERT INTO patient_document (practice_id, patient_id, external_id, name, file_name, mime_type,
      content_s3_id, content_length, owner_full_name, date_created)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-DOC-' || g, 'Document ' || g, 'document-' || g || '.pdf',
      'application/pdf', md5(${tag} || g), 250000, 'Front desk', now() - g * ${day}
    FROM generate_series(1, ${a.documents}::int) g`);
  await run(sql`
    WITH profile AS (
      INSERT INTO insurance_profile (practice_id, patient_id, external_id, name)
      VALUES (${practiceId}, ${patientId}, ${tag} || '-INS', 'Coverage') RETURNING id)
    INSERT INTO insurance_policy (profile_id, external_id, sort_order, name, valid_from, member_number,
      group_name, company_name, policy_type, relationship, city, state, zip, country)
    SELECT profile.id, 'POLICY-' || g, g, 'Policy ' || g, '2020-01-01', 'M' || (100000 + g), 'Group ' || g,
      'Insurer ' || g, CASE WHEN g = 1 THEN 'PRIMARY' ELSE 'SECONDARY' END, 'SELF', 'Naples', 'FL',
      '34102', 'UNITED_STATES'
    FROM profile, generate_series(1, ${a.insurancePolicies}::int) g`);
  await run(sql`
    INSERT INTO care_team_member (patient_id, position, default_referring_physician, name, npi,
      credential, specialty, addresses)
    SELECT ${patientId}, g, g = 1, 'Doctor ' || g, (1990000000 + g)::text, 'MD', 'Dermatology',
      jsonb_build_array(jsonb_build_object('streetAddressLn1', g || ' Main St', 'streetAddressLn2', null,
        'city', 'Naples', 'state', 'FL', 'zip', '34102', 'country', 'UNITED_STATES'))
    FROM generate_series(1, ${a.careTeamMembers}::int) g`);
  await run(sql`
    INSERT INTO fhir_invite (patient_id, code)
    SELECT ${patientId}, upper(substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4))
    FROM md5(${tag}) h`);
  await run(sql`
    INSERT INTO favorite_pharmacy (patient_id, pharmacy_id)
    SELECT ${patientId}, id FROM pharmacy WHERE active ORDER BY id LIMIT ${a.favoritePharmacies}`);

  // The clinical record, each item on a visit (round robin) and released long ago.
  const encounterOf = (g: ReturnType<typeof sql>) => sql`(
    SELECT id FROM encounter WHERE patient_id = ${patientId}
    ORDER BY id OFFSET (${g}) % ${a.visits} LIMIT 1)`;
  const provenance = sql`'Dr. Bench', 'Dermis Bench Clinic', now() - g * ${day}`;
  await run(sql`
    INSERT INTO result_report (practice_id, patient_id, external_id, encounter_id, category, code, name,
      status, effective_at, issued_at, released_at, notified_version, narrative, author_name,
      author_organization, recorded_at)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-RES-' || g, ${encounterOf(sql`g`)},
      CASE WHEN g % 10 = 0 THEN 'pathology' ELSE 'lab' END, '24323-8', 'Comprehensive metabolic panel ' || g,
      'final', now() - g * ${day}, now() - g * ${day}, now() - g * ${day}, 1,
      CASE WHEN g % 10 = 0 THEN 'Benign compound nevus; margins clear.' END, ${provenance}
    FROM generate_series(1, ${a.resultReports}::int) g`);
  await run(sql`
    INSERT INTO result_report_status (report_id, version, status, issued_at)
    SELECT id, 1, 'final', issued_at FROM result_report WHERE patient_id = ${patientId}`);
  await run(sql`
    INSERT INTO result_observation (report_id, position, code, name, value_numeric, unit, reference_low,
      reference_high, interpretation)
    SELECT r.id, n, '2345-' || n, 'Analyte ' || n, 80 + n * 3, 'mg/dL', 70, 110,
      CASE WHEN n = 6 THEN 'H' ELSE 'N' END
    FROM result_report r, generate_series(1, ${a.observationsPerResult}::int) n
    WHERE r.patient_id = ${patientId}`);
  await run(sql`
    INSERT INTO vital_sign_set (practice_id, patient_id, external_id, encounter_id, effective_at,
      author_name, author_organization, recorded_at)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-VS-' || g, ${encounterOf(sql`g`)}, now() - g * ${day},
      ${provenance}
    FROM generate_series(1, ${a.vitalSignSets}::int) g`);
  await run(sql`
    INSERT INTO vital_sign (set_id, code, value, unit)
    SELECT s.id, v.code, v.value, v.unit FROM vital_sign_set s,
      (VALUES ('8480-6', 120, 'mm[Hg]'), ('8462-4', 80, 'mm[Hg]'), ('8867-4', 70, '/min'),
        ('8310-5', 36.8, 'Cel'), ('29463-7', 68, 'kg'), ('59408-5', 98, '%')) v(code, value, unit)
    WHERE s.patient_id = ${patientId}`);
  await run(sql`
    INSERT INTO immunization (practice_id, patient_id, external_id, cvx_code, vaccine_name, occurred_at,
      status, lot_number, author_name, author_organization, recorded_at)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-IMM-' || g, '141', 'Influenza, seasonal, injectable',
      now() - g * 60 * ${day}, 'completed', 'LOT' || g, ${provenance}
    FROM generate_series(1, ${a.immunizations}::int) g`);
  await run(sql`
    INSERT INTO clinical_note (practice_id, patient_id, external_id, encounter_id, note_type_code,
      note_type_name, title, text, authored_at, author_name, author_organization, recorded_at)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-NOTE-' || g, ${encounterOf(sql`g`)}, '11506-3',
      'Progress note', 'Progress note ' || g, repeat('Assessment and plan. ', 40), now() - g * ${day},
      ${provenance}
    FROM generate_series(1, ${a.clinicalNotes}::int) g`);
  await run(sql`
    INSERT INTO care_plan_item (practice_id, patient_id, external_id, kind, description, planned_at,
      status, author_name, author_organization, recorded_at)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-PLAN-' || g, 'visit', 'Follow-up visit ' || g,
      now() + g * ${day}, CASE WHEN g % 4 = 0 THEN 'completed' ELSE 'active' END, ${provenance}
    FROM generate_series(1, ${a.carePlanItems}::int) g`);
  await run(sql`
    INSERT INTO care_goal (practice_id, patient_id, external_id, description, status, author_name,
      author_organization, recorded_at)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-GOAL-' || g, 'Goal ' || g, 'active', ${provenance}
    FROM generate_series(1, ${a.careGoals}::int) g`);
  await run(sql`
    INSERT INTO health_concern (practice_id, patient_id, external_id, description, status, author_name,
      author_organization, recorded_at)
    SELECT ${practiceId}, ${patientId}, ${tag} || '-CONCERN-' || g, 'Concern ' || g, 'active', ${provenance}
    FROM generate_series(1, ${a.healthConcerns}::int) g`);
  await run(sql`
    INSERT INTO clinical_document (practice_id, patient_id, encounter_id, title, xml, source)
    SELECT ${practiceId}, ${patientId}, e.id, 'Visit summary ' || e.id,
      '<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Visit summary</title></ClinicalDocument>', 'bench'
    FROM (SELECT id FROM encounter WHERE patient_id = ${patientId} ORDER BY id
          LIMIT ${a.clinicalDocuments}) e`);
  return { patientId, userId, username, password };
}
