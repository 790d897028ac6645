import { useNavigate } from 'react-router';
import { CloseButton, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { Page } from '../../components/page';
import { ListSkeleton } from '../../components/skeletons';
import { AvatarEditor } from '../../features/avatar/components/avatar-editor';
import { EditProfileForm } from '../../features/edit-profile/components/edit-profile-form';
import { useEditableProfile } from '../../features/edit-profile/api/editable-profile';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/**
 * /my-health-profile/edit-profile (spec 001 §2): the signed-in patient's profile form. Close,
 * Cancel and a successful save return to /my-health-profile. The avatar editor (features/avatar)
 * sits in the form's photo section, read-only for an LK profile.
 */
export function EditProfileRoute() {
  const user = useSession().user;
  const navigate = useNavigate();
  const query = useEditableProfile(user?.id ?? 0);
  const done = () => void navigate(webRoutes.myHealthProfile);
  const lk = query.data?.lkPatient ?? false;
  return (
    <Page
      title={t('page.editProfile')}
      heading={t('page.editProfile')}
      description={lk ? undefined : t('editProfile.description')}
      actions={<CloseButton size="lg" aria-label={t('editProfile.close')} onClick={done} />}
    >
      {query.isPending ? (
        <ListSkeleton rows={6} />
      ) : query.isError ? (
        <Text role="alert" c="red.9">
          {t('editProfile.loadFailed')}
        </Text>
      ) : (
        <EditProfileForm
          key={query.data.id}
          profile={query.data}
          onDone={done}
          avatar={
            <AvatarEditor
              profileId={query.data.id}
              avatarS3Id={query.data.avatarS3Id}
              name={`${query.data.firstName} ${query.data.lastName}`}
              readOnly={query.data.lkPatient}
            />
          }
        />
      )}
    </Page>
  );
}
