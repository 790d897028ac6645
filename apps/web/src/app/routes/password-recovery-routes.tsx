import { useParams } from 'react-router';
import { Box } from '@mantine/core';
import { Page } from '../../components/page';
import { ForgotPasswordForm } from '../../features/password-recovery/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/password-recovery/components/reset-password-form';
import { t } from '../../lib/i18n';

/** /password/forgot (spec 000 §2). */
export function ForgotPasswordRoute() {
  return (
    <Page card title={t('page.forgotPassword')} heading={t('page.forgotPassword')}>
      <Box maw={420}>
        <ForgotPasswordForm />
      </Box>
    </Page>
  );
}

/** /password/reset/{token} (spec 000 §2); no sign-in needed. */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <Page card title={t('page.resetPassword')} heading={t('page.resetPassword')}>
      <Box maw={420}>
        {/* Keyed by token so a second link opened in the same tab starts from a clean form. */}
        <ResetPasswordForm key={token} token={token} />
      </Box>
    </Page>
  );
}
