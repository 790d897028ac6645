import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import { passwordPattern, webRoutes, type ResetPasswordResponse } from '@dermis/contract';
import { MessageBanners } from '../../../components/message-banners';
import { isApiError, networkErrorCode } from '../../../lib/api';
import { t, translateIssue } from '../../../lib/i18n';
import type { LoginState } from '../../../lib/navigation/login-state';
import { useResetPassword } from '../api/reset-password';

const schema = z
  .object({
    password: z
      .string()
      .min(1, { message: 'resetPassword.passwordRequired' })
      .regex(passwordPattern, { message: 'validation.password' }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'resetPassword.confirmationMismatch',
  });
type Values = z.infer<typeof schema>;

/** Spec 000 §2 and §4 "Password reset by token status". */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const request = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  function onAnswer(answer: ResetPasswordResponse) {
    if (answer.tokenStatus === 'USED') {
      const state: LoginState = { warnings: [t('resetPassword.used')] };
      void navigate(webRoutes.login, { state });
    } else if (answer.tokenStatus === 'UNUSED' && answer.username) {
      const state: LoginState = {
        notifications: [t('resetPassword.success', { username: answer.username })],
        username: answer.username,
      };
      void navigate(webRoutes.login, { state });
    }
  }

  const status = request.data?.tokenStatus;
  const failure = request.error;
  const error =
    status === 'INVALID'
      ? t('resetPassword.invalid')
      : status === 'EXPIRED'
        ? t('resetPassword.expired')
        : status === 'UNUSED' && !request.data?.username
          ? t('resetPassword.unexpected')
          : failure
            ? !isApiError(failure) || failure.code === networkErrorCode || failure.status >= 500
              ? t('resetPassword.network')
              : failure.validationMessages.length > 0
                ? failure.displayMessage
                : t('resetPassword.unexpected')
            : undefined;

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit((values) =>
          request.mutate({ token, password: values.password }, { onSuccess: onAnswer }),
        )(event)
      }
    >
      <Stack gap="md">
        <div aria-live="polite">
          <MessageBanners errors={error ? [error] : []} />
          {status === 'EXPIRED' && (
            <Anchor component={Link} to={webRoutes.forgotPassword} mt="xs" display="inline-block">
              {t('resetPassword.forgotPasswordLink')}
            </Anchor>
          )}
        </div>
        <PasswordInput
          id="reset-password-new"
          label={t('resetPassword.newPassword')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          error={translateIssue(errors.password?.message)}
          {...register('password')}
        />
        <PasswordInput
          id="reset-password-confirm"
          label={t('resetPassword.confirmPassword')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          error={translateIssue(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={request.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
