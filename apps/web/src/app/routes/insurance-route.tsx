import { useParams } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { Page } from '../../components/page';
import { InsuranceProfile } from '../../features/insurance/components/insurance-profile';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

function InsurancePage({ patientId, back }: { patientId: number; back: string }) {
  return (
    <Page title={t('page.insurance')} heading={t('insurance.title')} description={t('insurance.subheader')}>
      <InsuranceProfile key={patientId} patientId={patientId} profileHref={back} />
    </Page>
  );
}

/** /my-health-profile/insurance-profile: the signed-in patient's insurance, read-only (spec 001 §2). */
export function InsuranceRoute() {
  const user = useSession().user;
  if (!user) return null;
  return <InsurancePage patientId={user.id} back={webRoutes.myHealthProfile} />;
}

/** /{responsibleId}/my-health-profile/insurance-profile: the insurance of the patient acted for (guarded). */
export function ActingForInsuranceRoute() {
  const { responsibleId = '' } = useParams();
  if (!/^\d{1,10}$/.test(responsibleId)) return <NotFoundRoute />;
  return (
    <InsurancePage patientId={Number(responsibleId)} back={`/${responsibleId}${webRoutes.myHealthProfile}`} />
  );
}
