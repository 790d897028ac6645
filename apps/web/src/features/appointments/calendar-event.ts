import { t } from '../../lib/i18n';
import type { Appointment } from './api/appointments';
import { addressLines, providerName, providersOf } from './format';
import type { CalendarEvent } from './vcs';

/**
 * The calendar event of an upcoming visit: starts at dateOfService, lasts the encounter's duration,
 * named after the provider, located at the clinic's address (spec 002 §2; decision 105).
 */
export function calendarEventOf(visit: Appointment, now: Date): CalendarEvent {
  const providers = providersOf(visit.encounterRoleInfoList);
  const clinic = visit.clinicInfo;
  const summary =
    providers.length > 0
      ? t('appointments.calendarSummary', { provider: providers.map(providerName).join(', ') })
      : clinic
        ? t('appointments.calendarSummaryNoProvider', { clinic: clinic.clinicName })
        : t('appointments.calendarSummaryGeneric');
  // The address alone, so calendars can find it on a map; the clinic's name goes in the description.
  const location = clinic ? addressLines(clinic.addressInformationInfo).join(', ') : '';
  return {
    uid: `encounter-${visit.id}-patient-${visit.patientId}@dermis`,
    start: new Date(visit.dateOfService),
    durationMs: visit.duration,
    summary,
    location,
    description: clinic?.clinicName,
    now,
  };
}
