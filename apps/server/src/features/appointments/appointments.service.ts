/**
 * Appointments (the encounter records): read as the contract's Encounter, the screening flag set by the patient, and the
 * clinic's upsert (providers by their own id, roles replaced).
 */
import {
  blobsCalls,
  routePath,
  unfinishedScreeningDays,
  type Encounter,
  type getEncountersByFilterRequest,
  type upsertEncounterRequest,
} from '@dermis/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { rowDiffers } from '../../db/upsert-changes';
import { listCursor } from '../../lib/list-cursor';
import { clinic, encounter, encounterRole, provider } from '../../db/schema';
import type { ProviderAvatar } from './provider-avatar';
import type { VisitConsents } from './visit-consents';

/** Where the web loads a provider's photo: public, named by an unguessable id (decision 101). */
export function providerAvatarUrl(s3Id: string | null): string | null {
  return s3Id ? routePath(blobsCalls.providerAvatar.path, { s3Id }) : null;
}

/**
 * A visit in the past counts only with at least one encounter role (spec 002 §2 Past Visits;
 * decision 100): the clinic's bookkeeping rows without a provider are not visits the patient had.
 * The flag is kept by the roles' triggers and carried in the patient's index (decision 307), so a
 * past list's total is read from the index alone.
 */
const listedVisit = sql`(${encounter.dateOfService} >= now() OR ${encounter.hasProvider})`;

/** A visit's provider as its list's read carries it (see `visitProviders`). */
type VisitProvider = {
  role: 'PROVIDER';
  providerId: number;
  firstName: string;
  lastName: string;
  title: string | null;
  avatarS3Id: string | null;
};

/**
 * A visit's providers, in the clinic's order, as one JSON array column of the visit's own row: a
 * visit list is then one statement, not one for the visits and another for their providers (on
 * PGlite every statement is a round trip into WebAssembly; decision 274). No dates inside, so the
 * JSON carries nothing the driver would have turned into another type.
 */
const visitProviders = sql<VisitProvider[]>`coalesce((
  SELECT json_agg(json_build_object(
      'role', ${encounterRole.role}, 'providerId', ${provider.id},
      'firstName', ${provider.firstName}, 'lastName', ${provider.lastName},
      'title', ${provider.credentials}, 'avatarS3Id', ${provider.avatarS3Id})
    ORDER BY ${encounterRole.position}, ${encounterRole.id})
  FROM ${encounterRole} INNER JOIN ${provider} ON ${provider.id} = ${encounterRole.providerId}
  WHERE ${encounterRole.encounterId} = ${encounter.id}), '[]'::json)`;

/** The columns of a visit and its clinic that the contract's Encounter carries. */
const visitColumns = (db: Db, consentsOf: VisitConsents) => ({
  id: encounter.id,
  patientId: encounter.patientId,
  dateOfService: encounter.dateOfService,
  durationMinutes: encounter.durationMinutes,
  historyFinished: encounter.historyFinished,
  educationText: encounter.educationText,
  educationNote: encounter.educationNote,
  providers: visitProviders,
  consents: consentsOf.column(db, encounter.id),
});
const clinicColumns = {
  id: clinic.id,
  name: clinic.name,
  addressLine1: clinic.addressLine1,
  addressLine2: clinic.addressLine2,
  city: clinic.city,
  state: clinic.state,
  zipCode: clinic.zipCode,
  phone: clinic.phone,
  website: clinic.website,
};

/**
 * Visits with their clinic, providers and consents: every visit read is this one statement (on
 * PGlite each statement is a round trip into WebAssembly; decisions 274, 277).
 */
const visitsWithClinic = (db: Db, consentsOf: VisitConsents) =>
  db
    .select({ e: visitColumns(db, consentsOf), c: clinicColumns })
    .from(encounter)
    .leftJoin(clinic, eq(clinic.id, encounter.clinicId));

/** The visits `where` selects, oldest first (a visit list has its own prepared statements, below). */
export async function loadEncounters(db: Db, consentsOf: VisitConsents, where: SQL): Promise<Encounter[]> {
  const rows = await visitsWithClinic(db, consentsOf)
    .where(where)
    .orderBy(asc(encounter.dateOfService), asc(encounter.id));
  return rows.map((row) => toEncounter(consentsOf, row));
}

type EncounterRow = Awaited<ReturnType<ReturnType<typeof visitsWithClinic>['execute']>>[number];

/** A visit's row as the contract's Encounter. */
function toEncounter(consentsOf: VisitConsents, { e, c }: EncounterRow): Encounter {
  const consents = consentsOf.fromColumn(e.consents);
  return {
    id: e.id,
    patientId: e.patientId,
    dateOfService: e.dateOfService.toISOString(),
    duration: e.durationMinutes * 60_000,
    historyFinished: e.historyFinished,
    encounterRoleInfoList: e.providers.map((r) => ({
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
    consents,
    unsignedConsents: consentsOf.unsigned(consents),
  };
}

export async function setHistoryFinished(
  db: Db,
  consentsOf: VisitConsents,
  encounterId: number,
  finished: boolean,
): Promise<Encounter> {
  await db
    .update(encounter)
    .set({
      historyFinished: finished,
      historyFinishedAt: finished ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(encounter.id, encounterId));
  const [found] = await loadEncounters(db, consentsOf, eq(encounter.id, encounterId));
  if (!found) throw new Error('encounter vanished');
  return found;
}

/**
 * A visit list's request as its reads take it: the filter's bounds, the order, the keyset (`after`:
 * the visit the cursor names; `refused`: a cursor of another patient or list, or none at all) and
 * the rows to read (`limit`: by cursor one more than the page, to know whether another follows).
 */
export interface VisitListAsk {
  params: VisitFilter;
  newestFirst: boolean;
  byCursor: boolean;
  refused: boolean;
  after: number | null;
  pageSize: number | undefined;
  limit: number | null;
  /** The cursor of the page after the visit `lastId`. */
  cursorAfter(lastId: number): string;
}

export function visitListAsk(
  patientId: number,
  filter: z.output<typeof getEncountersByFilterRequest>,
): VisitListAsk {
  const range = filter.dateSelection === 'SPECIFY_RANGE';
  const at = (value: string | undefined) => (range && value ? new Date(value).toISOString() : null);
  const newestFirst = filter.sortOrder === 'DESC';
  const list = newestFirst ? 'VISITSNEWEST' : 'VISITSOLDEST';
  const byCursor = filter.cursor !== undefined;
  const after = typeof filter.cursor === 'string' ? listCursor.read(filter.cursor, patientId, list) : null;
  return {
    params: {
      patientId,
      low: at(filter.dateOfServiceRangeLow),
      high: at(filter.dateOfServiceRangeHigh),
      historyFinished: filter.historyFinished ?? null,
    },
    newestFirst,
    byCursor,
    // Another patient's or list's cursor, or not a cursor: nothing follows it in this list.
    refused: typeof filter.cursor === 'string' && after === null,
    after,
    pageSize: filter.limit,
    limit: filter.limit === undefined ? null : filter.limit + (byCursor ? 1 : 0),
    cursorAfter: (lastId) => listCursor.of(patientId, list, lastId),
  };
}

/**
 * A visit list with every consent of each visit (a request without `consents: false`, which
 * `filterEncountersJson` answers).
 */
export async function filterEncounters(
  db: Db,
  consentsOf: VisitConsents,
  ask: VisitListAsk,
): Promise<{ encounters: Encounter[]; total: number; nextCursor?: string | null }> {
  if (ask.refused) return { encounters: [], total: 0, nextCursor: null };
  const page = ask.newestFirst ? newestFirstStatement : oldestFirstStatement;
  const rows = await page(db, consentsOf).execute({ ...ask.params, after: ask.after, limit: ask.limit });
  const more = ask.byCursor && ask.pageSize !== undefined && rows.length > ask.pageSize;
  const encounters = (more ? rows.slice(0, ask.pageSize) : rows).map((row) => toEncounter(consentsOf, row));
  if (ask.byCursor) {
    const last = encounters.at(-1);
    const nextCursor = more && last ? ask.cursorAfter(last.id) : null;
    return { encounters, total: rows[0]?.total ?? 0, nextCursor };
  }
  if (ask.pageSize === undefined || encounters.length < ask.pageSize)
    return { encounters, total: encounters.length };
  return { encounters, total: rows[0]?.total ?? encounters.length };
}

/**
 * A visit list's filter as its prepared statements bind it: a null bound leaves that condition out.
 * One statement shape for every filter (prepared, so neither Drizzle nor PostgreSQL builds or plans
 * it again on each call: docs/decisions/045); a patient's visits are found by the patient's index and
 * are few enough for the optional conditions to be filters.
 */
export type VisitFilter = {
  patientId: number;
  low: string | null;
  high: string | null;
  historyFinished: boolean | null;
};

export const visitFilter = () => {
  const low = sql.placeholder('low');
  const high = sql.placeholder('high');
  const historyFinished = sql.placeholder('historyFinished');
  return and(
    eq(encounter.patientId, sql.placeholder('patientId')),
    listedVisit,
    // An open bound as infinity, not `$low IS NULL OR …`: the plan made once for every range then
    // starts and ends the patient's index at the bounds (decision 290).
    sql`${encounter.dateOfService} >= coalesce(${low}::timestamptz, '-infinity')`,
    sql`${encounter.dateOfService} < coalesce(${high}::timestamptz, 'infinity')`,
    sql`(${historyFinished}::boolean IS NULL OR ${encounter.historyFinished} = ${historyFinished}::boolean)`,
  );
};

/**
 * After the visit whose id is bound as `after` (null: from the start), in the list's order: its
 * date and id are read within the patient's visits, so a visit of another patient starts nothing
 * (the comparison with no row is null, and the page is empty).
 */
export const afterVisit = (newestFirst: boolean) => {
  const after = sql.placeholder('after');
  return sql`(${after}::int IS NULL OR (${encounter.dateOfService}, ${encounter.id}) ${sql.raw(newestFirst ? '<' : '>')}
    (SELECT a.date_of_service, a.id FROM encounter a
      WHERE a.id = ${after}::int AND a.patient_id = ${sql.placeholder('patientId')}))`;
};

/**
 * A page of a visit list in one order, after a visit or from the start (the keyset above); a null
 * limit is no limit (LIMIT NULL in PostgreSQL). Each row
 * carries the length of the whole list, which a limited page answers: a subquery that does not
 * depend on the row, so PostgreSQL counts once per statement, and the page needs no second one.
 */
const visitPage = (order: typeof asc, name: string) =>
  preparedPerDatabase((db, consentsOf: VisitConsents) =>
    db
      .select({
        e: visitColumns(db, consentsOf),
        c: clinicColumns,
        total: sql<number>`(SELECT count(*)::int FROM ${encounter} WHERE ${visitFilter()})`,
      })
      .from(encounter)
      .leftJoin(clinic, eq(clinic.id, encounter.clinicId))
      .where(and(visitFilter(), afterVisit(order === desc)))
      .orderBy(order(encounter.dateOfService), order(encounter.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
const oldestFirstStatement = visitPage(asc, 'visit_page_oldest_first');
const newestFirstStatement = visitPage(desc, 'visit_page_newest_first');

/**
 * Unfinished screenings (decision 100): upcoming visits (from now) within unfinishedScreeningDays
 * days, history not finished, with a provider to name in the notification; soonest first.
 */
export async function unfinishedEncounters(
  db: Db,
  consentsOf: VisitConsents,
  patientId: number,
): Promise<Encounter[]> {
  // Asked by the signed-in header on every screen: prepared, like the visit lists.
  const rows = await unfinishedStatement(db, consentsOf).execute({ patientId });
  return rows.map((row) => toEncounter(consentsOf, row));
}

const unfinishedStatement = preparedPerDatabase((db, consentsOf: VisitConsents) =>
  visitsWithClinic(db, consentsOf)
    .where(
      and(
        eq(encounter.patientId, sql.placeholder('patientId')),
        eq(encounter.historyFinished, false),
        sql`${encounter.dateOfService} >= now()`,
        sql`${encounter.dateOfService} < now() + make_interval(days => ${sql.raw(String(unfinishedScreeningDays))})`,
        sql`EXISTS (SELECT 1 FROM encounter_role r WHERE r.encounter_id = ${encounter.id})`,
      ),
    )
    .orderBy(asc(encounter.dateOfService), asc(encounter.id))
    .prepare('visit_unfinished'),
);

/** The clinic's upsert by its own encounter id; providers are upserted by theirs, roles replaced. */
export async function upsertEncounter(
  db: Db,
  consentsOf: VisitConsents,
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
      // A provider is written only when what is sent differs (a feed sends the same providers with
      // every visit).
      const [written] = await tx
        .insert(provider)
        .values({ practiceId, externalId: p.externalId, clinicId: input.clinicId, ...values })
        .onConflictDoUpdate({
          target: [provider.practiceId, provider.externalId],
          set: values,
          setWhere: rowDiffers(provider, Object.keys(values) as (keyof typeof values)[]),
        })
        .returning({ id: provider.id });
      const [saved] = written
        ? [written]
        : await tx
            .select({ id: provider.id })
            .from(provider)
            .where(and(eq(provider.practiceId, practiceId), eq(provider.externalId, p.externalId)));
      if (!saved) throw new Error('provider upsert returned nothing');
      await tx
        .insert(encounterRole)
        .values({ encounterId: row.id, providerId: saved.id, role: p.role, position: position++ })
        .onConflictDoNothing();
    }
    if (input.consents !== undefined)
      await consentsOf.replaceForVisit(tx, practiceId, patientId, row.id, input.consents);
    return { id: row.id, externalId, created: row.created };
  });
}
