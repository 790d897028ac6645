import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { AuthorizePage } from '../../features/health-apps/components/authorize-page';
import { ConnectedApps } from '../../features/health-apps/components/connected-apps';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

/**
 * /health-apps/authorize/{uid}: where the authorization server sends a health app's sign-in request.
 * Behind the sign-in guard, so a patient without a session signs in (two-step included) and comes
 * back here; the uid is the authorization server's random id, nothing else is accepted.
 */
export function HealthAppAuthorizeRoute() {
  const { uid = '' } = useParams();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return <NotFoundRoute />;
  return <AuthorizePage key={uid} uid={uid} />;
}

function ConnectedAppsPage({ patientId }: { patientId: number }) {
  return (
    <Page
      title={t('page.connectedApps')}
      heading={t('page.connectedApps')}
      description={t('connectedApps.intro')}
    >
      <ConnectedApps patientId={patientId} />
    </Page>
  );
}

/**
 * /account/connected-apps: the apps connected to the signed-in patient's own record.
 * /{responsibleId}/connected-apps: a responsible person managing the apps connected to the record of
 * the patient they act for; the server's guard answers 403 for anyone else (then /forbidden).
 */
export function ConnectedAppsRoute() {
  const { responsibleId } = useParams();
  const user = useSession().user;
  if (responsibleId === undefined) return user ? <ConnectedAppsPage patientId={user.id} /> : null;
  if (!/^\d{1,10}$/.test(responsibleId)) return <NotFoundRoute />;
  return <ConnectedAppsPage key={responsibleId} patientId={Number(responsibleId)} />;
}
