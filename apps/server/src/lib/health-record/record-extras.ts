/**
 * The parts of the health record that sit beside the clinical lists: a minor's guardians, the
 * payers (the insurance the practice holds) and the date-range rule every dated list follows.
 *
 * Range (decision 225): an entry belongs to [start, end) when the time it covers meets the range.
 * Something still going on (an active allergy, problem or medication) covers from when it began
 * (or was recorded) to now; something that ended covers its start to its end; an event (a
 * procedure, a visit) is the instant it happened. Family history and social history are the record
 * as it stands (no clinical date): the document says so in those sections.
 */
import {
  caProvinces,
  relationships,
  usStates,
  type InsurancePolicyTypeCode,
  type InsuranceRelationship,
} from '@dermis/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  insurancePolicy,
  insuranceProfile,
  patient,
  patientAddress,
  patientContact,
  responsiblePerson,
} from '../../db/schema';
import type { Coded, PersonName, PostalAddress, Telecom } from './health-record';

export interface RecordRange {
  start: Date;
  /** Exclusive; the generation time when the range is open. */
  end: Date;
}

/** True when [from, to] (to null: still going on) meets the range. */
export function coversRange(range: RecordRange, from: Date, to: Date | null): boolean {
  return from < range.end && (to === null || to >= range.start);
}

/** True when the instant is in [start, end). */
export function inRange(range: RecordRange, at: Date): boolean {
  return at >= range.start && at < range.end;
}

export interface Guardian {
  relationship: Coded;
  name: PersonName;
  address: PostalAddress | null;
  telecoms: Telecom[];
}

export interface Payer {
  id: number;
  /** Null when the practice did not say which kind of plan it is. */
  payerType: PayerType | null;
  planName: string;
  title: string | null;
  companyName: string;
  memberNumber: string | null;
  groupName: string | null;
  /** YYYY-MM-DD */
  validFrom: string | null;
  /** YYYY-MM-DD: the end of validity or the termination date, whichever is earlier. */
  validThrough: string | null;
  /** The covered patient's relationship to the subscriber (HL7 RoleCode). */
  relationship: Coded;
  /** The policy holder as the policy names them, with the phone it gives for them. */
  subscriber: { name: PersonName; dateOfBirth: string | null; phone: string | null } | null;
  companyAddress: {
    lines: string[];
    city: string | null;
    state: string | null;
    postalCode: string | null;
  } | null;
}

interface PayerType {
  /** Source of Payment Typology (PHDSC, 2.16.840.1.113883.3.221.5). */
  code: string;
  display: string;
  /** ASC X12 DE 1336 Insurance Type Code (2.16.840.1.113883.6.255.1336). */
  x12: { code: string; display: string };
}

const x12 = {
  C1: { code: 'C1', display: 'Commercial' },
  HM: { code: 'HM', display: 'Health Maintenance Organization (HMO)' },
  HN: { code: 'HN', display: 'Health Maintenance Organization (HMO) - Medicare Risk' },
  PR: { code: 'PR', display: 'Preferred Provider Organization (PPO)' },
  PS: { code: 'PS', display: 'Point of Service (POS)' },
  MP: { code: 'MP', display: 'Medicare Primary' },
  MI: { code: 'MI', display: 'Medigap Part B' },
  MC: { code: 'MC', display: 'Medicaid' },
  CH: { code: 'CH', display: 'Champus' },
  VA: { code: 'VA', display: 'Veteran Administration Plan' },
  WC: { code: 'WC', display: "Workers' Compensation Health Claim" },
  OT: { code: 'OT', display: 'Other' },
} as const;

/** The practice's policy types as X12 insurance types and payer typology codes. */
const payerTypes: Record<InsurancePolicyTypeCode, PayerType | null> = {
  UNDEFINED: null,
  MEDICARE: { code: '1', display: 'MEDICARE', x12: x12.MP },
  MEDICARE_SUPPLEMENT: { code: '19', display: 'Medicare Other', x12: x12.MI },
  HMO_MEDICARE: { code: '111', display: 'Medicare HMO', x12: x12.HN },
  MEDICAID: { code: '2', display: 'MEDICAID', x12: x12.MC },
  HMO_MEDICAID: { code: '211', display: 'Medicaid HMO', x12: x12.MC },
  // Florida's Medicaid programs (MediKids, MediPass).
  MEDIKIDS: { code: '23', display: 'Medicaid/SCHIP', x12: x12.MC },
  MEDIPASS: { code: '213', display: 'Medicaid PCCM (Primary Care Case Management)', x12: x12.MC },
  CHAMPUS: { code: '311', display: 'TRICARE (CHAMPUS)', x12: x12.CH },
  CHAMPUS_VA: {
    code: '3221',
    display: 'Civilian Health and Medical Program for the VA (CHAMPVA)',
    x12: x12.VA,
  },
  COMMERCIAL_INSURANCE_CO: { code: '5', display: 'PRIVATE HEALTH INSURANCE', x12: x12.C1 },
  HMO: { code: '511', display: 'Commercial Managed Care - HMO', x12: x12.HM },
  HEALTH_MAINTENANCE_ORGANIZATION: { code: '511', display: 'Commercial Managed Care - HMO', x12: x12.HM },
  PREFERRED_PROVIDER_ORGANIZATION: { code: '512', display: 'Commercial Managed Care - PPO', x12: x12.PR },
  POINT_OF_SERVICE: { code: '513', display: 'Commercial Managed Care - POS', x12: x12.PS },
  OPEN_ACCESS: { code: '5', display: 'PRIVATE HEALTH INSURANCE', x12: x12.C1 },
  CAPITATION: { code: '51', display: 'Managed Care (Private)', x12: x12.C1 },
  FLAT_FEE_ARRANGEMENT: { code: '5', display: 'PRIVATE HEALTH INSURANCE', x12: x12.C1 },
  WORKERS_COMPENSATION_HEALTH_CLAIM: { code: '95', display: "Worker's Compensation", x12: x12.WC },
};

/** The subscriber relationship as HL7 RoleCode (Coverage Role Type value set). */
const coverageRoles: Record<InsuranceRelationship, { code: string; display: string }> = {
  SELF: { code: 'SELF', display: 'self' },
  SPOUSE: { code: 'SPS', display: 'spouse' },
  CHILD: { code: 'CHILD', display: 'child' },
  EMPLOYEE: { code: 'SELF', display: 'self' },
  LIFE_PARTNER: { code: 'DOMPART', display: 'domestic partner' },
  OTHER: { code: 'FAMDEP', display: 'family dependent' },
  UNKNOWN: { code: 'FAMDEP', display: 'family dependent' },
};

const regionCode = new Map<string, string>([...usStates, ...caProvinces].map((r) => [r.enum, r.code]));

const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/** The policies of the patient's active insurance profiles whose validity meets the range. */
export async function loadPayers(db: Db, patientId: number, range: RecordRange): Promise<Payer[]> {
  const rows = await db
    .select({ policy: insurancePolicy })
    .from(insurancePolicy)
    .innerJoin(insuranceProfile, eq(insuranceProfile.id, insurancePolicy.profileId))
    .where(and(eq(insuranceProfile.patientId, patientId), eq(insuranceProfile.active, true)))
    .orderBy(asc(insuranceProfile.id), asc(insurancePolicy.sortOrder), asc(insurancePolicy.id));
  return rows
    .map(({ policy: p }): Payer => {
      const relation = (p.relationship ?? 'SELF') as InsuranceRelationship;
      const role = coverageRoles[relation] ?? coverageRoles.OTHER;
      return {
        id: p.id,
        payerType: payerTypes[p.policyType as InsurancePolicyTypeCode] ?? null,
        planName: p.name,
        title: p.title,
        companyName: p.companyName,
        memberNumber: p.memberNumber,
        groupName: p.groupName,
        validFrom: p.validFrom,
        validThrough: earlier(p.validThrough, p.dateTerminated),
        relationship: { code: role.code, system: 'HL7_ROLE_CODE', display: role.display },
        subscriber:
          p.responsibleFirstName && p.responsibleLastName
            ? {
                name: {
                  given: [
                    p.responsibleFirstName,
                    ...(p.responsibleMiddleName ? [p.responsibleMiddleName] : []),
                  ],
                  family: p.responsibleLastName,
                  prefix: null,
                  suffix: null,
                },
                dateOfBirth: p.responsibleDateOfBirth,
                phone: p.responsiblePhone?.trim() ? p.responsiblePhone.trim() : null,
              }
            : null,
        companyAddress:
          p.streetAddressLn1 || p.city
            ? {
                lines: [p.streetAddressLn1, p.streetAddressLn2].filter((l): l is string => !!l?.trim()),
                city: p.city,
                state: p.state ? (regionCode.get(p.state) ?? p.state) : null,
                postalCode: p.zip,
              }
            : null,
      };
    })
    .filter((p) =>
      coversRange(
        range,
        p.validFrom ? new Date(`${p.validFrom}T00:00:00Z`) : new Date(0),
        p.validThrough ? new Date(`${p.validThrough}T23:59:59Z`) : null,
      ),
    );
}

/** Whole years between a YYYY-MM-DD birth date and `at`. */
export function ageAt(dateOfBirth: string, at: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * The active responsible persons of a minor (under 18 when the document is made), each with their
 * own record's address and phone; none for an adult, whose responsible persons act with consent
 * rather than as guardians.
 */
export async function loadGuardians(
  db: Db,
  patientId: number,
  dateOfBirth: string,
  now: Date,
  toAddress: (row: typeof patientAddress.$inferSelect) => PostalAddress,
  toTelecoms: (rows: { type: string; value: string }[]) => Telecom[],
): Promise<Guardian[]> {
  if (ageAt(dateOfBirth, now) >= 18) return [];
  const links = await db
    .select({ link: responsiblePerson, person: patient })
    .from(responsiblePerson)
    .innerJoin(patient, eq(patient.id, responsiblePerson.responsiblePatientId))
    .where(and(eq(responsiblePerson.patientId, patientId), eq(responsiblePerson.active, true)))
    .orderBy(asc(responsiblePerson.id));
  if (links.length === 0) return [];
  const ids = links.map((l) => l.person.id);
  const [addresses, contacts] = await Promise.all([
    db
      .select()
      .from(patientAddress)
      .where(and(inArray(patientAddress.patientId, ids), eq(patientAddress.active, true)))
      .orderBy(asc(patientAddress.position), asc(patientAddress.id)),
    db
      .select()
      .from(patientContact)
      .where(and(inArray(patientContact.patientId, ids), eq(patientContact.active, true)))
      .orderBy(asc(patientContact.position), asc(patientContact.id)),
  ]);
  return links.map(({ link, person }) => {
    const relation = relationships[link.relationship] ?? { code: 'GUARD', label: 'Guardian' };
    const address = addresses.find((a) => a.patientId === person.id);
    return {
      relationship: { code: relation.code, system: 'HL7_ROLE_CODE', display: relation.label },
      name: { given: [person.firstName], family: person.lastName, prefix: null, suffix: null },
      address: address ? toAddress(address) : null,
      telecoms: toTelecoms(contacts.filter((c) => c.patientId === person.id)),
    };
  });
}
