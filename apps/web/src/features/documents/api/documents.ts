import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  documentListPageSize,
  documentsCalls,
  type DocumentDownloadUrlResponse,
  type PatientDocument,
  type PatientDocumentsPage,
  type PatientDocumentsQuery,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { rangeInstants, type DayRange } from '../date-range';

/** The same call with `limit`: a page and the cursor of the next (decision 267). */
async function getDocumentsPage(
  client: HttpClient,
  patientId: number,
  query: PatientDocumentsQuery,
): Promise<PatientDocumentsPage> {
  return pageOf(await client.call(documentsCalls.list, { params: { id: String(patientId) }, query }));
}

/** The call answers a bare array without `limit` (the spec's shape) and a page with it. */
function pageOf(answer: PatientDocument[] | PatientDocumentsPage): PatientDocumentsPage {
  return Array.isArray(answer) ? { documents: answer, nextCursor: null } : answer;
}

/**
 * The Documents page's list: the documents created in the chosen days, `documentListPageSize` at a
 * time, newest first; the next page by the answer's cursor. The range goes to the server, so a
 * document of the range never hides behind a page not yet read. No call while the range is invalid.
 */
export function useDocumentPages(patientId: number, range: DayRange, enabled = true) {
  const client = useApiClient();
  const { createdFrom, createdBefore } = rangeInstants(range);
  return useInfiniteQuery({
    queryKey: ['documents', patientId, 'pages', createdFrom ?? null, createdBefore ?? null],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      getDocumentsPage(client, patientId, {
        ...(createdFrom === undefined ? {} : { createdFrom }),
        ...(createdBefore === undefined ? {} : { createdBefore }),
        limit: documentListPageSize,
        ...(pageParam === null ? {} : { cursor: pageParam }),
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Whether the patient has any document at all: asked only when the range holds none, to tell "no
 * documents uploaded" from "none in this range" with one document's worth of answer.
 */
export function useHasDocuments(patientId: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['documents', patientId, 'any'],
    enabled,
    queryFn: async () => (await getDocumentsPage(client, patientId, { limit: 1 })).documents.length > 0,
  });
}

/**
 * The Documents block's figures (decision 311): how many documents, how many in `range` (the range
 * Show details opens on), and the newest, without reading the list behind them.
 */
export function usePatientDocumentsSummary(patientId: number, range: DayRange) {
  const client = useApiClient();
  const query = rangeInstants(range);
  return useQuery({
    queryKey: ['documents', patientId, 'summary', query.createdFrom ?? null, query.createdBefore ?? null],
    queryFn: () => client.call(documentsCalls.summary, { params: { id: String(patientId) }, query }),
  });
}

/** GET dms/url/getDermisDownloadURL: a signed, expiring link to one document (the server logs it). */
export function getDocumentDownloadUrl(
  client: HttpClient,
  patientId: number,
  documentId: number,
): Promise<DocumentDownloadUrlResponse> {
  return client.call(documentsCalls.downloadUrl, { query: { patientId, documentId } });
}

/** Asks for the link, then lets the browser download the file from it. */
export function useDownloadDocument(patientId: number) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (documentId: number) => {
      const link = await getDocumentDownloadUrl(client, patientId, documentId);
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = link.fileName;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      return link;
    },
  });
}
