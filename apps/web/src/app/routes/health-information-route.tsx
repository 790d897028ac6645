import { useParams } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { Page } from '../../components/page';
import { HealthInformation } from '../../features/health-information/components/health-information-page';
import { usePatientById } from '../../features/navigation/api/get-patient-by-id';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

function HealthInformationPage(props: Parameters<typeof HealthInformation>[0]) {
  return (
    <Page title={t('page.healthInformation')} heading={t('page.healthInformation')}>
      <HealthInformation {...props} />
    </Page>
  );
}

/** /health-information: the signed-in patient's own health information (spec 001 §2). */
export function HealthInformationRoute() {
  const user = useSession().user;
  if (!user) return null;
  return (
    <HealthInformationPage
      patientId={user.id}
      fhirAllowed={user.hasFhirPermission && user.patientFhirInvite}
      transmitPath="/messages/transmit"
      connectedAppsPath={webRoutes.connectedApps}
    />
  );
}

/**
 * /{responsibleId}/health-information: a responsible person viewing the health information of the
 * patient they act for (the header shows 'Viewing the account of'). The server's guard answers 403
 * for anyone else, which leads to /forbidden.
 */
export function ActingForHealthInformationRoute() {
  const { responsibleId = '' } = useParams();
  const valid = /^\d{1,10}$/.test(responsibleId);
  const patient = usePatientById(valid ? Number(responsibleId) : null);
  if (!valid) return <NotFoundRoute />;
  return (
    <HealthInformationPage
      key={responsibleId}
      patientId={Number(responsibleId)}
      fhirAllowed={Boolean(patient.data?.hasFhirPermission && patient.data.patientFhirInvite)}
      transmitPath={`/${responsibleId}/messages/transmit`}
      connectedAppsPath={`/${responsibleId}/connected-apps`}
    />
  );
}
