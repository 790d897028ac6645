import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { defaults, passwordLoginRequest, webRoutes } from '@dermis/contract';
import { MessageBanners, type Messages } from '../../../components/message-banners';
import { t, translateIssue } from '../../../lib/i18n';
import { signInErrorMessage } from '../sign-in';
import { useSignIn } from '../use-sign-in';

const signInSchema = passwordLoginRequest.pick({ username: true, password: true, timeZoneId: true });
type SignInValues = { username: string; password: string; timeZoneId?: string };

interface SignInFormProps extends Messages {
  /** Prefilled username, e.g. after account creation or e-mail verification. */
  username?: string;
}

/** Spec 000 §2 and §5: the username/password form with its banners. */
export function SignInForm({ username = '', errors, warnings, notifications }: SignInFormProps) {
  const signIn = useSignIn();
  // Banners handed over by another page describe that page's outcome: a new attempt replaces them.
  const [showPassedMessages, setShowPassedMessages] = useState(true);
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { username, password: '', timeZoneId: defaults.timeZoneId },
  });

  function onValid(values: SignInValues) {
    setShowPassedMessages(false);
    signIn.mutate(values);
  }

  function onInvalid(invalid: FieldErrors<SignInValues>) {
    // react-hook-form focuses the first invalid field; make sure its message is in view too.
    const first = (['username', 'password'] as const).find((name) => invalid[name]);
    if (first) document.getElementById(`sign-in-${first}`)?.scrollIntoView?.({ block: 'center' });
  }

  const banners: Messages = showPassedMessages ? { errors, warnings, notifications } : {};
  const outcome: Messages = {
    // A two-step answer continues in the two-step modals (features/two-step, composed by the route).
    errors: signIn.isError ? [signInErrorMessage(signIn.error)] : [],
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}>
      <Stack gap="md">
        <MessageBanners {...banners} />
        <MessageBanners {...outcome} />
        <TextInput
          id="sign-in-username"
          label={t('field.username')}
          autoComplete="username"
          data-testid="sign-in-username"
          error={translateIssue(fieldErrors.username?.message, 'field.username')}
          {...register('username')}
        />
        <PasswordInput
          id="sign-in-password"
          label={t('field.password')}
          autoComplete="current-password"
          data-testid="sign-in-password"
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          error={translateIssue(fieldErrors.password?.message, 'field.password')}
          {...register('password')}
        />
        <input type="hidden" {...register('timeZoneId')} />
        <Button type="submit" disabled={signIn.isPending} data-testid="sign-in-submit">
          {signIn.isPending ? t('login.inProgress') : t('login.submit')}
        </Button>
        <Anchor component={Link} to={webRoutes.forgotPassword}>
          {t('login.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
