import { useEffect, useRef, useState } from 'react';
import { Button, Group, Radio, Stack } from '@mantine/core';
import type { AddProfileResponse, TwoFactorType } from '@dermis/contract';
import { t, type MessageKey } from '../../../lib/i18n';
import { isInvalidOtp, twoStepErrorText } from '../error-text';
import { AuthenticatorStep } from './authenticator-step';
import type { CodeBoxesHandle } from './code-boxes';
import { CodeEntry } from './code-entry';
import { EmailStep } from './email-step';

export interface SetupCalls {
  add: (input: { type: TwoFactorType; value?: string }) => Promise<AddProfileResponse>;
  verify: (id: number, code: string) => Promise<unknown>;
  resend: (id: number) => Promise<unknown>;
}

interface ProfileSetupProps {
  /** The types not set up yet; the choice step is skipped when only one remains. */
  types: TwoFactorType[];
  calls: SetupCalls;
  errorKeys: { add: MessageKey; verify: MessageKey; resend: MessageKey };
  onVerified: (profileId: number, type: TwoFactorType) => void;
  onAddFailed: (message: string) => void;
  onError: (message: string) => void;
}

type Step =
  { kind: 'choose' } | { kind: 'email' } | { kind: 'code'; type: TwoFactorType; added?: AddProfileResponse };

/** Choose a type, give the address or scan the code, then verify with the first code (spec 000 §9). */
export function ProfileSetup({
  types,
  calls,
  errorKeys,
  onVerified,
  onAddFailed,
  onError,
}: ProfileSetupProps) {
  const only = types.length === 1 ? types[0] : undefined;
  const [choice, setChoice] = useState<TwoFactorType>(types[0] ?? 'AUTH_APP');
  const [step, setStep] = useState<Step>(() =>
    only === 'EMAIL'
      ? { kind: 'email' }
      : only === 'AUTH_APP'
        ? { kind: 'code', type: 'AUTH_APP' }
        : { kind: 'choose' },
  );
  const [pending, setPending] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const boxes = useRef<CodeBoxesHandle>(null);
  const started = useRef(false);

  async function add(type: TwoFactorType, value?: string) {
    setPending(true);
    setStep({ kind: 'code', type });
    try {
      const added = await calls.add(value === undefined ? { type } : { type, value });
      setStep({ kind: 'code', type, added });
    } catch (error) {
      onAddFailed(twoStepErrorText(error, errorKeys.add));
      setStep(type === 'EMAIL' ? { kind: 'email' } : { kind: 'choose' });
    } finally {
      setPending(false);
    }
  }

  // With the authenticator as the only remaining type there is nothing to choose: start at once
  // (once, even under StrictMode's double effects).
  useEffect(() => {
    if (only !== 'AUTH_APP' || started.current) return;
    started.current = true;
    void add('AUTH_APP');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the modal opens
  }, []);

  function next() {
    if (choice === 'EMAIL') setStep({ kind: 'email' });
    else void add('AUTH_APP');
  }

  async function verify(code: string) {
    if (step.kind !== 'code' || !step.added) return;
    setPending(true);
    try {
      await calls.verify(step.added.profileInfo.id, code);
      onVerified(step.added.profileInfo.id, step.type);
    } catch (error) {
      // A wrong code keeps the modal open with empty boxes.
      boxes.current?.reset();
      if (isInvalidOtp(error)) setCodeError(t('login.error.invalidOtp'));
      else onError(twoStepErrorText(error, errorKeys.verify));
    } finally {
      setPending(false);
    }
  }

  async function resend(): Promise<boolean> {
    if (step.kind !== 'code' || !step.added) return false;
    try {
      await calls.resend(step.added.profileInfo.id);
      return true;
    } catch (error) {
      onError(twoStepErrorText(error, errorKeys.resend));
      return false;
    }
  }

  if (step.kind === 'choose') {
    return (
      <Stack gap="md">
        <Radio.Group
          label={t('twoStep.chooseType')}
          value={choice}
          onChange={(v) => setChoice(v === 'EMAIL' ? 'EMAIL' : 'AUTH_APP')}
        >
          <Stack gap="xs" mt="xs">
            {types.includes('AUTH_APP') ? (
              <Radio
                value="AUTH_APP"
                label={t('twoStep.typeAuthApp')}
                data-testid="two-step-type-AUTH_APP"
                data-autofocus
              />
            ) : null}
            {types.includes('EMAIL') ? (
              <Radio
                value="EMAIL"
                label={t('twoStep.typeEmail')}
                data-testid="two-step-type-EMAIL"
                data-autofocus={types.includes('AUTH_APP') ? undefined : true}
              />
            ) : null}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button onClick={next} loading={pending} data-testid="two-step-type-next">
            {t('twoStep.next')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step.kind === 'email') {
    return (
      <EmailStep
        pending={pending}
        onSubmit={(email) => void add('EMAIL', email)}
        onBack={only ? undefined : () => setStep({ kind: 'choose' })}
      />
    );
  }

  return (
    <Stack gap="md">
      {step.type === 'AUTH_APP' ? (
        <AuthenticatorStep qrCode={step.added?.qrCode} secret={step.added?.secret} />
      ) : null}
      <CodeEntry
        ref={boxes}
        idPrefix="setup-code"
        submitLabel={t('twoStep.verify')}
        pending={pending || !step.added}
        error={codeError}
        onSubmit={(code) => void verify(code)}
        onResend={step.type === 'EMAIL' ? resend : undefined}
      />
    </Stack>
  );
}
