/**
 * Encounters: read as the contract's Encounter, the screening flag set by the patient, and the
 * clinic's upsert (providers by their own id, roles replaced).
 */
import {
  blobRoutes,
  routePath,
  unfinishedScreeningDays,
  type Encounter,
  type getEncountersByFilterRequest,
  type upsertEncounterRequest,
} from '@dermis/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { clinic, encounter, encounterRole, provider } from '../../db/schema';
import { consentsByEncounter, syncEncounterConsents, unsignedOf } from './consents.service';
import type { ProviderAvatar } from './provider-avatar';

/** Where the web loads a provider's photo: public, named by an unguessable id (decision 101). */
export function providerAvatarUrl(s3Id: string | null): string | null {
  return s3Id ? routePath(blobRoutes.providerAvatar, { s3Id }) : null;
}

/**
 * A visit in the past counts only with at least one encounter role (spec 002 §2 Past Visits;
 * decision 100): the clinic's bookkeeping rows without a provider are not visits the patient had.
 */
const listedVisit = sql`(${encounter.dateOfService} >= now() OR EXISTS (SELECT 1 FROM encounter_role r WHERE r.encounter_id = ${encounter.id}))`;

export async function loadEncounters(
  db: Db,
  where: SQL,
  options: { order?: 'ASC' | 'DESC'; limit?: number } = {},
): Promise<Encounter[]> {
  const order = options.order === 'DESC' ? desc : asc;
  const query = db
    .select({ e: encounter, c: clinic })
    .from(encounter)
    .leftJoin(clinic, eq(clinic.id, encounter.clinicId))
    .where(where)
    .orderBy(order(encounter.dateOfService), order(encounter.id));
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  if (rows.length === 0) return [];
  const roles = await db
    .select({
      encounterId: encounterRole.encounterId,
      role: encounterRole.role,
      providerId: provider.id,
      firstName: provider.firstName,
      lastName: provider.lastName,
      title: provider.credentials,
      avatarS3Id: provider.avatarS3Id,
    })
    .from(encounterRole)
    .innerJoin(provider, eq(provider.id, encounterRole.providerId))
    .where(
      inArray(
        encounterRole.encounterId,
        rows.map((r) => r.e.id),
      ),
    )
    .orderBy(asc(encounterRole.position), asc(encounterRole.id));
  const consents = await consentsByEncounter(
    db,
    rows.map((r) => r.e.id),
  );
  // Grouped once: a patient with hundreds of visits must not scan every role for every visit.
  const rolesByEncounter = new Map<number, typeof roles>();
  for (const role of roles) {
    const list = rolesByEncounter.get(role.encounterId);
    if (list) list.push(role);
    else rolesByEncounter.set(role.encounterId, [role]);
  }
  return rows.map(({ e, c }) => ({
    id: e.id,
    patientId: e.patientId,
    dateOfService: e.dateOfService.toISOString(),
    duration: e.durationMinutes * 60_000,
    historyFinished: e.historyFinished,
    encounterRoleInfoList: (rolesByEncounter.get(e.id) ?? []).map((r) => ({
      encounterRoleType: r.role,
      providerId: r.providerId,
      firstName: r.firstName,
      lastName: r.lastName,
      title: r.title,
      avatarS3Id: r.avatarS3Id,
      avatarUrl: providerAvatarUrl(r.avatarS3Id),
    })),
    clinicInfo: c
      ? {
          id: c.id,
          clinicName: c.name,
          addressInformationInfo: {
            streetAddressLn1: c.addressLine1,
            streetAddressLn2: c.addressLine2,
            city: c.city,
            state: c.state,
            zip: c.zipCode,
          },
          contactInfoList: [
            ...(c.phone ? [{ type: 'WORK_PHONE', value: c.phone }] : []),
            ...(c.website ? [{ type: 'WEBSITE', value: c.website }] : []),
          ],
        }
      : null,
    educationText: e.educationText,
    educationNote: e.educationNote,
    consents: consents.get(e.id) ?? [],
    unsignedConsents: unsignedOf(consents.get(e.id) ?? []),
  }));
}

export async function findEncounterPatient(db: Db, encounterId: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: encounter.patientId })
    .from(encounter)
    .where(eq(encounter.id, encounterId))
    .limit(1);
  return row?.patientId ?? null;
}

export async function setHistoryFinished(db: Db, encounterId: number, finished: boolean): Promise<Encounter> {
  await db
    .update(encounter)
    .set({
      historyFinished: finished,
      historyFinishedAt: finished ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(encounter.id, encounterId));
  const [found] = await loadEncounters(db, eq(encounter.id, encounterId));
  if (!found) throw new Error('encounter vanished');
  return found;
}

export async function filterEncounters(
  db: Db,
  patientId: number,
  filter: z.output<typeof getEncountersByFilterRequest>,
): Promise<{ encounters: Encounter[]; total: number }> {
  const conditions: SQL[] = [eq(encounter.patientId, patientId), listedVisit];
  if (filter.dateSelection === 'SPECIFY_RANGE') {
    if (filter.dateOfServiceRangeLow)
      conditions.push(gte(encounter.dateOfService, new Date(filter.dateOfServiceRangeLow)));
    if (filter.dateOfServiceRangeHigh)
      conditions.push(lt(encounter.dateOfService, new Date(filter.dateOfServiceRangeHigh)));
  }
  if (filter.historyFinished !== undefined)
    conditions.push(eq(encounter.historyFinished, filter.historyFinished));
  const where = and(...conditions)!;
  const encounters = await loadEncounters(db, where, { order: filter.sortOrder, limit: filter.limit });
  if (filter.limit === undefined || encounters.length < filter.limit)
    return { encounters, total: encounters.length };
  const [counted] = await db.select({ total: count() }).from(encounter).where(where);
  return { encounters, total: counted?.total ?? encounters.length };
}

/**
 * Unfinished screenings (decision 100): upcoming visits (from now) within unfinishedScreeningDays
 * days, history not finished, with a provider to name in the notification; soonest first.
 */
export function unfinishedEncounters(db: Db, patientId: number): Promise<Encounter[]> {
  return loadEncounters(
    db,
    and(
      eq(encounter.patientId, patientId),
      eq(encounter.historyFinished, false),
      sql`${encounter.dateOfService} >= now()`,
      sql`${encounter.dateOfService} < now() + make_interval(days => ${unfinishedScreeningDays})`,
      sql`EXISTS (SELECT 1 FROM encounter_role r WHERE r.encounter_id = ${encounter.id})`,
    )!,
  );
}

/** The clinic's upsert by its own encounter id; providers are upserted by theirs, roles replaced. */
export async function upsertEncounter(
  db: Db,
  practiceId: number,
  patientId: number,
  externalId: string,
  input: z.output<typeof upsertEncounterRequest>,
  /** Provider photos already stored in the blob store, by provider externalId (null removes). */
  avatars: Map<string, ProviderAvatar | null> = new Map(),
): Promise<{ id: number; externalId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const fields = {
      patientId,
      clinicId: input.clinicId,
      dateOfService: new Date(input.dateOfService),
      durationMinutes: input.durationMinutes,
      historyFinished: input.historyFinished,
      educationText: input.educationText,
      educationNote: input.educationNote,
    };
    const [row] = await tx
      .insert(encounter)
      .values({ practiceId, externalId, ...fields })
      .onConflictDoUpdate({
        target: [encounter.practiceId, encounter.externalId],
        set: { ...fields, updatedAt: sql`now()` },
      })
      .returning({ id: encounter.id, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('encounter upsert returned nothing');

    await tx.delete(encounterRole).where(eq(encounterRole.encounterId, row.id));
    let position = 0;
    for (const p of input.providers) {
      const avatar = avatars.get(p.externalId);
      const values = {
        firstName: p.firstName,
        lastName: p.lastName,
        credentials: p.title,
        ...(avatar !== undefined
          ? { avatarS3Id: avatar?.s3Id ?? null, avatarMimeType: avatar?.mimeType ?? null }
          : {}),
      };
      const [saved] = await tx
        .insert(provider)
        .values({ practiceId, externalId: p.externalId, clinicId: input.clinicId, ...values })
        .onConflictDoUpdate({ target: [provider.practiceId, provider.externalId], set: values })
        .returning({ id: provider.id });
      if (!saved) throw new Error('provider upsert returned nothing');
      await tx
        .insert(encounterRole)
        .values({ encounterId: row.id, providerId: saved.id, role: p.role, position: position++ })
        .onConflictDoNothing();
    }
    if (input.consents !== undefined)
      await syncEncounterConsents(tx, practiceId, patientId, row.id, input.consents);
    return { id: row.id, externalId, created: row.created };
  });
}
