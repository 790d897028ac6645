import { useQuery } from '@tanstack/react-query';
import { clinicalDocumentRoutes, viewCcdaDocumentResponse } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/** POST patient/viewCCDADocument (spec 001/002 §7): the encounter's clinical document as XML. */
export function useClinicalDocument(patientId: number, encounterId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['clinicalDocument', patientId, encounterId],
    queryFn: () =>
      client.request(client.appUrl(clinicalDocumentRoutes.view), {
        method: 'POST',
        body: { encounterId, patientId },
        schema: viewCcdaDocumentResponse,
      }),
    // Each view is logged; the window shows one document and does not refetch it behind the reader.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
