import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  appRoutes,
  patientInsuranceResponse,
  routePath,
  type PatientInsuranceResponse,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET insurance/getActivePatientInsuranceProfile/_rid/{id}: read-only insurance of the patient viewed. */
export function getInsurance(client: HttpClient, patientId: number): Promise<PatientInsuranceResponse> {
  return client.request(client.appUrl(routePath(appRoutes.insuranceProfile, { id: patientId })), {
    schema: patientInsuranceResponse,
  });
}

export function insuranceQuery(client: HttpClient, patientId: number) {
  return queryOptions({ queryKey: ['insurance', patientId], queryFn: () => getInsurance(client, patientId) });
}

export function useInsurance(patientId: number) {
  const client = useApiClient();
  return useQuery(insuranceQuery(client, patientId));
}
