import { Navigate, useParams } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { usePatientById } from '../../features/navigation/api/get-patient-by-id';
import { HealthProfilePage } from '../../features/health-profile/components/health-profile-page';
import { HistoryAccordion } from '../../features/health-profile/components/history-accordion';
import { BasicInfoSummary } from '../../features/health-profile/wizard/basic-info-summary';
import { isWizardStep, type WizardFlow } from '../../features/health-profile/wizard/steps';
import { Wizard } from '../../features/health-profile/wizard/wizard';
import {
  HistoryBlockContent,
  HistoryStepContent,
} from '../../features/health-profile/components/history-block';
import { useWizardFinish } from '../../features/health-profile/api/wizard-finish';
import { useEncounterProvider } from '../../features/health-profile/api/encounter';
import { DocumentsBlock } from '../../features/documents/components/documents-block';
import { EditProfileForm } from '../../features/edit-profile/components/edit-profile-form';
import { useEditableProfile } from '../../features/edit-profile/api/editable-profile';
import { InsuranceBlock } from '../../features/insurance/components/insurance-block';
import { ListSkeleton } from '../../components/skeletons';
import { t } from '../../lib/i18n';
import { useSession } from '../../lib/session';

function ProfileHistory({ patientId, readOnly = false }: { patientId: number; readOnly?: boolean }) {
  return (
    <HistoryAccordion
      readOnly={readOnly}
      renderBlock={(block, state) => (
        <HistoryBlockContent block={block} patientId={patientId} readOnly={readOnly} {...state} />
      )}
    />
  );
}

/** The main column: the Documents and Insurance Profile blocks (features documents and insurance). */
function MainColumn({ patientId, ownLinks }: { patientId: number; ownLinks: boolean }) {
  // Acting for someone, 'Show details' opens the /{responsibleId}/… form of the detail pages.
  const actingFor = (route: string) => (ownLinks ? {} : { detailsHref: `/${patientId}${route}` });
  return (
    <>
      <DocumentsBlock patientId={patientId} {...actingFor(webRoutes.healthProfileDocuments)} />
      <InsuranceBlock patientId={patientId} {...actingFor(webRoutes.healthProfileInsurance)} />
    </>
  );
}

/**
 * The basic-info step: the edit-profile form (features/edit-profile); the step advances once the
 * profile is saved (spec 001 §4). If the profile cannot be read, what is on file and Next.
 */
function BasicInfoStep({ onSaved }: { onSaved: () => void }) {
  const user = useSession().user;
  const profile = useEditableProfile(user?.id ?? 0);
  if (!user) return null;
  if (profile.isPending) return <ListSkeleton rows={6} />;
  if (profile.isError) return <BasicInfoSummary user={user} onNext={onSaved} />;
  return <EditProfileForm key={profile.data.id} profile={profile.data} onDone={onSaved} />;
}

/** /my-health-profile: the signed-in patient's own health profile. */
export function MyHealthProfileRoute() {
  const user = useSession().user;
  if (!user) return null;
  return (
    <HealthProfilePage
      heading={t('myHealthProfile.welcome', { firstName: user.firstName })}
      history={<ProfileHistory patientId={user.id} />}
      main={<MainColumn patientId={user.id} ownLinks />}
    />
  );
}

/**
 * /{responsibleId}/my-health-profile: a responsible person viewing the health profile of the patient
 * they act for. The server's guard answers 403 for anyone else, which leads to /forbidden.
 */
export function ActingForHealthProfileRoute() {
  const { responsibleId = '' } = useParams();
  const valid = /^\d{1,10}$/.test(responsibleId);
  const patient = usePatientById(valid ? Number(responsibleId) : null);
  if (!valid) return <Navigate to={webRoutes.notFound} replace />;
  const patientId = Number(responsibleId);
  const name = patient.data ? `${patient.data.firstName} ${patient.data.lastName}` : '';
  return (
    <HealthProfilePage
      key={patientId}
      heading={t('healthProfile.actingForHeading', { name })}
      history={<ProfileHistory patientId={patientId} />}
      main={<MainColumn patientId={patientId} ownLinks={false} />}
      ownLinks={false}
    />
  );
}

/** /my-health-profile/anything-else (spec 001 §2: unknown sub-paths redirect). */
export function HealthProfileRedirect() {
  return <Navigate to={webRoutes.myHealthProfile} replace />;
}

/**
 * /first-time-login/{step}, /screening/{step} and /screening/{encounterId}/{step} (spec 001 §2):
 * an unknown step, or an encounter id that is not a number, goes to /not-found.
 */
export function WizardRoute({ kind }: { kind: WizardFlow['kind'] }) {
  const { currentStep = '', encounterId } = useParams();
  const user = useSession().user;
  const validEncounter = encounterId === undefined || /^\d{1,10}$/.test(encounterId);
  const flow: WizardFlow =
    kind === 'first-time-login'
      ? { kind }
      : {
          kind,
          ...(encounterId !== undefined && validEncounter ? { encounterId: Number(encounterId) } : {}),
        };
  const finish = useWizardFinish(flow);
  const screeningEncounter = flow.kind === 'screening' ? flow.encounterId : undefined;
  const provider = useEncounterProvider(user?.id ?? 0, screeningEncounter);
  if (!isWizardStep(currentStep) || !validEncounter) return <Navigate to={webRoutes.notFound} replace />;
  if (!user) return null;
  return (
    <Wizard
      key={currentStep}
      flow={flow}
      step={currentStep}
      gender={user.gender}
      onFinished={finish.onFinished}
      onLeave={finish.onLeave}
      renderStep={(step, props) =>
        step === 'basic-info' ? (
          <BasicInfoStep onSaved={props.onSaved} />
        ) : (
          <HistoryStepContent
            step={step}
            context={{
              patientId: user.id,
              complaintId: screeningEncounter ?? null,
              providerId: provider.providerId,
            }}
            screening={flow.kind === 'screening'}
            {...props}
          />
        )
      }
    />
  );
}
