import { useQuery } from '@tanstack/react-query';
import { prescriptionsCalls, type Prescription } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/** POST prescription/getHistory {patientId}: the prescriptions the clinic wrote (read-only). */
export function usePrescriptions(patientId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['prescriptions', patientId],
    queryFn: () => client.call(prescriptionsCalls.getHistory, { body: { patientId } }),
  });
}

/** POST prescription/getPatientEducationMonograph for one prescription's drug, as plain text. */
export function useMonograph(prescription: Prescription | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['monograph', prescription?.fdbId, prescription?.fdbDrugType],
    enabled: prescription !== null,
    retry: false,
    queryFn: () =>
      client.call(prescriptionsCalls.getEducationMonograph, {
        body: {
          fdbId: prescription?.fdbId ?? '',
          fdbDrugType: prescription?.fdbDrugType ?? '',
          monographFormat: 'TEXT_PLAIN',
        },
      }),
  });
}
