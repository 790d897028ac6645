import { Link } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Page } from '../../components/page';
import { CareTeamEditor } from '../../features/care-team/components/care-team-page';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** /my-health-profile/my-care-team: the signed-in patient's care team editor (spec 001 §2). */
export function CareTeamRoute() {
  const user = useSession().user;
  if (!user) return null;
  return (
    <Page title={t('careTeam.title')} heading={t('careTeam.title')}>
      <Anchor component={Link} to={webRoutes.myHealthProfile}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('healthProfile.backToProfile')}
        </Group>
      </Anchor>
      <CareTeamEditor patientId={user.id} />
    </Page>
  );
}
