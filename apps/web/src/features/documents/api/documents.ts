import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  appRoutes,
  documentDownloadUrlResponse,
  patientDocumentsResponse,
  routePath,
  type DocumentDownloadUrlResponse,
  type PatientDocument,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET dms/getPatientDocuments/_rid/{id}: the documents of the patient being viewed, newest first. */
export function getPatientDocuments(client: HttpClient, patientId: number): Promise<PatientDocument[]> {
  return client.request(client.appUrl(routePath(appRoutes.patientDocuments, { id: patientId })), {
    schema: patientDocumentsResponse,
  });
}

export function patientDocumentsQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['documents', patientId],
    queryFn: () => getPatientDocuments(client, patientId),
  });
}

export function usePatientDocuments(patientId: number) {
  const client = useApiClient();
  return useQuery(patientDocumentsQuery(client, patientId));
}

/** GET dms/url/getDermisDownloadURL: a signed, expiring link to one document (the server logs it). */
export function getDocumentDownloadUrl(
  client: HttpClient,
  patientId: number,
  documentId: number,
): Promise<DocumentDownloadUrlResponse> {
  const query = new URLSearchParams({ patientId: String(patientId), documentId: String(documentId) });
  return client.request(`${client.appUrl(appRoutes.documentDownloadUrl)}?${query.toString()}`, {
    schema: documentDownloadUrlResponse,
  });
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
