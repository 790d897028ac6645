/**
 * Consents of visits as the patient meets them (decision 101): read as the contract's Consent and
 * signed with an evidence record. ONE_TIME consents are signed once per patient: a ONE_TIME consent
 * of any visit counts as signed when the patient has a signature for that form at any visit. What
 * the clinic feeds and reads back is in consent-forms.service.ts.
 */
import { createHash } from 'node:crypto';
import {
  isConsentUnsigned,
  signatureMaxDimension,
  type Consent,
  type updateConsentRequest,
} from '@dermis/contract';
import { and, asc, eq, getTableColumns, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { jsonInstant, jsonString } from '../../db/json-text';
import { isAnyOf, preparedPerDatabase } from '../../db/prepared';
import { consent, consentProfile, consentSignature, patient, userAccount } from '../../db/schema';
import { httpError, invalidField, notFound } from '../../lib/http-error';
import { checkPng } from '../../lib/png';

type Signature = typeof consentSignature.$inferSelect;

export const conflict = (key: Parameters<typeof httpError>[2]) => httpError(409, 'CONFLICT', key);

/** The hex SHA-256 of the evidence: UTF-8 text, one 0x00 byte, the PNG bytes. */
export function evidenceHash(text: string, png: Buffer): string {
  return createHash('sha256')
    .update(Buffer.from(text, 'utf8'))
    .update(Buffer.from([0]))
    .update(png)
    .digest('hex');
}

/**
 * The consents of these encounters, keyed by encounter id. `withImages` carries each signed
 * cosigner's PNG (detail calls); lists leave it null to stay small, with dateSigned and signer set.
 */
export async function consentsByEncounter(
  db: Db,
  encounterIds: number[],
  withImages = false,
): Promise<Map<number, Consent[]>> {
  const result = new Map<number, Consent[]>();
  if (encounterIds.length === 0) return result;
  if (!withImages) {
    // A visit list's read: each consent comes with the signature that counts for it (see
    // `countingSignature`), in one statement instead of two in a row (decision 274).
    for (const { c, p, s } of await listedConsentsStatement(db).execute({ encounterIds })) {
      const list = result.get(c.encounterId) ?? [];
      list.push(toConsent(c, p, s ?? undefined, false));
      result.set(c.encounterId, list);
    }
    return result;
  }
  const rows = await consentsOfEncountersStatement(db).execute({ encounterIds });
  if (rows.length === 0) return result;
  const signatures = await signaturesFor(
    db,
    rows.map((r) => r.c),
    withImages,
  );
  for (const { c, p } of rows) {
    const signed = signatureOf(signatures, c, p.frequency);
    const list = result.get(c.encounterId) ?? [];
    list.push(toConsent(c, p, signed, withImages));
    result.set(c.encounterId, list);
  }
  return result;
}

/**
 * Own signatures of these consents, and ONE_TIME signatures of their patients' forms. Without
 * `withImages` the drawn PNGs stay in the database (a visit list shows when and by whom, not the
 * ink) and `signaturePng` is empty.
 */
export async function signaturesFor(
  db: Db,
  consents: (typeof consent.$inferSelect)[],
  withImages: boolean,
): Promise<Signatures> {
  const statement = withImages ? signaturesWithInkStatement : signaturesStatement;
  const rows = await statement(db).execute({
    consentIds: consents.map((c) => c.id),
    patientIds: [...new Set(consents.map((c) => c.patientId))],
    profileIds: [...new Set(consents.map((c) => c.consentProfileId))],
  });
  // Indexed once: a list of hundreds of consents must not scan every signature for each.
  const signatures: Signatures = { all: rows, byConsent: new Map(), oneTime: new Map() };
  for (const row of rows) {
    if (!signatures.byConsent.has(row.consentId)) signatures.byConsent.set(row.consentId, row);
    const formKey = `${row.patientId}:${row.consentProfileId}`;
    if (row.frequency === 'ONE_TIME' && !signatures.oneTime.has(formKey))
      signatures.oneTime.set(formKey, row);
  }
  return signatures;
}

/** consentsByEncounter's read, prepared (a visit list's hot path, docs/decisions/045). */
const consentsOfEncountersStatement = preparedPerDatabase((db) =>
  db
    .select({ c: consent, p: shownProfile })
    .from(consent)
    .innerJoin(consentProfile, eq(consentProfile.id, consent.consentProfileId))
    .where(isAnyOf(consent.encounterId, 'encounterIds'))
    .orderBy(asc(consent.id))
    .prepare('consents_of_encounters'),
);

/** The columns of a consent and of its form that the contract's Consent shows. */
const shownConsent = {
  id: consent.id,
  encounterId: consent.encounterId,
  patientId: consent.patientId,
  consentProfileId: consent.consentProfileId,
  status: consent.status,
  updatedAt: consent.updatedAt,
};
const shownProfile = {
  id: consentProfile.id,
  title: consentProfile.title,
  text: consentProfile.text,
  version: consentProfile.version,
  frequency: consentProfile.frequency,
};
type ShownConsent = Pick<typeof consent.$inferSelect, keyof typeof shownConsent>;
type ShownProfile = Pick<typeof consentProfile.$inferSelect, keyof typeof shownProfile>;

/**
 * The signature that counts for a consent, as `signatureOf` picks it: its own, else, for a ONE_TIME
 * form, the patient's first ONE_TIME signature of that form at any visit. Without the drawn PNG.
 */
const countingSignature = (db: Db) =>
  db
    .select({
      title: consentSignature.title,
      text: consentSignature.text,
      profileVersion: consentSignature.profileVersion,
      signedAt: consentSignature.signedAt,
      signerKind: consentSignature.signerKind,
      signerFirstName: consentSignature.signerFirstName,
      signerLastName: consentSignature.signerLastName,
    })
    .from(consentSignature)
    .where(
      or(
        eq(consentSignature.consentId, consent.id),
        and(
          eq(consentProfile.frequency, 'ONE_TIME'),
          eq(consentSignature.frequency, 'ONE_TIME'),
          eq(consentSignature.patientId, consent.patientId),
          eq(consentSignature.consentProfileId, consent.consentProfileId),
        ),
      ),
    )
    .orderBy(sql`(${consentSignature.consentId} = ${consent.id}) DESC`, asc(consentSignature.id))
    .limit(1)
    .as('s');

/** The consents of visits with the signature that counts for each: a visit list's one read of them. */
const listedConsentsStatement = preparedPerDatabase((db) => {
  const s = countingSignature(db);
  return db
    .select({
      c: shownConsent,
      p: shownProfile,
      s: {
        title: s.title,
        text: s.text,
        profileVersion: s.profileVersion,
        signedAt: s.signedAt,
        signerKind: s.signerKind,
        signerFirstName: s.signerFirstName,
        signerLastName: s.signerLastName,
      },
    })
    .from(consent)
    .innerJoin(consentProfile, eq(consentProfile.id, consent.consentProfileId))
    .leftJoinLateral(s, sql`true`)
    .where(isAnyOf(consent.encounterId, 'encounterIds'))
    .orderBy(asc(consent.id))
    .prepare('listed_consents');
});

/**
 * A time as whole milliseconds since 1970, the part of it a JavaScript Date keeps: the driver's Date
 * of the column drops the microseconds the same way, so what a consent shows is the same either way.
 */
const epochMilliseconds = (column: Column) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/** A consent of a visit as `consentsOfVisit` carries it: times as epoch milliseconds (JSON has no dates). */
interface ListedConsent {
  c: Omit<ShownConsent, 'updatedAt'> & { updatedAt: number };
  p: ShownProfile;
  /** Null when no signature counts. */
  s: (Omit<ShownSignature, 'signedAt'> & { signedAt: number }) | null;
}

/**
 * A listed consent's own fields and its form's, the `c` and `p` of a `consentsOfVisit` entry; the
 * form as its row keeps it (0491, decision 313), so its title and text are not escaped per consent.
 */
const listedConsentAndForm = sql`'c', json_build_object('id', ${consent.id}, 'encounterId', ${consent.encounterId},
          'patientId', ${consent.patientId}, 'consentProfileId', ${consent.consentProfileId},
          'status', ${consent.status}, 'updatedAt', ${epochMilliseconds(consent.updatedAt)}),
        'p', ${consentProfile.listedJson}`;

/**
 * The consents of the visit whose id is `encounterId`, with the signature that counts for each (see
 * `countingSignature`), as one JSON array column of the visit's own row, in the order of their ids: a
 * visit list is then one statement with its consents (decision 277). Read it with `listedConsents`.
 */
export function consentsOfVisit(db: Db, encounterId: Column): SQL<unknown> {
  const s = countingSignature(db);
  return sql`coalesce((
    SELECT json_agg(json_build_object(${listedConsentAndForm},
        's', CASE WHEN ${s.signedAt} IS NULL THEN NULL ELSE json_build_object('title', ${s.title},
          'text', ${s.text}, 'profileVersion', ${s.profileVersion},
          'signedAt', ${epochMilliseconds(s.signedAt)}, 'signerKind', ${s.signerKind},
          'signerFirstName', ${s.signerFirstName}, 'signerLastName', ${s.signerLastName}) END)
      ORDER BY ${consent.id})
    FROM ${consent}
      INNER JOIN ${consentProfile} ON ${consentProfile.id} = ${consent.consentProfileId}
      LEFT JOIN LATERAL ${s} ON true
    WHERE ${consent.encounterId} = ${encounterId}), '[]'::json)`;
}

/**
 * The consents of a visit still to sign, with their forms: pending, and without a signature that
 * counts for them (`countingSignature`), which is what `unsignedOf` keeps of a listed consent; for a
 * visit list that answers no other (decisions 290, 299), nothing is built, nor any signature sorted,
 * for a consent it would drop. Two probes of the signatures, each by its own unique index, rather
 * than one OR that neither index answers.
 */
const unsignedOfVisit = (encounterId: Column) => sql`FROM ${consent}
      INNER JOIN ${consentProfile} ON ${consentProfile.id} = ${consent.consentProfileId}
    WHERE ${consent.encounterId} = ${encounterId} AND ${consent.status} = 'PENDING'
      AND NOT EXISTS (SELECT 1 FROM ${consentSignature} WHERE ${consentSignature.consentId} = ${consent.id})
      AND NOT (${consentProfile.frequency} = 'ONE_TIME' AND EXISTS (SELECT 1 FROM ${consentSignature}
        WHERE ${consentSignature.frequency} = 'ONE_TIME' AND ${consentSignature.patientId} = ${consent.patientId}
          AND ${consentSignature.consentProfileId} = ${consent.consentProfileId}))`;

/**
 * The consents of the visit still to sign (`unsignedOfVisit`) as the text of a JSON array's elements,
 * in the bytes the contract's serialiser wrote of `toConsent`'s Consent for
 * them (decision 299): no signature counts, so the form's current title, text and version, the
 * consent's own status and time, and one cosigner without a signature.
 */
export function unsignedConsentsOfVisitJson(encounterId: Column): SQL<string> {
  // The form's title and object as its row keeps them written (0491): each form's text is escaped
  // once when it is stored, not once for every consent of every page (decision 313).
  const consentJson = sql`'{"id":' || ${consent.id} || ',"encounterId":' || ${consent.encounterId}
    || ',"patientId":' || ${consent.patientId} || ',"title":' || ${consentProfile.titleJson}
    || ',"consentProfileInfo":' || ${consentProfile.infoJson}
    || CASE WHEN ${consentProfile.frequency} = 'ONE_TIME' THEN ',"patientId":' || ${consent.patientId} ELSE '' END
    || '},"status":' || ${jsonString(sql`${consent.status}`)}
    || ',"dateModified":' || ${jsonInstant(sql`${consent.updatedAt}`)}
    || ',"cosigners":[{"type":"PATIENT_OR_LEGAL_GUARDIAN","signature":null,"dateSigned":null,"signer":null}]}'`;
  return sql<string>`coalesce((SELECT string_agg(${consentJson}, ',' ORDER BY ${consent.id})
    ${unsignedOfVisit(encounterId)}), '')`;
}

/** The value of a `consentsOfVisit` column as the contract's Consents, as `consentsByEncounter` tells them. */
export function listedConsents(value: unknown): Consent[] {
  return (value as ListedConsent[]).map(({ c, p, s }) =>
    toConsent(
      { ...c, updatedAt: new Date(c.updatedAt) },
      p,
      s ? { ...s, signedAt: new Date(s.signedAt) } : undefined,
      false,
    ),
  );
}

/** signaturesFor's read, prepared, with the drawn PNGs or without them. */
const signaturesOf = (withImages: boolean, name: string) =>
  preparedPerDatabase((db) =>
    db
      .select({
        ...getTableColumns(consentSignature),
        signaturePng: withImages ? consentSignature.signaturePng : sql<string>`''`,
      })
      .from(consentSignature)
      .where(
        or(
          isAnyOf(consentSignature.consentId, 'consentIds'),
          and(
            eq(consentSignature.frequency, 'ONE_TIME'),
            isAnyOf(consentSignature.patientId, 'patientIds'),
            isAnyOf(consentSignature.consentProfileId, 'profileIds'),
          ),
        ),
      )
      .prepare(name),
  );
const signaturesStatement = signaturesOf(false, 'consent_signatures');
const signaturesWithInkStatement = signaturesOf(true, 'consent_signatures_with_ink');

interface Signatures {
  all: Signature[];
  byConsent: Map<number, Signature>;
  /** The first ONE_TIME signature of each patient's form, keyed `patientId:consentProfileId`. */
  oneTime: Map<string, Signature>;
}

export function signatureOf(
  signatures: Signatures,
  c: typeof consent.$inferSelect,
  frequency: string,
): Signature | undefined {
  return (
    signatures.byConsent.get(c.id) ??
    (frequency === 'ONE_TIME' ? signatures.oneTime.get(`${c.patientId}:${c.consentProfileId}`) : undefined)
  );
}

/** What a consent shows of its signature (the PNG only when `withImage`). */
type ShownSignature = Pick<
  Signature,
  'title' | 'text' | 'profileVersion' | 'signedAt' | 'signerKind' | 'signerFirstName' | 'signerLastName'
> & { signaturePng?: string };

function toConsent(
  c: ShownConsent,
  p: ShownProfile,
  signed: ShownSignature | undefined,
  withImage: boolean,
): Consent {
  // A ONE_TIME form signed at another visit counts as signed here (unless the clinic waived this one).
  const status = signed && c.status !== 'IGNORED' ? 'SIGNED' : c.status;
  const modified = signed && signed.signedAt > c.updatedAt ? signed.signedAt : c.updatedAt;
  return {
    id: c.id,
    encounterId: c.encounterId,
    patientId: c.patientId,
    title: signed?.title ?? p.title,
    consentProfileInfo: {
      id: p.id,
      // What was signed stays what is shown; an unsigned consent shows the current version.
      title: signed?.title ?? p.title,
      text: signed?.text ?? p.text,
      version: signed?.profileVersion ?? p.version,
      frequencyOfSigning: p.frequency,
      ...(p.frequency === 'ONE_TIME' ? { patientId: c.patientId } : {}),
    },
    status,
    dateModified: modified.toISOString(),
    cosigners: [
      {
        type: 'PATIENT_OR_LEGAL_GUARDIAN',
        signature: signed && withImage ? (signed.signaturePng ?? null) : null,
        dateSigned: signed ? signed.signedAt.toISOString() : null,
        signer: signed
          ? { kind: signed.signerKind, firstName: signed.signerFirstName, lastName: signed.signerLastName }
          : null,
      },
    ],
  };
}

export function unsignedOf(consents: Consent[]): Consent[] {
  return consents.filter(isConsentUnsigned);
}

/** The patient a consent belongs to, or null when there is no such consent (refused like a stranger's). */
export async function findConsentOwner(
  db: Db,
  consentId: number,
): Promise<{ patientId: number; encounterId: number } | null> {
  const [row] = await db
    .select({ patientId: consent.patientId, encounterId: consent.encounterId })
    .from(consent)
    .where(eq(consent.id, consentId))
    .limit(1);
  return row ?? null;
}

export async function loadConsent(db: Db, consentId: number, withImage = true): Promise<Consent> {
  const [row] = await db
    .select({ encounterId: consent.encounterId })
    .from(consent)
    .where(eq(consent.id, consentId));
  if (!row) throw notFound('consent.error.notFound');
  const found = (await consentsByEncounter(db, [row.encounterId], withImage))
    .get(row.encounterId)
    ?.find((c) => c.id === consentId);
  if (!found) throw notFound('consent.error.notFound');
  return found;
}

export interface Signer {
  userId: number;
  /** The signing account's own patient record. */
  patientId: number;
  /** False when a responsible person signs for the patient. */
  self: boolean;
  ipAddress: string;
  userAgent: string | null;
}

/**
 * Signs a consent (consent/update): refuses a signed, waived or outdated consent, checks the PNG by
 * content, then writes the evidence and marks the consent SIGNED in one transaction. The unique
 * indexes make two racing signatures of the same consent (or ONE_TIME form) end in one row and a 409.
 */
export async function signConsent(
  db: Db,
  input: z.output<typeof updateConsentRequest>['consent'],
  signer: Signer,
): Promise<Consent> {
  const current = await loadConsent(db, input.id, false);
  if (current.status === 'SIGNED') throw conflict('consent.error.alreadySigned');
  if (current.status === 'IGNORED') throw conflict('consent.error.ignored');
  if (input.consentProfileInfo.version !== current.consentProfileInfo.version)
    throw conflict('consent.error.versionChanged');
  const signature = input.cosigners.find((c) => c.type === 'PATIENT_OR_LEGAL_GUARDIAN')?.signature;
  if (!signature) throw invalidField('consent.cosigners', 'consent.error.signatureRequired');
  const png = Buffer.from(signature, 'base64');
  const checked = checkPng(png, signatureMaxDimension);
  if (!checked.ok)
    throw invalidField(
      'consent.cosigners',
      checked.reason === 'blank'
        ? 'consent.error.signatureRequired'
        : checked.reason === 'tooLarge'
          ? 'consent.error.signatureTooLarge'
          : 'consent.error.signatureNotPng',
    );

  const [who] = await db
    .select({ firstName: patient.firstName, lastName: patient.lastName, username: userAccount.username })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(eq(userAccount.id, signer.userId))
    .limit(1);
  if (!who) throw new Error('signing account vanished');

  const text = current.consentProfileInfo.text;
  const signed = await db
    .transaction(async (tx) => {
      const [updated] = await tx
        .update(consent)
        .set({ status: 'SIGNED', updatedAt: sql`now()` })
        .where(and(eq(consent.id, input.id), eq(consent.status, 'PENDING')))
        .returning({ id: consent.id });
      if (!updated) return false;
      const [row] = await tx
        .insert(consentSignature)
        .values({
          consentId: current.id,
          patientId: current.patientId,
          consentProfileId: current.consentProfileInfo.id,
          frequency: current.consentProfileInfo.frequencyOfSigning,
          profileVersion: current.consentProfileInfo.version,
          title: current.consentProfileInfo.title,
          text,
          signaturePng: png.toString('base64'),
          signerKind: signer.self ? 'PATIENT' : 'RESPONSIBLE_PERSON',
          signerUserId: signer.userId,
          signerPatientId: signer.patientId,
          signerFirstName: who.firstName,
          signerLastName: who.lastName,
          signerUsername: who.username,
          ipAddress: signer.ipAddress.slice(0, 100),
          userAgent: signer.userAgent?.slice(0, 500) ?? null,
          sha256: evidenceHash(text, png),
        })
        .onConflictDoNothing()
        .returning({ id: consentSignature.id });
      if (!row) {
        // Another visit's ONE_TIME consent of this form was signed in the meantime: undo the status.
        tx.rollback();
      }
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof Error && error.message.toLowerCase().includes('rollback')) return false;
      throw error;
    });
  if (!signed) throw conflict('consent.error.alreadySigned');
  return loadConsent(db, input.id, true);
}
