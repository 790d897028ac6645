import { Page } from '../../components/page';
import { ResponsiblePersons } from '../../features/responsible-persons/components/responsible-persons';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** /account/responsible-persons (spec 000 §2): who is responsible for the signed-in patient. */
export function ResponsiblePersonsRoute() {
  const user = useSession().user;
  return (
    <Page title={t('page.responsiblePersons')} heading={t('page.responsiblePersons')}>
      {user && <ResponsiblePersons patientId={user.id} />}
    </Page>
  );
}
