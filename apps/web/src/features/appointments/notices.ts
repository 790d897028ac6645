import type { Appointment } from './api/appointments';
import { formatVisitDate, providersOf } from './format';

/** What the Notifications dropdown needs of an unfinished visit. */
export interface VisitNotice {
  id: number;
  providerFirstName: string;
  providerLastName: string;
}

/**
 * 'Review your medical profile before visiting {provider first and last name}' (spec 000 §2). A
 * visit without a provider names its clinic, else its date, so the entry still says which visit.
 */
export function unfinishedNotices(visits: readonly Appointment[]): VisitNotice[] {
  return visits.map((visit) => {
    const provider = providersOf(visit.encounterRoleInfoList)[0];
    if (provider)
      return { id: visit.id, providerFirstName: provider.firstName, providerLastName: provider.lastName };
    return {
      id: visit.id,
      providerFirstName: visit.clinicInfo?.clinicName ?? formatVisitDate(visit.dateOfService),
      providerLastName: '',
    };
  });
}
