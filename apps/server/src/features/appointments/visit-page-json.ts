/**
 * A page of a visit list that answers only the consents still to sign (`consents: false`, the
 * Appointments page's ask) as the answer's JSON text, written by one prepared statement (decision
 * 299, as 291 and 293 do): Node neither parses the visits' JSON columns nor builds and serialises
 * the Encounters again. The page is `visitPage`'s (the same filter, keyset and limit, the filter's
 * total beside it); each visit is written in the bytes the contract's serialiser wrote of
 * `toEncounter`'s Encounter: its keys in their order, strings and instants by the shared `json-text`
 * pieces, the consents by the consents feature's `unsignedJson`.
 */
import { blobsCalls, routePath } from '@dermis/contract';
import { and, asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { jsonInstant, jsonString } from '../../db/json-text';
import { preparedPerDatabase } from '../../db/prepared';
import { clinic, encounter, encounterRole, provider } from '../../db/schema';
import { afterVisit, visitFilter, type VisitListAsk } from './appointments.service';
import type { VisitConsents } from './visit-consents';

/**
 * Where the web loads a provider's photo, as `providerAvatarUrl` writes it: the photo's id needs no
 * escape in a URL (its column holds 32 hexadecimal digits) nor in JSON.
 */
const avatarUrlPrefix = sql.raw(
  `'${routePath(blobsCalls.providerAvatar.path, { s3Id: '' }).replaceAll("'", "''")}'`,
);

/** A visit's providers, in the clinic's order, as the text of a JSON array's elements. */
const providersJson = sql`coalesce((
  SELECT string_agg('{"encounterRoleType":' || ${jsonString(sql`${encounterRole.role}`)}
      || ',"providerId":' || ${provider.id} || ',"firstName":' || ${jsonString(sql`${provider.firstName}`)}
      || ',"lastName":' || ${jsonString(sql`${provider.lastName}`)}
      || ',"title":' || ${jsonString(sql`${provider.credentials}`)}
      || ',"avatarS3Id":' || ${jsonString(sql`${provider.avatarS3Id}`)}
      || ',"avatarUrl":' || ${jsonString(sql`${avatarUrlPrefix}::text || nullif(${provider.avatarS3Id}, '')`)} || '}',
    ',' ORDER BY ${encounterRole.position}, ${encounterRole.id})
  FROM ${encounterRole} INNER JOIN ${provider} ON ${provider.id} = ${encounterRole.providerId}
  WHERE ${encounterRole.encounterId} = ${encounter.id}), '')`;

/** A visit's clinic, or `null`; a phone or website only when it is not empty. */
const clinicJson = sql`CASE WHEN ${clinic.id} IS NULL THEN 'null' ELSE '{"id":' || ${clinic.id}
  || ',"clinicName":' || ${jsonString(sql`${clinic.name}`)}
  || ',"addressInformationInfo":{"streetAddressLn1":' || ${jsonString(sql`${clinic.addressLine1}`)}
  || ',"streetAddressLn2":' || ${jsonString(sql`${clinic.addressLine2}`)}
  || ',"city":' || ${jsonString(sql`${clinic.city}`)} || ',"state":' || ${jsonString(sql`${clinic.state}`)}
  || ',"zip":' || ${jsonString(sql`${clinic.zipCode}`)} || '},"contactInfoList":['
  || concat_ws(',',
    CASE WHEN ${clinic.phone} <> '' THEN '{"type":"WORK_PHONE","value":' || to_json(${clinic.phone})::text || '}' END,
    CASE WHEN ${clinic.website} <> '' THEN '{"type":"WEBSITE","value":' || to_json(${clinic.website})::text || '}' END)
  || ']}' END`;

const visitJson = (consentsOf: VisitConsents) => sql`'{"id":' || ${encounter.id}
  || ',"patientId":' || ${encounter.patientId}
  || ',"dateOfService":' || ${jsonInstant(sql`${encounter.dateOfService}`)}
  || ',"duration":' || (${encounter.durationMinutes}::bigint * 60000)
  || ',"historyFinished":' || ${encounter.historyFinished}::text
  || ',"encounterRoleInfoList":[' || ${providersJson} || '],"clinicInfo":' || ${clinicJson}
  || ',"educationText":' || ${jsonString(sql`${encounter.educationText}`)}
  || ',"educationNote":' || ${jsonString(sql`${encounter.educationNote}`)}
  || ',"consents":[],"unsignedConsents":[' || ${consentsOf.unsignedJson(encounter.id)} || ']}'`;

/**
 * The page's visits as the text of a JSON array's elements (the first `shown` of the `limit` read),
 * how many were read and the id of the last shown, beside the filter's total.
 */
const visitPageJson = (order: typeof asc, name: string) =>
  preparedPerDatabase((db, consentsOf: VisitConsents) => {
    const by = sql`${order(encounter.dateOfService)}, ${order(encounter.id)}`;
    const shown = sql`${sql.placeholder('shown')}::int`;
    return db
      .select({
        visits: sql<string | null>`page.visits`,
        read: sql<number>`page.read`,
        lastId: sql<number | null>`page.last_id`,
        total: sql<number>`(SELECT count(*)::int FROM ${encounter} WHERE ${visitFilter()})`,
      })
      .from(
        sql`(SELECT string_agg(v.json, ',' ORDER BY v.place) FILTER (WHERE v.place <= ${shown}) AS visits,
            count(*)::int AS read, max(v.id) FILTER (WHERE v.place = ${shown}) AS last_id
          FROM (SELECT ${visitJson(consentsOf)} AS json, ${encounter.id} AS id,
              row_number() OVER (ORDER BY ${by}) AS place
            FROM ${encounter} LEFT JOIN ${clinic} ON ${clinic.id} = ${encounter.clinicId}
            WHERE ${and(visitFilter(), afterVisit(order === desc))}
            ORDER BY ${by}
            LIMIT ${sql.placeholder('limit')}) v) AS page`,
      )
      .prepare(name);
  });
const oldestFirstJsonStatement = visitPageJson(asc, 'visit_page_oldest_first_json');
const newestFirstJsonStatement = visitPageJson(desc, 'visit_page_newest_first_json');

/** More than any page: no limit shows every visit read. */
const everyVisit = 2_147_483_647;

/**
 * The answer of a visit list asked with `consents: false`, as JSON text, as `filterEncounters`
 * answers it: `total` and `nextCursor` by the same rules.
 */
export async function filterEncountersJson(
  db: Db,
  consentsOf: VisitConsents,
  ask: VisitListAsk,
): Promise<string> {
  if (ask.refused) return '{"encounters":[],"total":0,"nextCursor":null}';
  const statement = ask.newestFirst ? newestFirstJsonStatement : oldestFirstJsonStatement;
  const [page] = await statement(db, consentsOf).execute({
    ...ask.params,
    after: ask.after,
    limit: ask.limit,
    shown: ask.pageSize ?? everyVisit,
  });
  const read = page?.read ?? 0;
  const visits = `{"encounters":[${page?.visits ?? ''}],"total":`;
  if (ask.byCursor) {
    const more = ask.pageSize !== undefined && read > ask.pageSize && page?.lastId != null;
    const nextCursor = more ? JSON.stringify(ask.cursorAfter(page.lastId!)) : 'null';
    return `${visits}${read > 0 ? page!.total : 0},"nextCursor":${nextCursor}}`;
  }
  const whole = ask.pageSize === undefined || read < ask.pageSize;
  return `${visits}${whole ? read : page!.total}}`;
}
