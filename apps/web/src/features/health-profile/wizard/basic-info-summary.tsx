import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UserProfile } from '@dermis/contract';
import { t } from '../../../lib/i18n';

interface BasicInfoSummaryProps {
  user: Pick<UserProfile, 'firstName' | 'lastName' | 'dateOfBirth' | 'gender'>;
  onNext: () => void;
}

function usDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${month}/${day}/${year}` : isoDate;
}

/**
 * The basic-info step when no profile form is given: what the practice has on file, and Next. The
 * route module passes the edit-profile form instead once that feature provides one.
 */
export function BasicInfoSummary({ user, onNext }: BasicInfoSummaryProps) {
  return (
    <Stack gap="md">
      <Text>{t('wizard.basicInfoIntro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" spacing="sm" m={0}>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            {t('wizard.basicInfoName')}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {user.firstName} {user.lastName}
          </Text>
        </div>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            {t('wizard.basicInfoDateOfBirth')}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {usDate(user.dateOfBirth)}
          </Text>
        </div>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={onNext} data-testid="wizard-next">
          {t('wizard.next')}
        </Button>
      </Group>
    </Stack>
  );
}
