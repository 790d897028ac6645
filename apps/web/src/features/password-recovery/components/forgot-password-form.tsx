import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { webRoutes } from '@dermis/contract';
import { MessageBanners, type Messages } from '../../../components/message-banners';
import { t, translateIssue } from '../../../lib/i18n';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordFailure, forgotPasswordSuccess } from '../outcomes';

const schema = z.object({
  username: z.string().trim().min(1, { message: 'forgotPassword.usernameRequired' }),
});
type Values = z.infer<typeof schema>;

/** Spec 000 §2 "Forgot-password page": idle, in progress, then an error, warning or success banner. */
export function ForgotPasswordForm() {
  const request = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '' } });

  const outcome: Messages = request.isSuccess
    ? forgotPasswordSuccess(request.data)
    : request.isError
      ? forgotPasswordFailure(request.error)
      : {};

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => request.mutate(values.username))(event)}
    >
      <Stack gap="md">
        <Text>{t('forgotPassword.intro')}</Text>
        <div aria-live="polite">
          <MessageBanners {...outcome} />
        </div>
        <TextInput
          id="forgot-password-username"
          label={t('field.username')}
          autoComplete="username"
          error={translateIssue(errors.username?.message)}
          {...register('username')}
        />
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? t('forgotPassword.inProgress') : t('forgotPassword.submit')}
        </Button>
        <Anchor component={Link} to={webRoutes.login}>
          {t('notFound.link')}
        </Anchor>
      </Stack>
    </form>
  );
}
