// Route modules of the invitations area: e-mail verification, account creation, unsubscribe.
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { Box, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { CreateAccountForm } from '../../features/invitations/components/create-account-form';
import { VerifyEmail } from '../../features/invitations/components/verify-email';
import { UnsubscribeConfirm } from '../../features/unsubscribe/components/unsubscribe-confirm';
import { UnsubscribeSuccess } from '../../features/unsubscribe/components/unsubscribe-success';
import { confirmKeys } from '../../features/unsubscribe/unsubscribe-types';
import { Page } from '../../components/page';
import { t } from '../../lib/i18n';
import { readLoginState } from '../../lib/navigation/login-state';
import { useSignOut } from '../../lib/session';

export function VerifyEmailRoute() {
  const { emailToken = '' } = useParams();
  return (
    <Page card title={t('page.verifyEmail')} heading={t('verifyEmail.heading')}>
      {/* A new link means a new verification: remount rather than reuse the finished one. */}
      <VerifyEmail key={emailToken} token={emailToken} />
    </Page>
  );
}

/** Spec 000 §2: the page signs the user out on entry, whoever was signed in. */
function useSignOutOnEntry() {
  const signOut = useSignOut();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void signOut();
  }, [signOut]);
}

export function CreateAccountRoute() {
  const { accountToken = '' } = useParams();
  const location = useLocation();
  const passed = readLoginState(location.state);
  useSignOutOnEntry();
  return (
    <Page card title={t('page.createAccount')} heading={t('page.createAccount')}>
      <Box maw={460}>
        {/* Spec 000 §2: the page's header text. */}
        <Text fz="lg" fw={700} c="dermis.9" mb="xs" data-testid="create-account-tagline">
          {t('app.tagline')}
        </Text>
        <Text mb="md">{t('createAccount.intro')}</Text>
        <CreateAccountForm
          key={accountToken}
          token={accountToken}
          passed={{ errors: passed.errors, warnings: passed.warnings, notifications: passed.notifications }}
        />
      </Box>
    </Page>
  );
}

/** Spec 000 §2: without all four values (or with a type other than 1, 3, 4) the page becomes /login. */
export function UnsubscribeRoute() {
  const [search] = useSearchParams();
  const params = {
    pid: search.get('pid') ?? '',
    uid: search.get('uid') ?? '',
    type: search.get('type') ?? '',
    token: search.get('token') ?? '',
  };
  if (!params.pid || !params.uid || !params.type || !params.token || !confirmKeys[params.type]) {
    return <Navigate to={webRoutes.login} replace />;
  }
  return (
    <Page card title={t('page.unsubscribe')} heading={t('unsubscribe.heading')}>
      <UnsubscribeConfirm params={params} />
    </Page>
  );
}

export function UnsubscribeSuccessRoute() {
  const [search] = useSearchParams();
  return (
    <Page card title={t('page.unsubscribeSuccess')} heading={t('unsubscribeSuccess.heading')}>
      <UnsubscribeSuccess type={search.get('type')} />
    </Page>
  );
}
