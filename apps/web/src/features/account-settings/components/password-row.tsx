import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Stack } from '@mantine/core';
import { z } from 'zod';
import type { UserProfile } from '@dermis/contract';
import { MessageBanners } from '../../../components/message-banners';
import { setServerErrors } from '../../../lib/api';
import { SectionCard } from '../../../components/section-card';
import { t, translateIssue } from '../../../lib/i18n';
import { localDate } from '../../../lib/i18n/local-date';
import { useChangePassword } from '../api/change-password';
import { passwordSaveFailure } from '../save-failure';
import { EditSummary } from './edit-summary';
import { SaveCancel } from './save-cancel';

const missing = { message: 'accountSettings.missingPassword' };
const schema = z
  .object({
    oldPassword: z.string().min(1, missing),
    newPassword: z.string().min(1, missing),
    confirmNewPassword: z.string().min(1, missing),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: 'accountSettings.passwordMismatch',
  });
type Values = z.infer<typeof schema>;
const empty: Values = { oldPassword: '', newPassword: '', confirmNewPassword: '' };

/** Spec 000 §9: the password-changed display format 'MMMM DD, Y' (month named in the UI language). */
export function lastChangeText(lastChangePasswordDate: string | null): string {
  if (!lastChangePasswordDate) return t('accountSettings.passwordNeverChanged');
  return t('accountSettings.lastPasswordChange', {
    date: localDate(lastChangePasswordDate, 'MMMM DD, YYYY', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
  });
}

/** Spec 000 §2: the Password row; after a save the form resets. */
export function PasswordRow({ user }: { user: UserProfile }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const change = useChangePassword();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });
  const errors = form.formState.errors;

  function close() {
    setEditing(false);
    form.reset(empty);
    change.reset();
    setFailure(null);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function onValid(values: Values) {
    setSaved(false);
    setFailure(null);
    change.mutate(
      { username: user.username, ...values },
      {
        onSuccess: () => {
          setSaved(true);
          close();
        },
        // The server's field messages under their fields, the rest in the banner.
        onError: (error) =>
          setFailure(
            passwordSaveFailure(error, setServerErrors(form, error, t('accountSettings.saveFailed'))),
          ),
      },
    );
  }

  const toggle = { 'aria-label': t('login.togglePassword') };
  return (
    <SectionCard title={t('accountSettings.password')} testId="password-row">
      {saved && !editing && <MessageBanners notifications={[t('accountSettings.passwordSaved')]} />}
      {!editing ? (
        <EditSummary
          value={lastChangeText(user.lastChangePasswordDate)}
          valueTestId="password-last-change"
          editLabel={t('accountSettings.editPassword')}
          editButton={editButton}
          onEdit={() => {
            setSaved(false);
            setEditing(true);
          }}
        />
      ) : (
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <Stack gap="sm">
            {failure && <MessageBanners errors={[failure]} />}
            {/* Hidden username so password managers file the new password under the right account. */}
            <input type="text" hidden readOnly autoComplete="username" value={user.username} />
            <PasswordInput
              id="account-current-password"
              label={t('accountSettings.currentPassword')}
              autoComplete="current-password"
              autoFocus
              visibilityToggleButtonProps={toggle}
              error={translateIssue(errors.oldPassword?.message)}
              {...form.register('oldPassword')}
            />
            <PasswordInput
              id="account-new-password"
              label={t('accountSettings.newPassword')}
              autoComplete="new-password"
              visibilityToggleButtonProps={toggle}
              error={translateIssue(errors.newPassword?.message)}
              {...form.register('newPassword')}
            />
            <PasswordInput
              id="account-retype-password"
              label={t('accountSettings.retypePassword')}
              autoComplete="new-password"
              visibilityToggleButtonProps={toggle}
              error={translateIssue(errors.confirmNewPassword?.message)}
              {...form.register('confirmNewPassword')}
            />
            <SaveCancel pending={change.isPending} onCancel={close} />
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
