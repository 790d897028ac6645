import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { documentsCalls, type DocumentDownloadUrlResponse, type PatientDocument } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET dms/getPatientDocuments/_rid/{id}: the documents of the patient being viewed, newest first. */
export function getPatientDocuments(client: HttpClient, patientId: number): Promise<PatientDocument[]> {
  return client.call(documentsCalls.list, { params: { id: String(patientId) } });
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
