import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { usernamePattern, type UserProfile } from '@dermis/contract';
import { MessageBanners } from '../../../components/message-banners';
import { setServerErrors } from '../../../lib/api';
import { SectionCard } from '../../../components/section-card';
import { t, translateIssue } from '../../../lib/i18n';
import { useChangeUsername } from '../api/change-username';
import { usernameSaveFailure } from '../save-failure';
import { EditSummary } from './edit-summary';
import { SaveCancel } from './save-cancel';

const schema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { message: 'accountSettings.missingUsername' })
    .regex(usernamePattern, { message: 'validation.username' }),
});
type Values = z.infer<typeof schema>;

/** Spec 000 §2: the Username row, view → edit → save or cancel. */
export function UsernameRow({ user }: { user: UserProfile }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const change = useChangeUsername();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '' } });

  function close() {
    setEditing(false);
    form.reset({ username: '' });
    change.reset();
    setFailure(null);
    // Back to where the user started, for keyboard and screen-reader users.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function onValid(values: Values) {
    setSaved(false);
    setFailure(null);
    change.mutate(
      { username: values.username, profileId: user.id },
      {
        onSuccess: () => {
          setSaved(true);
          close();
        },
        // The server's field messages under their fields, the rest in the banner.
        onError: (error) =>
          setFailure(
            usernameSaveFailure(error, setServerErrors(form, error, t('accountSettings.saveFailed'))),
          ),
      },
    );
  }

  return (
    <SectionCard title={t('accountSettings.username')} testId="username-row">
      {saved && !editing && <MessageBanners notifications={[t('accountSettings.usernameSaved')]} />}
      {!editing ? (
        <EditSummary
          value={user.username}
          valueTestId="current-username"
          editLabel={t('accountSettings.editUsername')}
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
            <TextInput
              id="account-new-username"
              label={t('accountSettings.newUsername')}
              autoComplete="username"
              data-autofocus
              autoFocus
              error={translateIssue(form.formState.errors.username?.message)}
              {...form.register('username')}
            />
            <SaveCancel pending={change.isPending} onCancel={close} />
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}
