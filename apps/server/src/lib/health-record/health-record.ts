/**
 * The patient's health record as one plain value: what the C-CDA, the PDF and the health
 * information page are built from. `loadHealthRecord` reads the tables of the health history,
 * prescriptions, encounters, patient profile and care team directly (features do not import each
 * other); everything here is data, no formatting.
 *
 * Range (decision 225, record-extras.ts): every dated list keeps the entries whose time meets
 * [start, end): encounters and procedures by when they happened (never later than now: a booked
 * visit is an appointment, not care the record can summarise), allergies, problems and medications
 * by the span from when they began (or were recorded) to when they ended (now for one still going
 * on), payers by their validity. Family and social history and the care team are the record as it
 * stands (`undatedSections` names them; the documents say so).
 */
import {
  allergenType,
  caProvinces,
  codeDisplay,
  declinedEthnicityCode,
  declinedLanguage,
  declinedRaceCode,
  discontinuationReasons,
  familyRelations,
  findCountry,
  findEthnicity,
  findRace,
  languageList,
  languageOption,
  socialHistoryCategories,
  usStates,
  type ContactType,
  type Gender,
  type GenderIdentity,
  type SexualOrientation,
  type HistorySection,
  type SpecialType,
} from '@dermis/contract';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { groupBy } from '../group-by';
import {
  careTeamMember,
  clinic,
  encounter,
  encounterRole,
  historyItem,
  nppesProvider,
  patient,
  patientAddress,
  patientContact,
  patientProfile,
  practice,
  prescription,
  provider,
} from '../../db/schema';
import type {
  RecordCarePlan,
  RecordImmunization,
  RecordNote,
  RecordResult,
  RecordVitalSigns,
} from '../../features/health-information/clinical-record/clinical-record.repository';
import {
  coversRange,
  inRange,
  loadGuardians,
  loadPayers,
  type Guardian,
  type Payer,
  type RecordRange,
} from './record-extras';

export type { Guardian, Payer } from './record-extras';

// ---------------------------------------------------------------------------------------------
// The record

/** Code systems the record uses; the C-CDA maps each to its OID. */
export type CodeSystem =
  | 'SNOMED_CT'
  | 'RXNORM'
  | 'CDC_RACE_ETHNICITY'
  | 'HL7_ROLE_CODE'
  | 'HL7_MARITAL_STATUS'
  | 'MEDICATION_STATUS_REASON'
  | 'NUCC_TAXONOMY'
  /** This product's own codes (the "Other" reaction, "Does not misuse drugs"): no standard code exists. */
  | 'LOCAL';

export interface Coded {
  code: string;
  system: CodeSystem;
  display: string;
}

export interface PersonName {
  /** First name, then middle names. */
  given: string[];
  family: string;
  prefix: string | null;
  suffix: string | null;
}

export interface PostalAddress {
  lines: string[];
  city: string | null;
  /** USPS / Canada Post two-letter code where the stored state is one of the lists; else as stored. */
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2 where known; else as stored. */
  country: string | null;
  use: 'HOME' | 'WORK' | null;
}

export interface Telecom {
  system: 'PHONE' | 'FAX' | 'EMAIL' | 'URL';
  use: 'HOME' | 'WORK' | 'MOBILE' | null;
  /** As stored: a phone as the patient wrote it, an e-mail address, a web address. */
  value: string;
  /** Work phone extension digits. */
  extension: string | null;
}

export interface RaceEthnicityCode {
  /** CDC Race & Ethnicity code (2.16.840.1.113883.6.238). */
  code: string;
  display: string;
  /** The OMB group the code sits under; null when the code is itself an OMB group. */
  ombGroup: string | null;
}

/** A list section's own answer when it holds no entry: the patient denied any, or does not know. */
export type NegativeAnswer = SpecialType | null;

export interface Practitioner {
  name: PersonName;
  /** The full name as one string ("Dr. Olivia Bennett"). */
  displayName: string;
  npi: string | null;
  credential: string | null;
  /** NUCC taxonomy of the specialty, where known. */
  specialty: Coded | null;
  specialtyText: string | null;
  address: PostalAddress | null;
  phone: string | null;
}

export interface CareTeamMember extends Practitioner {
  /** The care-team entry's own id (the FHIR API names the member's resources by it). */
  id: number;
  position: number;
  referringPhysician: boolean;
}

/**
 * Who put an entry in the record and when (C-CDA Author Participation): the patient through the
 * portal, the practice's clinic system, or the prescriber of a prescription. Always for the practice.
 */
export interface EntryAuthor {
  time: Date;
  kind: 'PATIENT' | 'PRACTICE' | 'PRESCRIBER';
  /** The prescriber's name as the prescription gives it. */
  name: string | null;
  /** The prescriber's NPI, when the clinic sent it. */
  npi?: string | null;
  /** The prescriber's NUCC taxonomy code, when known. */
  taxonomyCode?: string | null;
}

export interface Allergy {
  id: number;
  /** RxNorm for a drug ingredient, SNOMED CT for classes, foods and other substances. */
  allergen: Coded;
  /** allergenType of the terminology contract (1 drug, 2 drug class, 3 food, 4 environmental, 5 other). */
  allergenKind: 'DRUG' | 'DRUG_CLASS' | 'FOOD' | 'ENVIRONMENTAL' | 'OTHER';
  reactions: { reaction: Coded; text: string }[];
  /** Every stored allergy is a known, present one. */
  status: 'ACTIVE';
  /** As the clinic assessed it; null when not assessed (the patient's own entries). */
  criticality: 'low' | 'high' | 'unable-to-assess' | null;
  recordedAt: Date;
  enteredByClinic: boolean;
  author: EntryAuthor;
}

export type MedicationStatus = 'ACTIVE' | 'DISCONTINUED' | 'INACTIVE';

export interface Medication {
  /** `history-{id}` or `prescription-{id}`: stable within the record. */
  key: string;
  /** HISTORY: the patient's (or clinic's) medication list; PRESCRIPTION: the clinic's prescriptions. */
  source: 'HISTORY' | 'PRESCRIPTION';
  /** RxNorm (RXCUI). */
  drug: Coded;
  /** RxNorm term type (IN, SCD, ...) or '' when unknown. */
  termType: string;
  /** ACTIVE; DISCONTINUED: a list entry the patient stopped (with its reason); INACTIVE: a prescription that ended. */
  status: MedicationStatus;
  discontinuationReason: Coded | null;
  instructions: string | null;
  /** YYYY-MM-DD */
  startDate: string | null;
  /** YYYY-MM-DD */
  endDate: string | null;
  prescriber: string | null;
  recordedAt: Date;
  author: EntryAuthor;
  /** The structured sig a prescription may carry: dose (UCUM unit), route (NCI Thesaurus), period. */
  dose?: { value: number; unit: string | null } | null;
  route?: { code: string; display: string } | null;
  frequency?: { value: number; unit: 'h' | 'd' | 'wk' | 'mo'; text: string | null } | null;
}

export interface Problem {
  id: number;
  problem: Coded;
  status: 'ACTIVE';
  recordedAt: Date;
  enteredByClinic: boolean;
  author: EntryAuthor;
}

export interface Procedure {
  id: number;
  procedure: Coded;
  status: 'COMPLETED';
  recordedAt: Date;
  enteredByClinic: boolean;
  author: EntryAuthor;
}

export interface FamilyHistoryEntry {
  id: number;
  condition: Coded;
  /** HL7 RoleCode; "Other" relatives do not exist in the list, every relative is coded. */
  relatives: Coded[];
  recordedAt: Date;
  enteredByClinic: boolean;
  author: EntryAuthor;
}

export interface SocialHistoryObservation {
  id: number;
  value: Coded;
  recordedAt: Date;
  enteredByClinic: boolean;
  author: EntryAuthor;
}

export interface SocialHistory {
  /** The smoking status (one at most); null when the patient gave none. */
  smokingStatus: SocialHistoryObservation | null;
  alcohol: SocialHistoryObservation[];
  drugUse: SocialHistoryObservation[];
  exposures: SocialHistoryObservation[];
}

export interface EncounterProvider {
  /** The practice's provider id. */
  id: number;
  name: PersonName;
  displayName: string;
  credentials: string | null;
}

export interface Encounter {
  id: number;
  externalId: string;
  dateOfService: Date;
  durationMinutes: number;
  location: { id: number; name: string; address: PostalAddress | null; phone: string | null } | null;
  providers: EncounterProvider[];
  /** The education text the clinic gave at the visit. */
  educationText: string | null;
}

/** The sections that are the record as it stands, whatever the range (decision 225). */
export const undatedSections = ['FAMILY_HISTORY', 'SOCIAL_HISTORY'] as const;

export interface HealthRecord {
  range: { start: Date; end: Date | null };
  /** When the record was read: the end of an open range. */
  readAt: Date;
  patient: {
    id: number;
    externalId: string;
    name: PersonName;
    previousName: string | null;
    /** YYYY-MM-DD */
    dateOfBirth: string;
    gender: Gender;
    deceased: boolean;
    /** OMB groups and detailed codes, groups first; empty when not given or declined. */
    races: RaceEthnicityCode[];
    raceDeclined: boolean;
    ethnicities: RaceEthnicityCode[];
    ethnicityDeclined: boolean;
    /** BCP 47 / ISO 639 code as the profile stores it (e.g. "en", "haw"). */
    preferredLanguage: { code: string; name: string } | null;
    languageDeclined: boolean;
    maritalStatus: Coded | null;
    addresses: PostalAddress[];
    telecoms: Telecom[];
    /** Sex assigned at birth; null when not known. */
    /** F or M; UNK when the patient was asked and it is unknown; null when never given. */
    birthSex: 'F' | 'M' | 'UNK' | null;
    /** As the patient chose it on the profile; null when not given. */
    genderIdentity: { value: GenderIdentity; other: string | null } | null;
    sexualOrientation: { value: SexualOrientation; other: string | null } | null;
  };
  /** A minor's responsible persons; empty for an adult. */
  guardians: Guardian[];
  /** The insurance policies whose validity meets the range. */
  payers: Payer[];
  practice: {
    id: number;
    name: string;
    /** The practice's organisation NPI, when known. */
    npi: string | null;
    phone: string | null;
    /** The practice's first clinic's address (the custodian's address). */
    address: PostalAddress | null;
  };
  careTeam: CareTeamMember[];
  allergies: Allergy[];
  allergiesNegative: NegativeAnswer;
  /** Active first, then discontinued / inactive; list entries before prescriptions. */
  medications: Medication[];
  medicationsNegative: NegativeAnswer;
  problems: Problem[];
  problemsNegative: NegativeAnswer;
  procedures: Procedure[];
  proceduresNegative: NegativeAnswer;
  familyHistory: FamilyHistoryEntry[];
  familyHistoryNegative: NegativeAnswer;
  socialHistory: SocialHistory;
  /** In the range, oldest first. */
  encounters: Encounter[];
  /**
   * What the clinic recorded in the range (results, vital signs, immunizations, notes, and the plan
   * of treatment with its goals and health concerns); absent when not read.
   */
  clinical?: {
    results: RecordResult[];
    vitalSigns: RecordVitalSigns[];
    immunizations: RecordImmunization[];
    notes: RecordNote[];
    carePlan: RecordCarePlan;
  };
}

export class HealthRecordNotFoundError extends Error {
  constructor(patientId: number) {
    super(`no patient ${patientId}`);
    this.name = 'HealthRecordNotFoundError';
  }
}

// ---------------------------------------------------------------------------------------------
// Loading

/**
 * The record of `patientId` with the encounters whose date of service is in [range.start, range.end)
 * and not in the future. Throws HealthRecordNotFoundError when the patient does not exist.
 */
export async function loadHealthRecord(
  db: Db,
  patientId: number,
  range: { start: Date; end?: Date },
): Promise<HealthRecord> {
  const person = await loadPerson(db, patientId);
  if (!person) throw new HealthRecordNotFoundError(patientId);
  const generatedAt = new Date();
  const p = person.patient;

  const [addresses, contacts, clinics, team, items, prescriptions, encounters] = await Promise.all([
    loadAddresses(db, patientId),
    loadContacts(db, patientId),
    loadClinics(db, p.practiceId),
    db
      .select({ member: careTeamMember, taxonomy: nppesProvider.primaryTaxonomy, phone: nppesProvider.phone })
      .from(careTeamMember)
      .leftJoin(nppesProvider, eq(nppesProvider.npi, careTeamMember.npi))
      .where(eq(careTeamMember.patientId, patientId))
      .orderBy(asc(careTeamMember.position)),
    db
      .select()
      .from(historyItem)
      .where(eq(historyItem.patientId, patientId))
      .orderBy(asc(historyItem.section), asc(historyItem.id)),
    db
      .select()
      .from(prescription)
      .where(eq(prescription.patientId, patientId))
      .orderBy(
        asc(prescription.status),
        sql`${prescription.dateWritten} DESC NULLS LAST`,
        asc(prescription.id),
      ),
    db
      .select()
      .from(encounter)
      .where(servedEncounters(patientId, range, generatedAt))
      .orderBy(asc(encounter.dateOfService), asc(encounter.id)),
  ]);

  const span: RecordRange = {
    start: range.start,
    end: range.end && range.end < generatedAt ? range.end : generatedAt,
  };
  const [guardians, payers] = await Promise.all([
    loadGuardians(
      db,
      patientId,
      p.dateOfBirth,
      generatedAt,
      (a) => postalAddress([a.addressLine1, a.addressLine2], a.city, a.state, a.zipCode, a.country, 'HOME'),
      telecomsOf,
    ),
    loadPayers(db, patientId, span),
  ]);
  const authorOf = (item: { createdAt: Date; externalId: string | null }): EntryAuthor => ({
    time: item.createdAt,
    kind: item.externalId !== null ? 'PRACTICE' : 'PATIENT',
    name: null,
  });
  const dateAt = (day: string) => new Date(`${day}T00:00:00Z`);

  const encounterIds = encounters.map((e) => e.id);
  const roles =
    encounterIds.length === 0
      ? []
      : await db
          .select({ encounterId: encounterRole.encounterId, provider })
          .from(encounterRole)
          .innerJoin(provider, eq(provider.id, encounterRole.providerId))
          .where(inArray(encounterRole.encounterId, encounterIds))
          .orderBy(asc(encounterRole.position), asc(encounterRole.id));
  const clinicById = new Map(clinics.map((c) => [c.id, c]));
  const rolesOf = groupBy(roles, (r) => r.encounterId);

  const bySection = (section: HistorySection) => items.filter((i) => i.section === section);
  const real = (section: HistorySection) => bySection(section).filter((i) => !i.specialType);
  const negative = (section: HistorySection): NegativeAnswer => {
    const list = bySection(section);
    if (list.some((i) => !i.specialType && i.active)) return null;
    return list.find((i) => i.specialType)?.specialType ?? null;
  };

  const demographics = demographicsOf(person, addresses, contacts, clinics, bySection('MARITAL'));

  return {
    range: { start: range.start, end: range.end ?? null },
    readAt: generatedAt,
    patient: demographics.patient,
    guardians,
    payers,
    practice: demographics.practice,
    careTeam: team.map(({ member, taxonomy, phone }) => {
      const address = member.addresses[0];
      return {
        id: member.id,
        position: member.position,
        referringPhysician: member.defaultReferringPhysician,
        name: splitName(member.name),
        displayName: member.name,
        npi: member.npi,
        credential: member.credential,
        specialty: taxonomy
          ? { code: taxonomy, system: 'NUCC_TAXONOMY', display: member.specialty ?? taxonomy }
          : null,
        specialtyText: member.specialty,
        address: address
          ? postalAddress(
              [address.streetAddressLn1, address.streetAddressLn2],
              address.city,
              address.state,
              address.zip,
              address.country,
              'WORK',
            )
          : null,
        phone: phone && phone.trim() !== '' ? phone.trim() : null,
      };
    }),
    allergies: real('ALLERGIES')
      .filter((i) => coversRange(span, i.createdAt, null))
      .map((i) => ({
        id: i.id,
        allergen: {
          code: i.code,
          system: Number(i.customValue) === allergenType.DRUG ? 'RXNORM' : 'SNOMED_CT',
          display: i.name,
        },
        allergenKind: allergenKindOf(i.customValue),
        reactions: i.details.map((d) => {
          const display = codeDisplay(d.code) ?? d.code;
          return {
            reaction: { code: d.code, system: d.code === 'OTHER' ? 'LOCAL' : 'SNOMED_CT', display },
            text: d.code === 'OTHER' && d.customValue ? d.customValue : display,
          };
        }),
        status: 'ACTIVE' as const,
        criticality: i.criticality,
        recordedAt: i.createdAt,
        enteredByClinic: i.externalId !== null,
        author: authorOf(i),
      })),
    allergiesNegative: negative('ALLERGIES'),
    medications: sortMedications([
      ...real('MEDICATIONS').map((i): Medication => ({
        key: `history-${i.id}`,
        source: 'HISTORY',
        drug: { code: i.code, system: 'RXNORM', display: i.name },
        termType: i.customValue ?? '',
        status: i.active ? 'ACTIVE' : 'DISCONTINUED',
        discontinuationReason: i.discontinuationReason ? reasonOf(i.discontinuationReason) : null,
        instructions: null,
        startDate: null,
        endDate: i.active ? null : dateOnly(i.updatedAt),
        prescriber: null,
        recordedAt: i.createdAt,
        author: authorOf(i),
      })),
      ...prescriptions.map((r): Medication => ({
        key: `prescription-${r.id}`,
        source: 'PRESCRIPTION',
        drug: { code: r.fdbId, system: 'RXNORM', display: r.fdbDescription },
        termType: r.fdbDrugType,
        status: r.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
        discontinuationReason: null,
        instructions: r.sig,
        startDate: r.dateWritten,
        endDate: r.dateInactive,
        prescriber: r.prescriberName,
        recordedAt: r.createdAt,
        author: {
          time: r.recordedAt ?? r.createdAt,
          kind: 'PRESCRIBER',
          name: r.prescriberName,
          npi: r.prescriberNpi,
          taxonomyCode: r.prescriberTaxonomyCode,
        },
        dose: r.doseQuantity !== null ? { value: r.doseQuantity, unit: r.doseUnit } : null,
        route: r.routeCode ? { code: r.routeCode, display: r.routeText ?? r.routeCode } : null,
        frequency:
          r.frequencyPeriodValue !== null && r.frequencyPeriodUnit
            ? { value: r.frequencyPeriodValue, unit: r.frequencyPeriodUnit, text: r.frequencyText }
            : null,
      })),
    ]).filter((m) =>
      coversRange(
        span,
        m.startDate ? dateAt(m.startDate) : m.recordedAt,
        m.endDate ? dateAt(m.endDate) : m.status === 'ACTIVE' ? null : m.recordedAt,
      ),
    ),
    medicationsNegative: negative('MEDICATIONS'),
    problems: real('PAST_MEDICAL_HISTORY')
      .filter((i) => coversRange(span, i.createdAt, null))
      .map((i) => ({
        id: i.id,
        problem: { code: i.code, system: 'SNOMED_CT', display: i.name },
        status: 'ACTIVE' as const,
        recordedAt: i.createdAt,
        enteredByClinic: i.externalId !== null,
        author: authorOf(i),
      })),
    problemsNegative: negative('PAST_MEDICAL_HISTORY'),
    procedures: real('SURGICAL_HISTORY')
      .filter((i) => inRange(span, i.createdAt))
      .map((i) => ({
        id: i.id,
        procedure: { code: i.code, system: 'SNOMED_CT', display: i.name },
        status: 'COMPLETED' as const,
        recordedAt: i.createdAt,
        enteredByClinic: i.externalId !== null,
        author: authorOf(i),
      })),
    proceduresNegative: negative('SURGICAL_HISTORY'),
    familyHistory: real('FAMILY_HISTORY').map((i) => ({
      id: i.id,
      condition: { code: i.code, system: 'SNOMED_CT', display: i.name },
      relatives: i.details.map((d) => ({
        code: d.code,
        system: 'HL7_ROLE_CODE' as const,
        display: relationDisplay.get(d.code) ?? d.code,
      })),
      recordedAt: i.createdAt,
      enteredByClinic: i.externalId !== null,
      author: authorOf(i),
    })),
    familyHistoryNegative: negative('FAMILY_HISTORY'),
    socialHistory: {
      smokingStatus: social(real('SMOKING'), 'SMOKING')[0] ?? null,
      alcohol: social(real('ALCOHOL'), 'ALCOHOL'),
      drugUse: social(bySection('DRUG'), 'DRUG'),
      exposures: social(real('EXPOSURE'), 'EXPOSURE'),
    },
    encounters: encounters.map((e) => {
      const place = e.clinicId ? clinicById.get(e.clinicId) : undefined;
      return {
        id: e.id,
        externalId: e.externalId,
        dateOfService: e.dateOfService,
        durationMinutes: e.durationMinutes,
        location: place
          ? {
              id: place.id,
              name: place.name,
              address: postalAddress(
                [place.addressLine1],
                place.city,
                place.state,
                place.zipCode,
                'US',
                'WORK',
              ),
              phone: place.phone,
            }
          : null,
        providers: (rolesOf.get(e.id) ?? []).map(({ provider: pr }) => ({
          id: pr.id,
          name: { given: [pr.firstName], family: pr.lastName, prefix: null, suffix: null },
          displayName: [`${pr.firstName} ${pr.lastName}`, pr.credentials].filter(Boolean).join(', '),
          credentials: pr.credentials,
        })),
        educationText: e.educationText,
      };
    }),
  };
}

/**
 * The patient's demographics and the practice, as `loadHealthRecord` gives them, without the rest of
 * the record: for a reader that serves only these (the FHIR Patient and Organization).
 */
export type RecordDemographics = Pick<HealthRecord, 'patient' | 'practice'>;

/** Throws HealthRecordNotFoundError when the patient does not exist. */
export async function loadRecordDemographics(db: Db, patientId: number): Promise<RecordDemographics> {
  const person = await loadPerson(db, patientId);
  if (!person) throw new HealthRecordNotFoundError(patientId);
  const [addresses, contacts, clinics, marital] = await Promise.all([
    loadAddresses(db, patientId),
    loadContacts(db, patientId),
    loadClinics(db, person.patient.practiceId),
    db
      .select()
      .from(historyItem)
      .where(and(eq(historyItem.patientId, patientId), eq(historyItem.section, 'MARITAL')))
      .orderBy(asc(historyItem.id)),
  ]);
  return demographicsOf(person, addresses, contacts, clinics, marital);
}

type Person = NonNullable<Awaited<ReturnType<typeof loadPerson>>>;

async function loadPerson(db: Db, patientId: number) {
  const [person] = await db
    .select({
      patient,
      profile: patientProfile,
      practiceName: practice.name,
      practicePhone: practice.phone,
      practiceNpi: practice.npi,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .leftJoin(patientProfile, eq(patientProfile.patientId, patient.id))
    .where(eq(patient.id, patientId))
    .limit(1);
  return person;
}

function loadAddresses(db: Db, patientId: number) {
  return db
    .select()
    .from(patientAddress)
    .where(and(eq(patientAddress.patientId, patientId), eq(patientAddress.active, true)))
    .orderBy(asc(patientAddress.position), asc(patientAddress.id));
}

function loadContacts(db: Db, patientId: number) {
  return db
    .select()
    .from(patientContact)
    .where(and(eq(patientContact.patientId, patientId), eq(patientContact.active, true)))
    .orderBy(asc(patientContact.position), asc(patientContact.id));
}

function loadClinics(db: Db, practiceId: number) {
  return db.select().from(clinic).where(eq(clinic.practiceId, practiceId)).orderBy(asc(clinic.id));
}

/** `maritalItems`: the patient's MARITAL history items, oldest first. */
function demographicsOf(
  person: Person,
  addresses: (typeof patientAddress.$inferSelect)[],
  contacts: (typeof patientContact.$inferSelect)[],
  clinics: (typeof clinic.$inferSelect)[],
  maritalItems: (typeof historyItem.$inferSelect)[],
): RecordDemographics {
  const p = person.patient;
  const profile = person.profile;
  const races = codesOf(profile?.races ?? [], 'race');
  const ethnicities = codesOf(profile?.ethnicities ?? [], 'ethnicity');
  const languageCode = profile?.preferredLanguageIsoCode ?? null;
  const languageDeclined = languageCode === languageOption(declinedLanguage).value;
  const marital = maritalItems.find((i) => !i.specialType && i.code !== 'UNK');
  const firstClinic = clinics[0];
  return {
    patient: {
      id: p.id,
      externalId: p.externalId,
      name: {
        given: [p.firstName, ...(profile?.middleName ? [profile.middleName] : [])],
        family: p.lastName,
        prefix: null,
        suffix: profile?.suffix ?? null,
      },
      previousName: profile?.previousName ?? null,
      dateOfBirth: p.dateOfBirth,
      gender: p.gender,
      deceased: p.deceased,
      races: races.codes,
      raceDeclined: races.declined,
      ethnicities: ethnicities.codes,
      ethnicityDeclined: ethnicities.declined,
      preferredLanguage: languageCode && !languageDeclined ? languageOf(languageCode) : null,
      languageDeclined,
      maritalStatus: marital
        ? {
            code: marital.code,
            system: 'HL7_MARITAL_STATUS',
            display: optionDisplay('MARITAL', marital.code),
          }
        : null,
      addresses: addresses.map((a) =>
        postalAddress([a.addressLine1, a.addressLine2], a.city, a.state, a.zipCode, a.country, 'HOME'),
      ),
      telecoms: telecomsOf(contacts),
      birthSex:
        profile?.birthSex === 'F' || profile?.birthSex === 'M' || profile?.birthSex === 'UNK'
          ? profile.birthSex
          : null,
      genderIdentity: profile?.genderIdentity
        ? { value: profile.genderIdentity, other: profile.genderIdentityOther }
        : null,
      sexualOrientation: profile?.sexualOrientation
        ? { value: profile.sexualOrientation, other: profile.sexualOrientationOther }
        : null,
    },
    practice: {
      id: p.practiceId,
      name: person.practiceName,
      npi: person.practiceNpi,
      phone: person.practicePhone ?? firstClinic?.phone ?? null,
      address: firstClinic
        ? postalAddress(
            [firstClinic.addressLine1],
            firstClinic.city,
            firstClinic.state,
            firstClinic.zipCode,
            'US',
            'WORK',
          )
        : null,
    },
  };
}

/**
 * The ids of the encounters `loadHealthRecord` would serve for the same range, by the same rule,
 * without reading the rest of the record: for a reader that only links entries to their visit.
 */
export async function loadServedEncounterIds(
  db: Db,
  patientId: number,
  range: { start: Date; end?: Date },
): Promise<number[]> {
  const rows = await db
    .select({ id: encounter.id })
    .from(encounter)
    .where(servedEncounters(patientId, range, new Date()))
    .orderBy(asc(encounter.dateOfService), asc(encounter.id));
  return rows.map((r) => r.id);
}

/** The encounters a record serves: of the patient, in [range.start, range.end), and not after `now`. */
function servedEncounters(patientId: number, range: { start: Date; end?: Date }, now: Date) {
  return and(
    eq(encounter.patientId, patientId),
    gte(encounter.dateOfService, range.start),
    lt(encounter.dateOfService, range.end && range.end < now ? range.end : now),
  );
}

// ---------------------------------------------------------------------------------------------
// Helpers

const relationDisplay = new Map<string, string>(
  [...familyRelations.PRIMARY, ...familyRelations.SECONDARY, ...familyRelations.TERTIARY].map((r) => [
    r.code,
    r.display,
  ]),
);

function optionDisplay(section: keyof typeof socialHistoryCategories, code: string): string {
  return socialHistoryCategories[section].options.find((o) => o.code === code)?.display ?? code;
}

function social(
  rows: { id: number; code: string; name: string; createdAt: Date; externalId: string | null }[],
  section: keyof typeof socialHistoryCategories,
): SocialHistoryObservation[] {
  return rows.map((r) => {
    const option = socialHistoryCategories[section].options.find((o) => o.code === r.code);
    const local = !option || option.system !== 'http://snomed.info/sct';
    return {
      id: r.id,
      value: { code: r.code, system: local ? 'LOCAL' : 'SNOMED_CT', display: option?.display ?? r.name },
      recordedAt: r.createdAt,
      enteredByClinic: r.externalId !== null,
      author: { time: r.createdAt, kind: r.externalId !== null ? 'PRACTICE' : 'PATIENT', name: null },
    };
  });
}

function reasonOf(code: string): Coded {
  const reason = discontinuationReasons.find((r) => r.code === code);
  const snomed = reason?.system === 'http://snomed.info/sct';
  return {
    code,
    system: snomed ? 'SNOMED_CT' : 'MEDICATION_STATUS_REASON',
    display: reason?.display ?? code,
  };
}

function allergenKindOf(typeInt: string | null): Allergy['allergenKind'] {
  switch (Number(typeInt)) {
    case allergenType.DRUG:
      return 'DRUG';
    case allergenType.DRUG_CLASS:
      return 'DRUG_CLASS';
    case allergenType.FOOD:
      return 'FOOD';
    case allergenType.ENVIRONMENTAL:
      return 'ENVIRONMENTAL';
    default:
      return 'OTHER';
  }
}

function sortMedications(list: Medication[]): Medication[] {
  const rank = (m: Medication) => (m.status === 'ACTIVE' ? 0 : 1);
  // Array.prototype.sort is stable: within a rank the order of the sources stays.
  return [...list].sort((a, b) => rank(a) - rank(b));
}

function codesOf(
  stored: readonly string[],
  kind: 'race' | 'ethnicity',
): { codes: RaceEthnicityCode[]; declined: boolean } {
  const declinedCode = kind === 'race' ? declinedRaceCode : declinedEthnicityCode;
  const find = kind === 'race' ? findRace : findEthnicity;
  const codes: RaceEthnicityCode[] = [];
  for (const code of stored) {
    if (code === declinedCode) continue;
    const option = find(code);
    if (!option) continue;
    codes.push({ code, display: option.name, ombGroup: option.groupId });
  }
  // OMB groups first, each group's detailed codes in stored order after.
  codes.sort((a, b) => (a.ombGroup === null ? 0 : 1) - (b.ombGroup === null ? 0 : 1));
  return { codes, declined: codes.length === 0 && stored.includes(declinedCode) };
}

function languageOf(code: string): { code: string; name: string } {
  const entry = languageList.find((l) => languageOption(l).value === code);
  return { code, name: entry?.name ?? code };
}

const regionCodeByEnum = new Map<string, string>([...usStates, ...caProvinces].map((r) => [r.enum, r.code]));

function postalAddress(
  lines: (string | null | undefined)[],
  city: string | null,
  state: string | null,
  postalCode: string | null,
  country: string | null,
  use: PostalAddress['use'],
): PostalAddress {
  const trimmed = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);
  const countryValue = trimmed(country);
  const stateValue = trimmed(state);
  return {
    lines: lines.map(trimmed).filter((l): l is string => l !== null),
    city: trimmed(city),
    state: stateValue ? (regionCodeByEnum.get(stateValue) ?? stateValue) : null,
    postalCode: trimmed(postalCode),
    country: countryValue ? (findCountry(countryValue)?.alpha2 ?? countryValue) : null,
    use,
  };
}

const telecomOf: Partial<Record<ContactType, Pick<Telecom, 'system' | 'use'>>> = {
  CELL_PHONE: { system: 'PHONE', use: 'MOBILE' },
  HOME_PHONE: { system: 'PHONE', use: 'HOME' },
  WORK_PHONE: { system: 'PHONE', use: 'WORK' },
  OTHER_PHONE: { system: 'PHONE', use: null },
  FAX_NUMBER: { system: 'FAX', use: null },
  EMAIL_ADDRESS: { system: 'EMAIL', use: null },
  WEBSITE: { system: 'URL', use: null },
};

function telecomsOf(contacts: { type: string; value: string }[]): Telecom[] {
  const extension = contacts.find((c) => c.type === 'WORK_PHONE_EXT')?.value.replace(/\D/g, '') || null;
  const list: Telecom[] = [];
  for (const contact of contacts) {
    const kind = telecomOf[contact.type as ContactType];
    const value = contact.value.trim();
    if (!kind || value === '') continue;
    list.push({ ...kind, value, extension: contact.type === 'WORK_PHONE' ? extension : null });
  }
  return list;
}

const namePrefixes = new Set(['dr', 'dr.', 'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'prof', 'prof.']);
const nameSuffixes = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv', 'v']);

/** A directory name ("Dr. Olivia K Bennett") split into its parts; the last word is the family name. */
function splitName(full: string): PersonName {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const prefix = words.length > 1 && namePrefixes.has(words[0]!.toLowerCase()) ? words.shift()! : null;
  const suffix = words.length > 2 && nameSuffixes.has(words.at(-1)!.toLowerCase()) ? words.pop()! : null;
  const family = words.pop() ?? full;
  return { given: words, family, prefix, suffix };
}

function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}
