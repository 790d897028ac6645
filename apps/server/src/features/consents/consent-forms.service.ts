/**
 * Consents as the clinic feeds and reads them (integration API and CLI): consent forms (a new version
 * when title or text change), the consents of a visit replaced by the clinic's list, and the read-back
 * with the signature evidence. The patient's side is consent-signing.service.ts.
 */
import {
  type Consent,
  type ConsentEvidence,
  type encounterConsentInput,
  type upsertConsentProfileRequest,
} from '@dermis/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { consent, consentProfile, encounter, patient } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { conflict, signatureOf, signaturesFor } from './consent-signing.service';

/** Replaces the consents of a visit by the clinic's list; signed ones are evidence and stay. */
export async function syncEncounterConsents(
  db: Db,
  practiceId: number,
  patientId: number,
  encounterId: number,
  inputs: z.output<typeof encounterConsentInput>[],
): Promise<void> {
  const profileIds = new Map<string, number>();
  if (inputs.length > 0) {
    const profiles = await db
      .select({ id: consentProfile.id, externalId: consentProfile.externalId })
      .from(consentProfile)
      .where(
        and(
          eq(consentProfile.practiceId, practiceId),
          inArray(
            consentProfile.externalId,
            inputs.map((i) => i.consentProfileExternalId),
          ),
        ),
      );
    for (const p of profiles) profileIds.set(p.externalId, p.id);
  }
  const existing = await db
    .select({
      id: consent.id,
      externalId: consent.externalId,
      encounterId: consent.encounterId,
      status: consent.status,
      profileId: consent.consentProfileId,
    })
    .from(consent)
    .where(
      and(
        eq(consent.practiceId, practiceId),
        inputs.length > 0
          ? sql`(${eq(consent.encounterId, encounterId)} OR ${inArray(
              consent.externalId,
              inputs.map((i) => i.externalId),
            )})`
          : eq(consent.encounterId, encounterId),
      ),
    );
  for (const input of inputs) {
    const profileId = profileIds.get(input.consentProfileExternalId);
    if (profileId === undefined) throw notFound('integration.error.unknownConsentProfile');
    const before = existing.find((e) => e.externalId === input.externalId);
    if (before && before.encounterId !== encounterId)
      throw conflict('integration.error.consentOtherEncounter');
    if (before?.status === 'SIGNED' && (before.profileId !== profileId || input.status !== 'PENDING'))
      throw conflict('integration.error.consentSigned');
  }
  const keep = new Set(inputs.map((i) => i.externalId));
  const removable = existing.filter(
    (e) => e.encounterId === encounterId && !keep.has(e.externalId) && e.status !== 'SIGNED',
  );
  if (removable.length > 0)
    await db.delete(consent).where(
      inArray(
        consent.id,
        removable.map((r) => r.id),
      ),
    );
  for (const input of inputs) {
    const profileId = profileIds.get(input.consentProfileExternalId)!;
    const before = existing.find((e) => e.externalId === input.externalId);
    if (before?.status === 'SIGNED') continue;
    await db
      .insert(consent)
      .values({
        practiceId,
        patientId,
        encounterId,
        consentProfileId: profileId,
        externalId: input.externalId,
        status: input.status,
      })
      .onConflictDoUpdate({
        target: [consent.practiceId, consent.externalId],
        set: { consentProfileId: profileId, status: input.status, updatedAt: sql`now()` },
      });
  }
}

/** Consents with their evidence as the clinic reads them back, by encounter or patient. */
export async function integrationConsents(
  db: Db,
  practiceId: number,
  where: { encounterId: number } | { patientId: number },
): Promise<{
  consents: {
    externalId: string;
    encounterExternalId: string;
    consentProfileExternalId: string;
    status: Consent['status'];
    evidence: ConsentEvidence | null;
  }[];
}> {
  const rows = await db
    .select({
      c: consent,
      p: consentProfile,
      e: { externalId: encounter.externalId },
      patientExternalId: patient.externalId,
    })
    .from(consent)
    .innerJoin(consentProfile, eq(consentProfile.id, consent.consentProfileId))
    .innerJoin(encounter, eq(encounter.id, consent.encounterId))
    .innerJoin(patient, eq(patient.id, consent.patientId))
    .where(
      and(
        eq(consent.practiceId, practiceId),
        'encounterId' in where
          ? eq(consent.encounterId, where.encounterId)
          : eq(consent.patientId, where.patientId),
      ),
    )
    .orderBy(asc(encounter.dateOfService), asc(consent.id));
  if (rows.length === 0) return { consents: [] };
  // The clinic's read-back carries the evidence, ink included.
  const signatures = await signaturesFor(
    db,
    rows.map((r) => r.c),
    true,
  );
  const signerIds = [...new Set(signatures.all.map((s) => s.signerPatientId))];
  const signerExternal = signerIds.length
    ? await db
        .select({ id: patient.id, externalId: patient.externalId })
        .from(patient)
        .where(inArray(patient.id, signerIds))
    : [];
  const signedConsentIds = [...new Set(signatures.all.map((s) => s.consentId))];
  const signedAt = signedConsentIds.length
    ? await db
        .select({ id: consent.id, externalId: consent.externalId, encounterExternalId: encounter.externalId })
        .from(consent)
        .innerJoin(encounter, eq(encounter.id, consent.encounterId))
        .where(inArray(consent.id, signedConsentIds))
    : [];
  return {
    consents: rows.map(({ c, p, e, patientExternalId }) => {
      const s = signatureOf(signatures, c, p.frequency);
      const origin = s ? signedAt.find((x) => x.id === s.consentId) : undefined;
      return {
        externalId: c.externalId,
        encounterExternalId: e.externalId,
        consentProfileExternalId: p.externalId,
        status: s && c.status !== 'IGNORED' ? 'SIGNED' : c.status,
        evidence: s
          ? {
              consentExternalId: origin?.externalId ?? c.externalId,
              encounterExternalId: origin?.encounterExternalId ?? e.externalId,
              patientExternalId,
              consentProfileExternalId: p.externalId,
              profileVersion: s.profileVersion,
              title: s.title,
              text: s.text,
              frequencyOfSigning: s.frequency,
              signaturePng: s.signaturePng,
              signer: {
                kind: s.signerKind,
                firstName: s.signerFirstName,
                lastName: s.signerLastName,
                patientExternalId: signerExternal.find((x) => x.id === s.signerPatientId)?.externalId ?? null,
                username: s.signerUsername,
              },
              signedAt: s.signedAt.toISOString(),
              ipAddress: s.ipAddress,
              userAgent: s.userAgent,
              sha256: s.sha256,
            }
          : null,
      };
    }),
  };
}

/** A consent form by the clinic's id; a changed title or text becomes a new version. */
export async function upsertConsentProfile(
  db: Db,
  practiceId: number,
  externalId: string,
  input: z.output<typeof upsertConsentProfileRequest>,
): Promise<{ id: number; externalId: string; version: number; created: boolean }> {
  const { title, text, frequencyOfSigning } = input;
  const [row] = await db
    .insert(consentProfile)
    .values({ practiceId, externalId, title, text, frequency: frequencyOfSigning })
    .onConflictDoUpdate({
      target: [consentProfile.practiceId, consentProfile.externalId],
      set: {
        title,
        text,
        frequency: frequencyOfSigning,
        // Signatures name the version they cover: the same text sent again keeps its version.
        version: sql`CASE WHEN ${consentProfile.title} = excluded.title AND ${consentProfile.text} = excluded.text THEN ${consentProfile.version} ELSE ${consentProfile.version} + 1 END`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: consentProfile.id, version: consentProfile.version, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('consent profile upsert returned nothing');
  return { ...row, externalId };
}
