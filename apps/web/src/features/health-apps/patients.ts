import type { HealthAppAuthorizationPatient } from '@dermis/contract';
import { t } from '../../lib/i18n';

/** The record chosen before the patient picks: their own, else the first they may act for. */
export function defaultPatientId(patients: readonly HealthAppAuthorizationPatient[]): number | null {
  return (patients.find((patient) => patient.self) ?? patients[0])?.patientId ?? null;
}

/** 'Maria Lopez (you)' for the account's own record, the patient's name for anyone else's. */
export function patientLabel(
  patient: Pick<HealthAppAuthorizationPatient, 'firstName' | 'lastName' | 'self'>,
) {
  const name = `${patient.firstName} ${patient.lastName}`;
  return patient.self ? t('connectedApps.authorize.self', { name }) : name;
}
