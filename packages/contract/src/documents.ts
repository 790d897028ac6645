import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { entityId, int32, int32Text, ridParams, safeString } from './rules';

/**
 * Documents (spec 001 §2, §3 "Document", §5 "Date range", §7): the clinic files them through the
 * integration API; the patient lists them (`GET dms/getPatientDocuments/_rid/{id}`, newest first) and
 * downloads one through a signed, expiring link (`GET dms/url/getDermisDownloadURL?patientId&documentId`),
 * each download landing in the activity log.
 */
export const patientDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  contentS3Id: z.string(),
  /** When the clinic created it (ISO 8601 timestamp): the date filter and the sort use it. */
  dateCreated: z.string(),
  /** When it was added to the portal (ISO 8601 timestamp). */
  addedOn: z.string(),
  ownerFullName: z.string().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  contentLength: z.number().int(),
});
export type PatientDocument = z.infer<typeof patientDocument>;

/** Most documents one page of dms/getPatientDocuments answers. */
export const documentPageSizeMax = 500;
/** What the web's Documents list asks for at a time (decision 267). */
export const documentListPageSize = 20;

/** An ISO 8601 instant with an offset, years 1900-2200 (what a timestamptz round-trips). */
const instant = safeString.datetime({ offset: true }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1900 && year <= 2200;
  },
  { message: 'Use a date between 1900 and 2200.' },
);

/**
 * GET dms/getPatientDocuments/_rid/{id}, its optional query (decision 267). `createdFrom` and
 * `createdBefore` keep the documents created at or after, and before, those instants: the web sends
 * the start of the range's first local day and of the day after its last. `limit` asks for a page of
 * that many, answered as `{ documents, nextCursor }`; `cursor` is a `nextCursor` of an earlier
 * answer, the page then starting after the document it names. A cursor of another patient, or one
 * that is not a cursor, answers an empty page. Without `limit` the answer is the spec's bare array.
 */
export const patientDocumentsQuery = z.object({
  createdFrom: instant.optional(),
  createdBefore: instant.optional(),
  limit: int32Text.pipe(int32.min(1).max(documentPageSizeMax)).optional(),
  cursor: safeString
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type PatientDocumentsQuery = z.input<typeof patientDocumentsQuery>;

/** A page of the documents, newest first: the answer when `limit` is given. */
export const patientDocumentsPage = z.object({
  documents: z.array(patientDocument),
  /** The `cursor` of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PatientDocumentsPage = z.infer<typeof patientDocumentsPage>;

/** The spec's bare array without `limit`; a page with it. */
export const patientDocumentsResponse = z.union([z.array(patientDocument), patientDocumentsPage]);

/**
 * GET dms/getPatientDocumentsSummary/_rid/{id}: what the Documents block of My Health Profile shows,
 * without the list behind it. `createdFrom` and `createdBefore` are the range Show details opens on,
 * as the list takes them; `inRange` counts the documents created in it.
 */
export const patientDocumentsSummaryQuery = patientDocumentsQuery.pick({
  createdFrom: true,
  createdBefore: true,
});
export type PatientDocumentsSummaryQuery = z.input<typeof patientDocumentsSummaryQuery>;

export const patientDocumentsSummary = z.object({
  /** Every document of the patient. */
  total: z.number().int(),
  /** Those created in the asked range. */
  inRange: z.number().int(),
  /** The newest, in the list's order; null without documents. */
  latest: patientDocument.nullable(),
});
export type PatientDocumentsSummary = z.infer<typeof patientDocumentsSummary>;

export const documentDownloadUrlQuery = z.object({
  patientId: int32Text.pipe(entityId),
  documentId: int32Text.pipe(entityId),
});
export type DocumentDownloadUrlQuery = z.infer<typeof documentDownloadUrlQuery>;

export const documentDownloadUrlResponse = z.object({
  url: z.string(),
  expiresAt: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
});
export type DocumentDownloadUrlResponse = z.infer<typeof documentDownloadUrlResponse>;

/** Spec §9: default range the last 7 days; shortcuts last 15 days and last 1 month. */
export const documentRangeShortcuts = [
  { key: 'last7Days', amount: 7, unit: 'day' },
  { key: 'last15Days', amount: 15, unit: 'day' },
  { key: 'last1Month', amount: 1, unit: 'month' },
] as const;
export type DocumentRangeShortcut = (typeof documentRangeShortcuts)[number]['key'];
/** Spec §9: MM-DD-YYYY in the filter, 'MMMM DD, Y' (dayjs: MMMM DD, YYYY) for document dates. */
export const documentFilterDateFormat = 'MM-DD-YYYY';
export const documentDateFormat = 'MMMM DD, YYYY';

/** Largest document the integration API accepts, decoded. */
export const documentMaxBytes = 20 * 1024 * 1024;

/** Document types recognised by content (magic bytes); plain text is accepted when it is valid UTF-8. */
export const documentMimeTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/tiff',
  'text/plain',
  'application/xml',
] as const;
export type DocumentMimeType = (typeof documentMimeTypes)[number];

const isoTimestamp = safeString.regex(
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/,
  {
    message: 'Use ISO 8601 (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ).',
  },
);

/** Integration API: PUT /api/integration/patients/{externalId}/documents/{documentExternalId}. */
export const upsertDocumentRequest = z.object({
  name: safeString.trim().min(1).max(200),
  fileName: safeString.trim().min(1).max(255),
  /** Must agree with the content's magic bytes. */
  mimeType: z.enum(documentMimeTypes),
  dateCreated: isoTimestamp,
  ownerFullName: safeString.trim().max(200).nullable().optional(),
  contentBase64: safeString.min(1).max(Math.ceil(documentMaxBytes / 3) * 4 + 4),
});
export type UpsertDocumentRequest = z.infer<typeof upsertDocumentRequest>;

export const documentExternalIdParams = z.object({
  externalId: safeString.trim().min(1).max(64),
  documentExternalId: safeString.trim().min(1).max(64),
});

export const upsertDocumentResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  created: z.boolean(),
});

/** The document calls: the patient lists and downloads (spec 001 §7), the clinic files. */
export const documentsCalls = {
  /** The documents of the patient, newest first: all of them, or a page with `limit`. */
  list: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/dms/getPatientDocuments/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    query: patientDocumentsQuery,
    response: patientDocumentsResponse,
    answers: { 400: errorResponse, 403: errorResponse },
  }),
  /** How many documents the patient has, how many in a range, and the newest. */
  summary: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/dms/getPatientDocumentsSummary/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    query: patientDocumentsSummaryQuery,
    response: patientDocumentsSummary,
    answers: { 400: errorResponse, 403: errorResponse },
  }),
  /** A signed, expiring link to one document of the patient (the server logs it). */
  downloadUrl: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/dms/url/getDermisDownloadURL`,
    who: who.patientInQuery('patientId'),
    query: documentDownloadUrlQuery,
    response: documentDownloadUrlResponse,
    answers: { 403: errorResponse, 404: errorResponse },
  }),
  upsert: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/patients/:externalId/documents/:documentExternalId`,
    who: who.apiKey,
    summary: 'File or replace a document of a patient, by the clinic’s own document id',
    description:
      'The content (base64) must be what mimeType says, checked by its bytes: PDF, PNG, JPEG, GIF, TIFF, XML or plain text.',
    params: documentExternalIdParams,
    body: upsertDocumentRequest,
    response: upsertDocumentResponse,
    answers: { 201: upsertDocumentResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
