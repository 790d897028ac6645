import { useState, type ChangeEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { passwordRule, usernameRule } from '@dermis/contract';
import { MessageBanners, type Messages } from '../../../components/message-banners';
import { t, translateIssue } from '../../../lib/i18n';
import { useCreateAccount } from '../api/create-account';
import { dateOfBirthTyping, toIsoDate } from '../date-of-birth';
import { createAccountFailure, createAccountOutcome } from '../outcomes';

const schema = z
  .object({
    username: usernameRule,
    password: passwordRule,
    rePassword: z.string().min(1, { message: 'validation.fieldRequired' }),
    dateOfBirth: z
      .string()
      .trim()
      .min(1, { message: 'validation.fieldRequired' })
      .refine((v) => toIsoDate(v) !== null, { message: 'validation.dateOfBirth' }),
  })
  .refine((v) => v.password === v.rePassword, {
    path: ['rePassword'],
    message: 'createAccount.error.passwordMismatch',
  });
type Values = z.infer<typeof schema>;

const fieldOrder = ['username', 'password', 'rePassword', 'dateOfBirth'] as const;

interface CreateAccountFormProps {
  token: string;
  /** Banners handed over by the e-mail verification page. */
  passed?: Messages;
}

/** Spec 000 §2, §4 and §5: choose a username and password, confirm the date of birth. */
export function CreateAccountForm({ token, passed }: CreateAccountFormProps) {
  const navigate = useNavigate();
  const request = useCreateAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', rePassword: '', dateOfBirth: '' },
  });
  // Only digits and '/' can be typed in the date of birth; anything else is dropped and said so.
  const [dateRefused, setDateRefused] = useState(false);
  const dateOfBirth = register('dateOfBirth');
  function onDateOfBirthChange(event: ChangeEvent<HTMLInputElement>) {
    const { value, refused } = dateOfBirthTyping(event.currentTarget.value);
    if (refused) event.currentTarget.value = value;
    // The message stays while the date is being finished, and goes once it is whole (or emptied).
    if (refused) setDateRefused(true);
    else if (!value || toIsoDate(value)) setDateRefused(false);
    return dateOfBirth.onChange(event);
  }

  function onValid(values: Values) {
    request.mutate(
      {
        token,
        username: values.username,
        password: values.password,
        rePassword: values.rePassword,
        dateOfBirth: toIsoDate(values.dateOfBirth) ?? '',
      },
      {
        onSuccess: (answer) => {
          const outcome = createAccountOutcome(answer);
          if ('navigate' in outcome) void navigate(outcome.navigate, { state: outcome.state });
        },
      },
    );
  }

  function onInvalid(invalid: FieldErrors<Values>) {
    const first = fieldOrder.find((name) => invalid[name]);
    if (first) document.getElementById(`create-account-${first}`)?.scrollIntoView?.({ block: 'center' });
  }

  const outcome = request.data ? createAccountOutcome(request.data) : undefined;
  const messages: Messages = request.isError
    ? createAccountFailure(request.error)
    : outcome && 'messages' in outcome
      ? outcome.messages
      : ((request.isIdle ? passed : undefined) ?? {});

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}>
      <Stack gap="md">
        <div aria-live="polite">
          <MessageBanners {...messages} />
        </div>
        <TextInput
          id="create-account-username"
          label={t('field.username')}
          autoComplete="username"
          required
          error={translateIssue(errors.username?.message, 'field.username')}
          {...register('username')}
        />
        <PasswordInput
          id="create-account-password"
          label={t('field.password')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          error={translateIssue(errors.password?.message, 'field.password')}
          {...register('password')}
        />
        <PasswordInput
          id="create-account-rePassword"
          label={t('field.rePassword')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          error={translateIssue(errors.rePassword?.message, 'field.rePassword')}
          {...register('rePassword')}
        />
        <TextInput
          id="create-account-dateOfBirth"
          label={t('field.dateOfBirth')}
          description={t('createAccount.dateOfBirthHint')}
          placeholder={t('createAccount.dateOfBirthHint')}
          autoComplete="bday"
          inputMode="numeric"
          maxLength={10}
          required
          error={
            dateRefused
              ? t('validation.dateOfBirthCharacters')
              : translateIssue(errors.dateOfBirth?.message, 'field.dateOfBirth')
          }
          {...dateOfBirth}
          onChange={(event) => void onDateOfBirthChange(event)}
        />
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? t('createAccount.inProgress') : t('createAccount.submit')}
        </Button>
      </Stack>
    </form>
  );
}
