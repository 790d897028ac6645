import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { Appointments } from '../../features/appointments/components/appointments-page';
import { usePatientById } from '../../features/navigation/api/get-patient-by-id';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

function AppointmentsPage(props: Parameters<typeof Appointments>[0]) {
  return (
    <Page
      title={t('page.appointments')}
      heading={t('appointments.title')}
      description={
        props.actingForName
          ? t('appointments.subheaderActingFor', { name: props.actingForName })
          : t('appointments.subheader')
      }
    >
      <Appointments {...props} />
    </Page>
  );
}

/** /appointments: the signed-in patient's own appointments (spec 002 §2). */
export function AppointmentsRoute() {
  const user = useSession().user;
  if (!user) return null;
  return <AppointmentsPage patientId={user.id} />;
}

/**
 * /{responsibleId}/appointments: a responsible person seeing and signing for the patient they act
 * for (spec 002 §1, decision 104). The server's guard answers 403 for anyone else.
 */
export function ActingForAppointmentsRoute() {
  const { responsibleId = '' } = useParams();
  const valid = /^\d{1,10}$/.test(responsibleId);
  const patient = usePatientById(valid ? Number(responsibleId) : null);
  if (!valid) return <NotFoundRoute />;
  const name = patient.data ? `${patient.data.firstName} ${patient.data.lastName}` : null;
  return <AppointmentsPage key={responsibleId} patientId={Number(responsibleId)} actingForName={name} />;
}
