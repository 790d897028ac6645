import { forwardRef, useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { t } from '../../../lib/i18n';
import { CodeBoxes, emptyCode, type CodeBoxesHandle } from './code-boxes';

interface CodeEntryProps {
  prompt?: string;
  submitLabel: string;
  pending: boolean;
  /** Inline error under the boxes (e.g. 'Invalid OTP code.'). */
  error?: string;
  onSubmit: (code: string) => void;
  /** Offered for e-mail codes only. */
  onResend?: () => Promise<boolean>;
  idPrefix: string;
}

/** The six boxes with their submit button and, for e-mail codes, 'Resend code'. */
export const CodeEntry = forwardRef<CodeBoxesHandle, CodeEntryProps>(function CodeEntry(
  { prompt, submitLabel, pending, error, onSubmit, onResend, idPrefix },
  ref,
) {
  const [digits, setDigits] = useState(emptyCode);
  const [resent, setResent] = useState(false);

  // Spec 000 §9: the resend success text is visible for 10 s.
  useEffect(() => {
    if (!resent) return;
    const timer = setTimeout(() => setResent(false), 10_000);
    return () => clearTimeout(timer);
  }, [resent]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = digits.join('');
    if (/^\d{6}$/.test(code)) onSubmit(code);
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text>{prompt ?? t('twoStep.enterCode')}</Text>
        <CodeBoxes
          ref={ref}
          value={digits}
          onChange={setDigits}
          error={error}
          idPrefix={idPrefix}
          disabled={pending}
          autoFocus
        />
        {resent ? (
          <Alert color="green" role="status" data-testid={`${idPrefix}-resent`}>
            {t('twoStep.resent')}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {onResend ? (
            <Anchor
              component="button"
              type="button"
              onClick={() => void onResend().then((ok) => setResent(ok))}
              data-testid={`${idPrefix}-resend`}
            >
              {t('twoStep.resend')}
            </Anchor>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            loading={pending}
            disabled={digits.some((d) => d === '')}
            data-testid={`${idPrefix}-submit`}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
});
