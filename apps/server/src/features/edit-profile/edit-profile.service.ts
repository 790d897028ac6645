/**
 * Edit profile (spec 001 §4 "Profile edit", §5 "Profile"): the page's read and patient/update. The
 * request was validated by the contract's schema; here the rules that need the stored record: LK
 * profiles are read-only, imported profiles keep their demographics, names are read-only, races,
 * ethnicities and language are required unless nonUSA, contacts and the second address follow the
 * add/remove rules, and a changed e-mail is sent a verification link.
 */
import {
  defaultPreferredContact,
  demographicsIssues,
  errorCodes,
  toProfileUpdate,
  type EditableProfile,
  type ProfileUpdateRequest,
} from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient, patientAddress, patientContact } from '../../db/schema';
import { en, translate, type Catalog, type MessageKey } from '@dermis/contract';
import { httpError, notFound, validationFailed } from '../../lib/http-error';
import {
  emailVerification,
  findAddresses,
  findContacts,
  findPatient,
  findProfileDetails,
  upsertProfileDetails,
  type AddressRow,
  type ContactRow,
} from './edit-profile.repository';

/** The contact types the form edits, each as one field (spec 001 §3 "Contact types"). */
const phoneFields = {
  cellPhone: 'CELL_PHONE',
  homePhone: 'HOME_PHONE',
  workPhone: 'WORK_PHONE',
  workPhoneExt: 'WORK_PHONE_EXT',
  otherPhone: 'OTHER_PHONE',
  fax: 'FAX_NUMBER',
} as const;

const firstOf = (contacts: ContactRow[], type: string) => contacts.find((c) => c.type === type);

function toAddress(row: AddressRow | undefined): EditableProfile['address1'] {
  if (!row) return null;
  return {
    streetAddressLn1: row.addressLine1,
    streetAddressLn2: row.addressLine2,
    zip: row.zipCode,
    city: row.city,
    state: row.state,
    country: row.country,
  };
}

export async function getEditableProfile(db: Db, patientId: number): Promise<EditableProfile> {
  const row = await findPatient(db, patientId);
  if (!row) throw notFound();
  const [details, contacts, addresses] = await Promise.all([
    findProfileDetails(db, patientId),
    findContacts(db, patientId),
    findAddresses(db, patientId),
  ]);
  const email = firstOf(contacts, 'EMAIL_ADDRESS')?.value ?? null;
  const phone = (field: keyof typeof phoneFields) => firstOf(contacts, phoneFields[field])?.value ?? null;
  return {
    id: row.id,
    firstName: row.firstName,
    middleName: details?.middleName ?? null,
    lastName: row.lastName,
    suffix: details?.suffix ?? null,
    previousName: details?.previousName ?? null,
    dateOfBirth: row.dateOfBirth,
    driversLicenceNumber: details?.driversLicenceNumber ?? null,
    preferredContact: details?.preferredContact ?? defaultPreferredContact,
    userEmail: email,
    userEmailStatus: email ? await emailVerification(db, patientId, email) : 'NOT_VERIFIED',
    cellPhone: phone('cellPhone'),
    homePhone: phone('homePhone'),
    workPhone: phone('workPhone'),
    workPhoneExt: phone('workPhoneExt'),
    fax: phone('fax'),
    otherPhone: phone('otherPhone'),
    directAddress: row.directAddress,
    address1: toAddress(addresses[0]),
    address2: toAddress(addresses[1]),
    gender: row.gender,
    birthSex: details?.birthSex ?? null,
    genderIdentity: details?.genderIdentity ?? null,
    genderIdentityOther: details?.genderIdentityOther ?? null,
    sexualOrientation: details?.sexualOrientation ?? null,
    sexualOrientationOther: details?.sexualOrientationOther ?? null,
    races: details?.races ?? [],
    ethnicities: details?.ethnicities ?? [],
    racesByGroup: details?.racesByGroup ?? [],
    ethnicitiesByGroup: details?.ethnicitiesByGroup ?? [],
    preferredLanguageIsoCode: details?.preferredLanguageIsoCode ?? null,
    avatarS3Id: row.avatarS3Id,
    lkPatient: details?.lkPatient ?? false,
    demographicsImported: details?.demographicsImported ?? false,
    nonUsa: details?.nonUsa ?? false,
  };
}

/** Sends a verification link to a patient's new address (the invitations feature, composed in). */
export type SendEmailVerification = (patientId: number, email: string) => Promise<void>;

/** patient/update: stores the profile and answers it as stored now. */
export async function updateProfile(
  deps: { db: Db; sendEmailVerification: SendEmailVerification },
  patientId: number,
  request: ProfileUpdateRequest,
): Promise<EditableProfile> {
  const { db } = deps;
  const details = await findProfileDetails(db, patientId);
  // 409, not 403: the web app treats a 403 as "this page is not yours" and leaves it; this is a failed save.
  if (details?.lkPatient) throw httpError(409, errorCodes.conflict, 'server.error.profileReadOnly');
  const imported = details?.demographicsImported ?? false;
  // An imported profile's demographics are the practice system's; they are not checked or changed.
  if (!imported) {
    const issues = demographicsIssues(request, details?.nonUsa ?? false);
    if (issues.length > 0) {
      const messagesIn = (catalog: Catalog) =>
        issues.map((i) => ({
          field: i.path.join('.'),
          description: translate(
            i.message,
            { field: translate(`field.${i.path.join('.')}` as MessageKey, undefined, catalog) },
            catalog,
          ),
        }));
      throw validationFailed(messagesIn(en), messagesIn);
    }
  }
  const update = toProfileUpdate(request);

  const changedEmail = await db.transaction(async (tx) => {
    const current = await findPatient(tx, patientId);
    if (!current) throw notFound();
    if (!imported) {
      await tx
        .update(patient)
        .set({ dateOfBirth: update.dateOfBirth, gender: update.gender, updatedAt: new Date() })
        .where(eq(patient.id, patientId));
    }
    // Names are read-only in the form (spec 001 §5): the practice's spelling stays.
    await upsertProfileDetails(tx, patientId, {
      suffix: update.suffix,
      previousName: update.previousName,
      driversLicenceNumber: update.driversLicenceNumber,
      preferredContact: update.preferredContact,
      ...(imported
        ? {}
        : {
            ...(update.birthSex !== undefined ? { birthSex: update.birthSex } : {}),
            genderIdentity: update.genderIdentity,
            genderIdentityOther: update.genderIdentityOther,
            sexualOrientation: update.sexualOrientation,
            sexualOrientationOther: update.sexualOrientationOther,
            races: update.races,
            ethnicities: update.ethnicities,
            racesByGroup: update.racesByGroup,
            ethnicitiesByGroup: update.ethnicitiesByGroup,
            preferredLanguageIsoCode: update.preferredLanguageIsoCode,
          }),
    });

    const contacts = await findContacts(tx, patientId);
    let nextPosition = Math.max(0, ...contacts.map((c) => c.position)) + 1;
    const setContact = async (type: string, value: string | null): Promise<boolean> => {
      const existing = firstOf(contacts, type);
      if (!value) {
        // An empty contact value removes that contact (spec 001 §4).
        if (existing) await tx.delete(patientContact).where(eq(patientContact.id, existing.id));
        return false;
      }
      if (!existing) {
        await tx.insert(patientContact).values({ patientId, type, value, position: nextPosition++ });
        return true;
      }
      if (existing.value === value) return false;
      await tx.update(patientContact).set({ value }).where(eq(patientContact.id, existing.id));
      return existing.value.toLowerCase() !== value.toLowerCase();
    };
    for (const [field, type] of Object.entries(phoneFields))
      await setContact(type, update[field as keyof typeof phoneFields]);
    const emailChanged = await setContact('EMAIL_ADDRESS', update.userEmail);

    const addresses = await findAddresses(tx, patientId);
    const columns = (a: NonNullable<typeof update.address2>) => ({
      addressLine1: a.streetAddressLn1,
      addressLine2: a.streetAddressLn2,
      zipCode: a.zip,
      city: a.city,
      state: a.state,
      country: a.country,
    });
    const [first, second] = addresses;
    if (first)
      await tx.update(patientAddress).set(columns(update.address1)).where(eq(patientAddress.id, first.id));
    else await tx.insert(patientAddress).values({ patientId, position: 0, ...columns(update.address1) });
    // Address 2 (spec 001 §4): blank → the existing one is deleted; none yet → appended; else merged.
    if (!update.address2) {
      if (second)
        await tx
          .delete(patientAddress)
          .where(and(eq(patientAddress.id, second.id), eq(patientAddress.patientId, patientId)));
    } else if (second) {
      await tx.update(patientAddress).set(columns(update.address2)).where(eq(patientAddress.id, second.id));
    } else {
      const position = Math.max(0, ...addresses.map((a) => a.position)) + 1;
      await tx.insert(patientAddress).values({ patientId, position, ...columns(update.address2) });
    }
    return emailChanged ? update.userEmail : null;
  });

  // A changed address is re-verified by a link (sent after the change is stored).
  if (changedEmail) await deps.sendEmailVerification(patientId, changedEmail);
  return getEditableProfile(db, patientId);
}

/** Integration API: the clinic sets the LK, imported and non-USA flags of a patient's profile. */
export async function setProfileFlags(
  db: Db,
  patientId: number,
  flags: { lkPatient?: boolean; demographicsImported?: boolean; nonUsa?: boolean },
) {
  const row = await upsertProfileDetails(db, patientId, flags);
  return { lkPatient: row.lkPatient, demographicsImported: row.demographicsImported, nonUsa: row.nonUsa };
}
