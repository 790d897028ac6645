import { Navigate, useParams } from 'react-router';
import { Text } from '@mantine/core';
import { PlaceholderPage } from '../../components/placeholder-page';
import { t, type MessageKey } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

/** A route whose screen comes with a later issue: real URL, guard and title; content says so. */
export function Placeholder({ title }: { title: MessageKey }) {
  return <PlaceholderPage title={t(title)} />;
}

export function MyHealthProfileRoute() {
  const firstName = useSession().user?.firstName ?? '';
  return (
    <PlaceholderPage title={t('page.healthProfile')} heading={t('myHealthProfile.welcome', { firstName })} />
  );
}

/** Spec 000 §2: the screening steps; any other step name is not a page. */
export const screeningSteps = [
  'basic-info',
  'allergies',
  'medications',
  'past-medical-history',
  'family-history',
  'surgical-history',
  'social-history',
] as const;

export function StepRoute({ title, steps }: { title: MessageKey; steps?: readonly string[] }) {
  const { currentStep = '', encounterId } = useParams();
  if (steps && !steps.includes(currentStep)) return <NotFoundRoute />;
  if (encounterId !== undefined && !/^\d+$/.test(encounterId)) return <NotFoundRoute />;
  return (
    <PlaceholderPage title={t(title)}>
      <Text>{t('placeholder.step', { step: currentStep })}</Text>
    </PlaceholderPage>
  );
}

/** /{responsibleId}/...: a responsible person's view of a patient. The id must be numeric. */
export function ActingForRoute({ title }: { title: MessageKey }) {
  const { responsibleId = '' } = useParams();
  if (!/^\d+$/.test(responsibleId)) return <NotFoundRoute />;
  return <PlaceholderPage title={t(title)} />;
}

export function RedirectTo({ to }: { to: string }) {
  return <Navigate to={to} replace />;
}
