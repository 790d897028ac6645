import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { ActivityLog } from '../../features/activity-log/components/activity-log';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

function ActivityLogPage({ patientId }: { patientId: number }) {
  return (
    <Page
      title={t('page.activityLog')}
      heading={t('page.activityLog')}
      description={t('activityLog.subheader')}
    >
      <ActivityLog patientId={patientId} />
    </Page>
  );
}

/** /account/activity-log: the signed-in patient's own log. */
export function AccountActivityLogRoute() {
  const user = useSession().user;
  return user ? <ActivityLogPage patientId={user.id} /> : null;
}

/**
 * /{responsibleId}/activity-log: a responsible person viewing the log of the patient they act for
 * (spec 000 §6: limited to the profile being viewed). The server's guard answers 403 for anyone
 * else, which sends the browser to /forbidden.
 */
export function ActingForActivityLogRoute() {
  const { responsibleId = '' } = useParams();
  if (!/^\d{1,10}$/.test(responsibleId)) return <NotFoundRoute />;
  return <ActivityLogPage key={responsibleId} patientId={Number(responsibleId)} />;
}
