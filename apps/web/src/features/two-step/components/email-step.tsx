import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { twoStepEmail } from '@dermis/contract';
import { t, translateIssue } from '../../../lib/i18n';

interface EmailStepProps {
  pending: boolean;
  onSubmit: (email: string) => void;
  onBack?: () => void;
}

/** The e-mail address of a new e-mail profile (spec 000 §5: required, valid, at most 255 characters). */
export function EmailStep({ pending, onSubmit, onBack }: EmailStepProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = twoStepEmail.safeParse(email);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const text =
        issue?.message === 'validation.maxLength'
          ? t('validation.maxLength', { maxLength: 255 })
          : translateIssue(issue?.message, 'twoStep.emailName');
      setError(text);
      document.getElementById('two-step-email')?.focus();
      return;
    }
    setError(undefined);
    onSubmit(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text id="two-step-email-prompt">{t('twoStep.emailPrompt')}</Text>
        <TextInput
          id="two-step-email"
          label={t('twoStep.emailName')}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          data-testid="two-step-email"
          data-autofocus
          // Shown after the type choice inside an open modal: the trap's autofocus has already run.
          autoFocus
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          {onBack ? (
            <Button variant="default" onClick={onBack}>
              {t('twoStep.back')}
            </Button>
          ) : null}
          <Button type="submit" loading={pending} data-testid="two-step-email-submit">
            {t('twoStep.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
