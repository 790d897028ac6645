import { Link, useParams } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Page } from '../../components/page';
import { DocumentsList } from '../../features/documents/components/documents-list';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

function BackToProfile({ to = webRoutes.myHealthProfile }: { to?: string }) {
  return (
    <Anchor component={Link} to={to}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('healthProfile.backToProfile')}
      </Group>
    </Anchor>
  );
}

/** /my-health-profile/documents: the signed-in patient's documents (spec 001 §2). */
export function DocumentsRoute() {
  const user = useSession().user;
  if (!user) return null;
  return (
    <Page title={t('page.documents')} heading={t('documents.title')} description={t('documents.subheader')}>
      <BackToProfile />
      <DocumentsList patientId={user.id} />
    </Page>
  );
}

/**
 * /{responsibleId}/my-health-profile/documents: a responsible person viewing the documents of the
 * patient they act for. The server's guard answers 403 for anyone else, which leads to /forbidden.
 */
export function ActingForDocumentsRoute() {
  const { responsibleId = '' } = useParams();
  if (!/^\d{1,10}$/.test(responsibleId)) return <NotFoundRoute />;
  return (
    <Page title={t('page.documents')} heading={t('documents.title')} description={t('documents.subheader')}>
      <BackToProfile to={`/${responsibleId}${webRoutes.myHealthProfile}`} />
      <DocumentsList key={responsibleId} patientId={Number(responsibleId)} />
    </Page>
  );
}
