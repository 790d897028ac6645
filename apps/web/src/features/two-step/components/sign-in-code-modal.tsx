import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { TwoFactorType } from '@dermis/contract';
import { AppModal } from '../../../components/app-modal';
import { t } from '../../../lib/i18n';
import { useLoginProfiles, useLoginTwoStepCalls } from '../api/login-two-step';
import { isCodeAlreadyUsed, isInvalidOtp, isSignInTimedOut, twoStepErrorText } from '../error-text';
import type { CodeBoxesHandle } from './code-boxes';
import { CodeEntry } from './code-entry';

export interface CurrentProfile {
  id: number;
  type: TwoFactorType;
}

interface SignInCodeModalProps {
  tempToken: string;
  profile: CurrentProfile;
  submitCode: (profileId: number, code: string) => Promise<unknown>;
  onClose: () => void;
  onError: (message: string) => void;
}

/** The one-time-code modal of a two-step sign-in (spec 000 §2, §9). */
export function SignInCodeModal({
  tempToken,
  profile: initial,
  submitCode,
  onClose,
  onError,
}: SignInCodeModalProps) {
  const [profile, setProfile] = useState(initial);
  const [pending, setPending] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const [otherWayError, setOtherWayError] = useState<string>();
  const boxes = useRef<CodeBoxesHandle>(null);
  const profiles = useLoginProfiles(tempToken);
  const calls = useLoginTwoStepCalls(tempToken);

  const [fetchErrorHidden, setFetchErrorHidden] = useState(false);

  // Spec 000 §9: the try-another-way failure messages vanish after 10 s.
  useEffect(() => {
    if (!profiles.isError) return;
    const timer = setTimeout(() => setFetchErrorHidden(true), 10_000);
    return () => clearTimeout(timer);
  }, [profiles.isError]);
  useEffect(() => {
    if (!otherWayError) return;
    const timer = setTimeout(() => setOtherWayError(undefined), 10_000);
    return () => clearTimeout(timer);
  }, [otherWayError]);

  async function submit(code: string) {
    setPending(true);
    setCodeError(undefined);
    try {
      await submitCode(profile.id, code);
    } catch (error) {
      boxes.current?.reset();
      if (isSignInTimedOut(error)) {
        // Another code cannot help: close and start the sign-in again, saying why.
        onError(t('login.error.signInTimedOut'));
        onClose();
        return;
      }
      setCodeError(
        isCodeAlreadyUsed(error)
          ? t('login.error.codeAlreadyUsed')
          : isInvalidOtp(error)
            ? t('login.error.invalidOtp')
            : t('login.error.codeFailed'),
      );
    } finally {
      setPending(false);
    }
  }

  async function resend(): Promise<boolean> {
    try {
      await calls.sendEmail.mutateAsync({ id: profile.id, kind: 'resend' });
      return true;
    } catch (error) {
      onError(twoStepErrorText(error, 'twoStep.error.resend'));
      return false;
    }
  }

  async function switchTo(next: CurrentProfile) {
    try {
      if (next.type === 'EMAIL') await calls.sendEmail.mutateAsync({ id: next.id, kind: 'send' });
      setProfile(next);
      setCodeError(undefined);
      boxes.current?.reset();
    } catch (error) {
      setOtherWayError(twoStepErrorText(error, 'twoStep.error.resend'));
    }
  }

  const fetchError =
    profiles.isError && !fetchErrorHidden
      ? twoStepErrorText(profiles.error, 'twoStep.error.fetch')
      : undefined;
  const others = (profiles.data?.profiles ?? []).filter((p) => p.type !== profile.type);
  return (
    <AppModal opened onClose={onClose} title={t('twoStep.login.title')}>
      <Stack gap="md">
        <Text>{t('twoStep.login.explain')}</Text>
        <CodeEntry
          key={profile.id}
          ref={boxes}
          idPrefix="sign-in-code"
          prompt={profile.type === 'EMAIL' ? t('twoStep.login.codeEmail') : t('twoStep.login.codeAuthApp')}
          submitLabel={t('twoStep.login.submit')}
          pending={pending}
          error={codeError}
          onSubmit={(code) => void submit(code)}
          onResend={profile.type === 'EMAIL' ? resend : undefined}
        />
        {profile.type === 'EMAIL' ? (
          <Text size="sm" c="dimmed">
            {t('twoStep.login.spam')}
          </Text>
        ) : null}
        {profiles.isSuccess && others.length > 0 ? (
          <Stack gap={4} component="nav" aria-label={t('twoStep.login.tryAnother')}>
            <Text fw={600}>{t('twoStep.login.tryAnother')}</Text>
            {others.map((other) => (
              <Anchor
                key={other.id}
                component="button"
                type="button"
                ta="left"
                data-testid={`sign-in-use-${other.type}`}
                onClick={() => void switchTo({ id: other.id, type: other.type })}
              >
                {other.type === 'AUTH_APP' ? t('twoStep.login.useAuthApp') : t('twoStep.login.useEmail')}
              </Anchor>
            ))}
          </Stack>
        ) : null}
        {otherWayError || fetchError ? (
          <Alert color="red" role="alert" data-testid="sign-in-other-way-error">
            {otherWayError ?? fetchError}
          </Alert>
        ) : null}
      </Stack>
    </AppModal>
  );
}
