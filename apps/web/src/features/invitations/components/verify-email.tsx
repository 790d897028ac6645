import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { MessageBanners, type Messages } from '../../../components/message-banners';
import { t } from '../../../lib/i18n';
import { useSignOut } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { verifyEmailFailure, verifyEmailOutcome } from '../outcomes';

/**
 * Spec 000 §2 and §4: signs out any session, verifies the token, then goes on to /login or to
 * /account/create with the banners, or shows them here.
 */
export function VerifyEmail({ token }: { token: string }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const verify = useVerifyEmail();
  // Once per visit: StrictMode runs effects twice, and a link can be used only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() =>
      verify.mutate(token, {
        onSuccess: (answer) => {
          const outcome = verifyEmailOutcome(answer);
          if ('navigate' in outcome) void navigate(outcome.navigate, { state: outcome.state, replace: true });
        },
      }),
    );
  }, [navigate, signOut, token, verify]);

  const outcome = verify.data ? verifyEmailOutcome(verify.data) : undefined;
  const messages: Messages | undefined = verify.isError
    ? verifyEmailFailure()
    : outcome && 'messages' in outcome
      ? outcome.messages
      : undefined;

  return (
    <Stack gap="md">
      <div aria-live="polite">
        {messages ? (
          <MessageBanners {...messages} />
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>{t('verifyEmail.inProgress')}</Text>
          </Group>
        )}
      </div>
      {messages && (
        <Anchor component={Link} to={webRoutes.login}>
          {t('verifyEmail.toLogin')}
        </Anchor>
      )}
    </Stack>
  );
}
