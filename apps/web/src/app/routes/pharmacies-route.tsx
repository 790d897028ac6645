import { Page } from '../../components/page';
import { PharmaciesEditor } from '../../features/pharmacies/components/pharmacies-page';
import { homeZip } from '../../features/pharmacies/map-view';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** /pharmacies: the signed-in patient's favorite pharmacies, the search and the map (spec 001 §2). */
export function PharmaciesRoute() {
  const user = useSession().user;
  if (!user) return null;
  return (
    <Page
      title={t('page.pharmacies')}
      heading={t('pharmacies.title')}
      description={t('pharmacies.subheader')}
    >
      <PharmaciesEditor patientId={user.id} zipCode={homeZip(user.addressInformationInfoList)} />
    </Page>
  );
}
