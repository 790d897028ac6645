import { Stack } from '@mantine/core';
import { Page } from '../../components/page';
import { AccountSettings } from '../../features/account-settings/components/account-settings';
import { TwoStepSection } from '../../features/two-step/components/two-step-section';
import { t } from '../../lib/i18n';

/** /account/settings (spec 000 §2): username and password rows, then the 2-step verification section. */
export function AccountSettingsRoute() {
  return (
    <Page title={t('page.accountSettings')} heading={t('page.accountSettings')}>
      <Stack gap="xl">
        <AccountSettings />
        <TwoStepSection />
      </Stack>
    </Page>
  );
}
