import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { defaults, webRoutes } from '@dermis/contract';
import { loadEntryCalls } from '../../../lib/api/entry-call';
import { MessageBanners, type Messages } from '../../../components/message-banners';
import { t, translateIssue } from '../../../lib/i18n';
import { signInErrorMessage } from '../sign-in';
import { useSignIn } from '../use-sign-in';

type SignInSchema = Awaited<ReturnType<typeof loadEntryCalls>>['signInFields'];
type SignInValues = { username: string; password: string; timeZoneId?: string };
type FieldName = 'username' | 'password';
type FieldMessages = Partial<Record<FieldName, string>>;

/**
 * The contract's checks: the parsed values (the username trimmed) to send, or the first message per
 * field (what a form library's zod resolver would report).
 */
function validate(
  schema: SignInSchema,
  values: SignInValues,
): { data?: SignInValues; messages: FieldMessages } {
  const parsed = schema.safeParse(values);
  const messages: FieldMessages = {};
  if (parsed.success) return { data: parsed.data, messages };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !messages[field]) messages[field] = issue.message;
  }
  return { messages };
}

interface SignInFormProps extends Messages {
  /** Prefilled username, e.g. after account creation or e-mail verification. */
  username?: string;
}

/** Spec 000 §2 and §5: the username/password form with its banners. */
export function SignInForm({ username = '', errors, warnings, notifications }: SignInFormProps) {
  const signIn = useSignIn();
  // Banners handed over by another page describe that page's outcome: a new attempt replaces them.
  const [showPassedMessages, setShowPassedMessages] = useState(true);
  // Two plain fields do not need a form library (decision 049: /login downloads none): checked on
  // submit, then again on every change once a submit has failed, like the other forms. The contract
  // schema (and zod) loads when the form is first focused or submitted, not with the page.
  const [values, setValues] = useState<SignInValues>({
    username,
    password: '',
    timeZoneId: defaults.timeZoneId,
  });
  const [fieldErrors, setFieldErrors] = useState<FieldMessages>({});
  const [schema, setSchema] = useState<SignInSchema | null>(null);
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  function change(name: FieldName, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (schema) setFieldErrors(validate(schema, next).messages);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { signInFields } = await loadEntryCalls();
    setSchema(() => signInFields);
    const { data, messages: invalid } = validate(signInFields, values);
    setFieldErrors(invalid);
    if (!data) {
      // The first invalid field gets focus, and its message is scrolled into view.
      const first = invalid.username ? usernameField : invalid.password ? passwordField : null;
      first?.current?.focus();
      first?.current?.scrollIntoView?.({ block: 'center' });
      return;
    }
    setShowPassedMessages(false);
    signIn.mutate(data);
  }

  const banners: Messages = showPassedMessages ? { errors, warnings, notifications } : {};
  const outcome: Messages = {
    // A two-step answer continues in the two-step modals (features/two-step, composed by the route).
    errors: signIn.isError ? [signInErrorMessage(signIn.error)] : [],
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadEntryCalls()}>
      <Stack gap="md">
        <MessageBanners {...banners} />
        <MessageBanners {...outcome} />
        <TextInput
          id="sign-in-username"
          label={t('field.username')}
          autoComplete="username"
          data-testid="sign-in-username"
          error={translateIssue(fieldErrors.username, 'field.username')}
          ref={usernameField}
          name="username"
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
        />
        <PasswordInput
          id="sign-in-password"
          label={t('field.password')}
          autoComplete="current-password"
          data-testid="sign-in-password"
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          error={translateIssue(fieldErrors.password, 'field.password')}
          ref={passwordField}
          name="password"
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
        />
        <input type="hidden" name="timeZoneId" value={values.timeZoneId} />
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
