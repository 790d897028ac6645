/**
 * The FHIR R4 US Core API (read side) under the FHIR base path (FHIR_BASE_URL's path, default
 * /fhir/r4). Everything under it answers FHIR JSON: resources, searchset Bundles, or an
 * OperationOutcome with the status a FHIR client expects; never the web page or the portal's own
 * error shape. The token is read by `resolveGrant` (the authorization server's), which says which
 * patient and scopes it grants; each request then reads that one patient's record.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/database';
import { blobKey } from '../../../lib/blob-store/blob-store';
import { retryAfterSeconds, unavailableDependency } from '../../../lib/outage';
import { recordAppAccess } from './access-log';
import { capabilityStatement } from './capability-statement';
import { FhirAuthError, type FhirGrant, type FhirGrantResolver } from './fhir-grant';
import type { FhirResource } from './fhir-resource';
import { fhirPatientId, idPattern } from './ids';
import { FhirError, forbidden, notFound, operationOutcome } from './outcome';
import {
  findClinicalNoteContent,
  findDocumentContent,
  findVisitDocumentXml,
  loadPatientData,
} from './patient-data';
import { buildPatientResources, partsOf } from './resources';
import type { BuiltResource } from './resources/built';
import { buildProvenance } from './resources/provenance';
import { allows, parseScopes, scopesFor, type ResourceScope } from './scopes';
import { categoriesOf, readableTypes, searchParamsOf } from './search-params';
import { cursorOf, parseSearch, type Query } from './search';

/** Builds the patient's C-CDA summary of the whole record (features/health-information, composed in app.ts). */
export type SummaryBuilder = (db: Db, patientId: number, generatedAt: Date) => Promise<string>;

export interface FhirRoutesOptions {
  resolveGrant: FhirGrantResolver;
  buildSummary: SummaryBuilder;
}

export const fhirContentType = 'application/fhir+json; charset=utf-8';

/** The path the FHIR API is mounted at: FHIR_BASE_URL's path, or /fhir/r4. */
export function fhirBasePath(config: Pick<Config, 'fhirBaseUrl'>): string {
  if (!config.fhirBaseUrl) return '/fhir/r4';
  const path = new URL(config.fhirBaseUrl).pathname.replace(/\/+$/, '');
  return path === '' ? '/fhir/r4' : path;
}

export function fhirRoutes(app: FastifyInstance, options: FhirRoutesOptions): Promise<void> {
  const basePath = fhirBasePath(app.config);
  const baseUrl = (request: FastifyRequest) =>
    (app.config.fhirBaseUrl ?? `${request.protocol}://${request.host}${basePath}`).replace(/\/+$/, '');
  const publicOrigin = (request: FastifyRequest) =>
    app.config.fhirBaseUrl ? new URL(app.config.fhirBaseUrl).origin : `${request.protocol}://${request.host}`;

  // A body of any type is taken as bytes, so a POST or PUT reaches its 405 instead of a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store');
    // Bearer tokens, no cookies: any web app may call (SMART apps run in the browser).
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'WWW-Authenticate, Location');
    done(null, payload);
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof FhirAuthError) {
      reply.header(
        'WWW-Authenticate',
        `Bearer realm="${baseUrl(request)}", error="${error.code}", error_description="${error.message.replace(/["\\]/g, '')}"`,
      );
      return sendOutcome(reply, error.status, error.status === 401 ? 'login' : 'forbidden', error.message);
    }
    if (error instanceof FhirError) {
      if (error.status === 403)
        reply.header('WWW-Authenticate', `Bearer realm="${baseUrl(request)}", error="insufficient_scope"`);
      return sendOutcome(reply, error.status, error.issue, error.diagnostics);
    }
    const dependency = unavailableDependency(error);
    if (dependency) {
      request.log.warn({ err: error, dependency }, 'FHIR request failed: a service is unavailable');
      reply.header('Retry-After', String(retryAfterSeconds));
      return sendOutcome(reply, 503, 'transient', 'The service is briefly unavailable; try again shortly');
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500)
      return sendOutcome(reply, status, 'invalid', 'The request is malformed');
    request.log.error({ err: error }, 'FHIR request failed');
    return sendOutcome(reply, 500, 'exception', 'The server could not answer this request');
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'OPTIONS') return preflight(reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(reply);
    return sendOutcome(reply, 404, 'not-found', 'No FHIR interaction at this address');
  });

  app.get('/metadata', async (request, reply) => {
    const statement = capabilityStatement(baseUrl(request), publicOrigin(request), {
      version: app.config.appVersion,
    });
    return sendResource(reply, statement);
  });

  app.get<{ Params: { type: string } }>('/:type', async (request, reply) => {
    const { type } = request.params;
    // The types served are public (metadata lists them): an unknown one is 404 before any token check.
    if (type === 'Binary')
      throw new FhirError(400, 'not-supported', 'Binary cannot be searched; read it by id');
    if (!searchParamsOf(type)) throw notFound(`The resource type ${type.slice(0, 64)}`);
    const session = await openSession(request, type);
    const searchScopes = scopesFor(session.scopes, type, 'search');
    if (searchScopes.length === 0) throw forbidden(`The token's scopes do not allow searching ${type}`);
    const query = request.query as Query;
    const search = parseSearch(type, query, `Patient/${fhirPatientId(session.grant.patientId)}`);
    refuseUngrantedCategories(searchScopes, query);

    const candidates = type === 'Provenance' ? session.provenances() : session.ofType(type);
    const matched = candidates.filter(
      (r) => search.filters.every((f) => f(r)) && allows(session.scopes, type, 'search', r, categoriesOf),
    );
    const page = matched.slice(search.offset, search.offset + search.count);
    const base = baseUrl(request);
    const entry: unknown[] = page.map((resource) => ({
      fullUrl: `${base}/${type}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    }));
    if (
      search.revIncludeProvenance &&
      type !== 'Provenance' &&
      scopesFor(session.scopes, 'Provenance', 'search').length > 0
    ) {
      for (const resource of page) {
        const provenance = session.provenanceOf(type, resource.id!);
        if (provenance)
          entry.push({
            fullUrl: `${base}/Provenance/${provenance.id}`,
            resource: provenance,
            search: { mode: 'include' },
          });
      }
    }
    const link = (offset: number) => {
      const params = new URLSearchParams(search.echo);
      if (offset > 0) params.set('_cursor', cursorOf(offset));
      const qs = params.toString();
      return `${base}/${type}${qs ? `?${qs}` : ''}`;
    };
    const next = search.offset + search.count;
    await recordAppAccess(app.db, app.counters, session.grant);
    return sendResource(reply, {
      resourceType: 'Bundle',
      type: 'searchset',
      total: matched.length,
      link: [
        { relation: 'self', url: link(search.offset) },
        ...(next < matched.length ? [{ relation: 'next', url: link(next) }] : []),
      ],
      entry,
    });
  });

  app.get<{ Params: { type: string; id: string } }>('/:type/:id', async (request, reply) => {
    const { type, id } = request.params;
    if (!(readableTypes as readonly string[]).includes(type))
      throw notFound(`The resource type ${type.slice(0, 64)}`);
    // A Binary is found through the DocumentReference that points at it.
    const session = await openSession(request, type === 'Binary' ? 'DocumentReference' : type);
    if (!idPattern.test(id)) throw notFound(`${type}/${id.slice(0, 64)}`);

    if (type === 'Binary') {
      const url = `${baseUrl(request)}/Binary/${id}`;
      const document = session.ofType('DocumentReference').find((r) => contentUrls(r).includes(url));
      if (!document) throw notFound(`Binary/${id}`);
      const readable = ['Binary', 'DocumentReference'].some((t) =>
        allows(session.scopes, t, 'read', document, categoriesOf),
      );
      if (!readable) throw forbidden("The token's scopes do not allow reading this document");
      const content = await binaryContent(session.grant.patientId, id);
      if (!content) throw notFound(`Binary/${id}`);
      await recordAppAccess(app.db, app.counters, session.grant);
      if (!wantsFhir(request)) return reply.status(200).type(content.contentType).send(content.bytes);
      return sendResource(reply, {
        resourceType: 'Binary',
        id,
        contentType: content.contentType,
        data: content.bytes.toString('base64'),
      });
    }

    const resource =
      type === 'Provenance' ? session.provenances().find((r) => r.id === id) : session.find(type, id);
    if (!resource) throw notFound(`${type}/${id}`);
    if (!allows(session.scopes, type, 'read', resource, categoriesOf))
      throw forbidden(`The token's scopes do not allow reading this ${type}`);
    await recordAppAccess(app.db, app.counters, session.grant);
    return sendResource(reply, resource);
  });

  // Writes are not offered: every other method on any address is 405 (FHIR http.html).
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (_request, reply) => methodNotAllowed(reply),
  });
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/',
    handler: async (_request, reply) => methodNotAllowed(reply),
  });
  app.options('/*', async (_request, reply) => preflight(reply));
  return Promise.resolve();

  /**
   * The token's grant, and the resources of `type` of its one patient: only the parts of the record
   * that type is built from are read (resources/index.ts `partsOfType`). A Provenance may be of
   * any resource, so it is built from all of them.
   */
  async function openSession(request: FastifyRequest, type: string) {
    const grant = await options.resolveGrant(request);
    const data = await loadPatientData(app.db, grant.patientId, partsOf(type));
    if (!data) throw new FhirAuthError(401, 'invalid_token', 'The patient of this token no longer exists');
    const ctx = { patientId: grant.patientId, practiceId: grant.practiceId, base: baseUrl(request) };
    const built = buildPatientResources(ctx, data, type === 'Provenance' ? undefined : [type]);
    const byKey = new Map<string, BuiltResource>(
      built.map((b) => [`${b.resource.resourceType}/${b.resource.id}`, b]),
    );
    let provenances: FhirResource[] | null = null;
    return {
      grant,
      scopes: parseScopes(grant.scopes) as readonly ResourceScope[],
      ofType: (type: string) => built.filter((b) => b.resource.resourceType === type).map((b) => b.resource),
      find: (type: string, id: string) => byKey.get(`${type}/${id}`)?.resource,
      provenanceOf: (type: string, id: string) => {
        const b = byKey.get(`${type}/${id}`);
        return b ? buildProvenance(ctx, b) : undefined;
      },
      provenances: () => (provenances ??= built.map((b) => buildProvenance(ctx, b))),
    };
  }

  async function binaryContent(
    patientId: number,
    id: string,
  ): Promise<{ contentType: string; bytes: Buffer } | null> {
    const [, kind, n] = /^(document|visit-document|summary|note|note-pdf)-(\d{1,10})$/.exec(id) ?? [];
    const number = Number(n);
    if (!kind || !Number.isSafeInteger(number) || number > 2_147_483_647) return null;
    if (kind === 'summary') {
      if (number !== patientId) return null;
      const xml = await options.buildSummary(app.db, patientId, new Date());
      return { contentType: 'application/xml', bytes: Buffer.from(xml, 'utf8') };
    }
    if (kind === 'visit-document') {
      const xml = await findVisitDocumentXml(app.db, patientId, number);
      return xml === null ? null : { contentType: 'application/xml', bytes: Buffer.from(xml, 'utf8') };
    }
    if (kind === 'note' || kind === 'note-pdf') {
      const note = await findClinicalNoteContent(app.db, patientId, number);
      if (kind === 'note')
        return note?.text == null
          ? null
          : { contentType: 'text/plain; charset=utf-8', bytes: Buffer.from(note.text, 'utf8') };
      const bytes = note?.s3Id ? await app.blobs.get(blobKey('documents', note.s3Id)) : null;
      return bytes ? { contentType: 'application/pdf', bytes } : null;
    }
    const row = await findDocumentContent(app.db, patientId, number);
    if (!row) return null;
    const bytes = await app.blobs.get(blobKey('documents', row.key));
    return bytes ? { contentType: row.mimeType, bytes } : null;
  }
}

/**
 * A search limited by granular scopes to some categories, asking only for others, has nothing it may
 * answer: 403 rather than an empty Bundle that would read as "the patient has none".
 */
function refuseUngrantedCategories(searchScopes: ResourceScope[], query: Query): void {
  if (searchScopes.some((s) => s.categories === null)) return;
  const asked = query.category;
  if (asked === undefined) return;
  const granted = searchScopes.flatMap((s) => s.categories ?? []);
  const values = (Array.isArray(asked) ? asked : [asked]).flatMap((v) => v.split(','));
  const covered = values.some((v) => {
    const bar = v.indexOf('|');
    const system = bar < 0 ? null : v.slice(0, bar);
    const code = bar < 0 ? v : v.slice(bar + 1);
    return granted.some(
      (g) => g.code === code && (g.system === null || system === null || g.system === system),
    );
  });
  if (!covered) throw forbidden("The token's scopes do not cover the categories asked for");
}

/** The Binary addresses a DocumentReference's content names (where its Binary is read from). */
function contentUrls(document: FhirResource): string[] {
  const content = Array.isArray(document.content)
    ? (document.content as { attachment?: { url?: string } }[])
    : [];
  return content.map((c) => c.attachment?.url).filter((u): u is string => typeof u === 'string');
}

/** A Binary read answers the bytes themselves unless the app asks for FHIR JSON (FHIR R4 binary.html). */
function wantsFhir(request: FastifyRequest): boolean {
  const format = (request.query as Query)._format;
  if (typeof format === 'string' && /json/.test(format)) return true;
  const accept = request.headers.accept ?? '';
  return /application\/(fhir\+)?json/.test(accept);
}

function sendResource(reply: FastifyReply, resource: FhirResource) {
  return reply.status(200).type(fhirContentType).send(JSON.stringify(resource));
}

function sendOutcome(
  reply: FastifyReply,
  status: number,
  issue: Parameters<typeof operationOutcome>[0],
  text: string,
) {
  return reply
    .status(status)
    .type(fhirContentType)
    .send(JSON.stringify(operationOutcome(issue, text)));
}

function methodNotAllowed(reply: FastifyReply) {
  reply.header('Allow', 'GET, HEAD');
  return sendOutcome(reply, 405, 'not-supported', 'This FHIR server is read-only: only GET is allowed');
}

function preflight(reply: FastifyReply) {
  return reply
    .status(204)
    .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
    .header('Access-Control-Allow-Headers', 'Authorization, Accept, Content-Type')
    .header('Access-Control-Max-Age', '600')
    .send();
}

export type { FhirGrant };
