import { queryOptions, useQuery } from '@tanstack/react-query';
import { insuranceCalls, type PatientInsuranceResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** The read-only insurance of the patient viewed. */
export function getInsurance(client: HttpClient, patientId: number): Promise<PatientInsuranceResponse> {
  return client.call(insuranceCalls.getActiveProfile, { params: { id: String(patientId) } });
}

export function insuranceQuery(client: HttpClient, patientId: number) {
  return queryOptions({ queryKey: ['insurance', patientId], queryFn: () => getInsurance(client, patientId) });
}

export function useInsurance(patientId: number) {
  const client = useApiClient();
  return useQuery(insuranceQuery(client, patientId));
}
