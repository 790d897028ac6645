import { useQuery } from '@tanstack/react-query';
import { clinicalDocumentCalls } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/** POST patient/viewCCDADocument (spec 001/002 §7): the encounter's clinical document as XML. */
export function useClinicalDocument(patientId: number, encounterId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['clinicalDocument', patientId, encounterId],
    queryFn: () => client.call(clinicalDocumentCalls.view, { body: { encounterId, patientId } }),
    // Each view is logged; the window shows one document and does not refetch it behind the reader.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
