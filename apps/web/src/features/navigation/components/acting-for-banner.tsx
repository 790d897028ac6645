import { Alert, Text } from '@mantine/core';
import type { ResponsibleForPatient } from '@dermis/contract';
import { t } from '../../../lib/i18n';
import { usePatientById } from '../api/get-patient-by-id';

interface ActingForBannerProps {
  patientId: number;
  /** The user's list, which names the patient before the server answers. */
  responsibleFor: readonly ResponsibleForPatient[];
}

/**
 * Spec 000 §6: 'Viewing the account of:' whenever the viewed patient is not the signed-in user. The
 * name comes from the server, which also refuses (403 → /forbidden) a patient the user may not see.
 */
export function ActingForBanner({ patientId, responsibleFor }: ActingForBannerProps) {
  const patient = usePatientById(patientId).data ?? responsibleFor.find((p) => p.id === patientId);
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="acting-for-banner">
      <Text component="span">{t('nav.viewingAccountOf')} </Text>
      {patient && (
        <Text component="strong" fw={700}>
          {patient.firstName} {patient.lastName}
        </Text>
      )}
    </Alert>
  );
}
