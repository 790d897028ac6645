/**
 * loadHealthRecord on the demo practice and on a record written for the test: demographics with
 * granular race codes, every list, negatives, and the encounters of the range only.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  careTeamMember,
  clinic,
  encounter,
  encounterRole,
  historyItem,
  patient,
  patientAddress,
  patientContact,
  patientProfile,
  prescription,
  provider,
  userAccount,
} from '../../db/schema';
import { demoAccounts } from '../../demo/demo-accounts';
import { seedDemo } from '../../demo/seed';
import { describeEachDatabase } from '../../test/database';
import { givenPatient, givenPractice } from '../../test/fixtures';
import {
  HealthRecordNotFoundError,
  loadHealthRecord,
  loadRecordDemographics,
  loadServedEncounterIds,
} from './health-record';

const day = 24 * 60 * 60 * 1000;

describeEachDatabase('health record', (t) => {
  it("reads the demo patient's whole record, with the encounters of the range", async () => {
    await seedDemo(t.db);
    const [account] = await t.db
      .select({ patientId: userAccount.patientId })
      .from(userAccount)
      .where(eq(userAccount.username, demoAccounts.patient.username));
    const patientId = account!.patientId;

    // No end: the record still stops at now, so Maria's upcoming visits are not in it.
    const record = await loadHealthRecord(t.db, patientId, { start: new Date(Date.now() - 365 * day) });
    expect(record.patient.name).toMatchObject({ given: ['Maria', 'Isabel'] });
    expect(record.patient.races).toEqual([{ code: '2106-3', display: 'White', ombGroup: null }]);
    expect(record.patient.ethnicities.map((e) => e.code)).toEqual(['2135-2']);
    expect(record.patient.preferredLanguage).toEqual({ code: 'en', name: 'English' });
    expect(record.patient.maritalStatus).toMatchObject({ code: 'M', system: 'HL7_MARITAL_STATUS' });
    expect(record.patient.addresses[0]).toMatchObject({ city: 'Naples', state: 'FL', country: 'US' });
    expect(record.patient.telecoms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ system: 'EMAIL', value: 'maria.lopez@example.com' }),
        expect.objectContaining({ system: 'PHONE', use: 'HOME', value: '(239) 555-0142' }),
      ]),
    );
    expect(record.practice).toMatchObject({ name: 'Sunshine Dermatology' });
    expect(record.practice.address).toMatchObject({ city: 'Naples', state: 'FL' });

    expect(record.careTeam).toHaveLength(3);
    expect(record.careTeam[0]).toMatchObject({ position: 1, referringPhysician: true });
    expect(record.careTeam.every((m) => m.npi && /^\d{10}$/.test(m.npi))).toBe(true);
    expect(record.careTeam[1]?.specialty).toMatchObject({ code: '207N00000X', system: 'NUCC_TAXONOMY' });
    expect(record.careTeam[1]?.name).toMatchObject({ prefix: 'Dr.', given: ['Olivia'], family: 'Bennett' });

    expect(record.allergies.map((a) => [a.allergen.code, a.allergen.system])).toEqual([
      ['7984', 'RXNORM'],
      ['111088007', 'SNOMED_CT'],
    ]);
    expect(record.allergies[0]?.reactions.map((r) => r.text)).toEqual(['Hives', 'Rash']);
    expect(record.allergiesNegative).toBeNull();

    const meds = record.medications.map((m) => [m.drug.display, m.source, m.status]);
    expect(meds).toEqual([
      ['Methotrexate', 'HISTORY', 'ACTIVE'],
      ['Doxycycline', 'HISTORY', 'ACTIVE'],
      // Prescriptions newest written first.
      ['Hydrocortisone 10 MG/ML Topical Cream', 'PRESCRIPTION', 'ACTIVE'],
      ['Methotrexate 10 MG Oral Tablet', 'PRESCRIPTION', 'ACTIVE'],
      ['Isotretinoin', 'HISTORY', 'DISCONTINUED'],
      ['Doxycycline Monohydrate 50 MG Oral Tablet', 'PRESCRIPTION', 'INACTIVE'],
    ]);
    const isotretinoin = record.medications.find((m) => m.drug.code === '6064');
    expect(isotretinoin?.discontinuationReason).toMatchObject({ code: '182864000', system: 'SNOMED_CT' });

    expect(record.problems.map((p) => p.problem.display)).toEqual(['Psoriasis', 'Asthma']);
    expect(record.procedures.map((p) => p.procedure.code)).toEqual(['35646002', '38102005']);
    expect(record.familyHistory[0]?.relatives.map((r) => r.display)).toEqual([
      'Mother',
      'Maternal grandfather',
    ]);
    expect(record.socialHistory.smokingStatus?.value).toEqual({
      code: '8517006',
      system: 'SNOMED_CT',
      display: 'Former smoker',
    });
    expect(record.socialHistory.drugUse[0]?.value.system).toBe('LOCAL');
    expect(record.socialHistory.exposures).toHaveLength(2);

    // Maria's visits of the past year (the health-information demo adds two older ones), oldest first.
    expect(record.encounters).toHaveLength(3);
    const latest = record.encounters.at(-1);
    expect(latest?.providers[0]?.displayName).toBe('Olivia Bennett, MD');
    expect(latest?.location?.name).toBe('Sunshine Dermatology – Naples');
    const dates = record.encounters.map((e) => e.dateOfService.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));

    // A range that ended before the visits and before the allergies were recorded holds neither;
    // family history is the record as it stands, whatever the range (decision 225).
    const before = await loadHealthRecord(t.db, patientId, {
      start: new Date(Date.now() - 365 * day),
      end: new Date(Date.now() - 300 * day),
    });
    expect(before.encounters).toEqual([]);
    expect(before.allergies).toEqual([]);
    expect(before.familyHistory).toEqual(record.familyHistory);
  });

  it('keeps granular race and ethnicity codes, negatives, and the range bounds', async () => {
    const practiceId = await givenPractice(t.db, 'Granular Practice');
    const [c] = await t.db
      .insert(clinic)
      .values({
        practiceId,
        name: 'Main',
        addressLine1: '1 Main St',
        city: 'Miami',
        state: 'FL',
        zipCode: '33101',
      })
      .returning();
    const patientId = await givenPatient(t.db, practiceId, { firstName: 'Ana', lastName: 'Kalani' });
    await t.db.insert(patientProfile).values({
      patientId,
      races: ['2076-8', '2079-2', '2028-9', '2036-2'],
      ethnicities: ['2135-2', '2148-5'],
      preferredLanguageIsoCode: 'haw',
    });
    await t.db.insert(patientAddress).values({
      patientId,
      addressLine1: '10 Rue Principale',
      city: 'Montréal',
      state: 'QUEBEC',
      zipCode: 'H2X 1Y4',
      country: 'CANADA',
    });
    await t.db.insert(patientContact).values([
      { patientId, type: 'WORK_PHONE', value: '239-555-0100', position: 0 },
      { patientId, type: 'WORK_PHONE_EXT', value: '42', position: 1 },
      { patientId, type: 'US_MAIL', value: 'yes', position: 2 },
    ]);
    await t.db.insert(historyItem).values([
      {
        practiceId,
        patientId,
        section: 'ALLERGIES',
        specialType: 'DENIES',
        code: '716186003',
        name: 'No known allergies',
        status: 'KNOWN_PRESENT',
      },
      {
        practiceId,
        patientId,
        section: 'MEDICATIONS',
        specialType: 'UNKNOWN',
        code: '_unknown_MEDICATIONS',
        name: 'Unknown',
        status: 'MEDICATION_COMMENCED',
      },
    ]);
    await t.db.insert(careTeamMember).values({ patientId, position: 1, name: 'Dr. Ann Lee Jr.', npi: null });
    const [pr] = await t.db
      .insert(provider)
      .values({ practiceId, clinicId: c!.id, firstName: 'Sam', lastName: 'Ito', credentials: null })
      .returning();
    const at = (iso: string) => new Date(iso);
    for (const [externalId, when] of [
      ['E0', '2026-01-31T23:59:59Z'],
      ['E1', '2026-02-01T00:00:00Z'],
      ['E2', '2026-02-28T23:59:59Z'],
      ['E3', '2026-03-01T00:00:00Z'],
    ] as const) {
      const [e] = await t.db
        .insert(encounter)
        .values({ practiceId, patientId, externalId, clinicId: c!.id, dateOfService: at(when) })
        .returning();
      await t.db.insert(encounterRole).values({ encounterId: e!.id, providerId: pr!.id });
    }
    await t.db.insert(prescription).values({
      practiceId,
      patientId,
      externalId: 'RX',
      fdbId: '105586',
      fdbDescription: 'Methotrexate 10 MG Oral Tablet',
      status: 'INACTIVE',
    });

    const record = await loadHealthRecord(t.db, patientId, {
      start: at('2026-02-01T00:00:00Z'),
      end: at('2026-03-01T00:00:00Z'),
    });
    expect(record.patient.races).toEqual([
      { code: '2076-8', display: 'Native Hawaiian or Other Pacific Islander', ombGroup: null },
      { code: '2028-9', display: 'Asian', ombGroup: null },
      { code: '2079-2', display: 'Native Hawaiian', ombGroup: '2076-8' },
      { code: '2036-2', display: 'Filipino', ombGroup: '2028-9' },
    ]);
    expect(record.patient.ethnicities.map((e) => [e.code, e.ombGroup])).toEqual([
      ['2135-2', null],
      ['2148-5', '2135-2'],
    ]);
    expect(record.patient.preferredLanguage).toEqual({ code: 'haw', name: 'Hawaiian' });
    expect(record.patient.addresses[0]).toMatchObject({ state: 'QC', country: 'CA', city: 'Montréal' });
    expect(record.patient.telecoms).toEqual([
      { system: 'PHONE', use: 'WORK', value: '239-555-0100', extension: '42' },
    ]);
    expect(record.careTeam[0]?.name).toEqual({ prefix: 'Dr.', given: ['Ann'], family: 'Lee', suffix: 'Jr.' });
    expect(record.allergies).toEqual([]);
    expect(record.allergiesNegative).toBe('DENIES');
    expect(record.medicationsNegative).toBe('UNKNOWN');
    // The ended prescription has no dates and was recorded after the range: not in it.
    expect(record.medications).toEqual([]);
    expect(record.problemsNegative).toBeNull();
    expect(record.socialHistory.smokingStatus).toBeNull();
    expect(record.encounters.map((e) => e.externalId)).toEqual(['E1', 'E2']);
    expect(record.encounters[0]?.providers[0]?.displayName).toBe('Sam Ito');

    const open = await loadHealthRecord(t.db, patientId, { start: at('2026-02-01T00:00:00Z') });
    expect(open.encounters.map((e) => e.externalId)).toEqual(['E1', 'E2', 'E3']);
    expect(open.medications.map((m) => m.status)).toEqual(['INACTIVE']);
  });

  it('reads the demographics and the served visits alone as the whole record has them, for every demo patient', async () => {
    await seedDemo(t.db);
    const patients = await t.db.select({ id: patient.id, dateOfBirth: patient.dateOfBirth }).from(patient);
    expect(patients.length).toBeGreaterThan(1);
    for (const { id, dateOfBirth } of patients) {
      const range = { start: new Date(`${dateOfBirth}T00:00:00Z`) };
      const record = await loadHealthRecord(t.db, id, range);
      expect(await loadRecordDemographics(t.db, id)).toEqual({
        patient: record.patient,
        practice: record.practice,
      });
      expect(await loadServedEncounterIds(t.db, id, range)).toEqual(record.encounters.map((e) => e.id));
    }
  });

  it('refuses an unknown patient', async () => {
    await expect(loadHealthRecord(t.db, 987654, { start: new Date(0) })).rejects.toBeInstanceOf(
      HealthRecordNotFoundError,
    );
    await expect(loadRecordDemographics(t.db, 987654)).rejects.toBeInstanceOf(HealthRecordNotFoundError);
  });
});
