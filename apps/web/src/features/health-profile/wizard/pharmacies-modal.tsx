import { Button, Group, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { t } from '../../../lib/i18n';

interface PharmaciesModalProps {
  opened: boolean;
  /** 'ok' goes to /pharmacies, 'later' to /my-health-profile, 'close' (X or Escape) home. */
  onChoose: (choice: 'ok' | 'later' | 'close') => void;
  busy: boolean;
}

/** Spec 001 §2: after social history, the patient is asked to enter favorite pharmacies. */
export function PharmaciesModal({ opened, onChoose, busy }: PharmaciesModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={() => onChoose('close')}
      title={t('wizard.pharmaciesTitle')}
      testId="pharmacies-modal"
    >
      <Text>{t('wizard.pharmaciesText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => onChoose('later')} disabled={busy}>
          {t('wizard.pharmaciesLater')}
        </Button>
        <Button onClick={() => onChoose('ok')} loading={busy} data-autofocus>
          {t('wizard.pharmaciesOk')}
        </Button>
      </Group>
    </AppModal>
  );
}
