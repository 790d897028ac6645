import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Paper, Stack, Title } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { ErrorModal } from '../../../components/error-modal';
import { Page } from '../../../components/page';
import { t } from '../../../lib/i18n';
import { takeAfterSetup } from '../../../lib/navigation/after-setup';
import { PharmaciesModal } from './pharmacies-modal';
import { StepBar } from './step-bar';
import { nextStep, previousStep, stepPath, type WizardFlow, type WizardStep } from './steps';

export interface WizardStepProps {
  /** The step's data was saved: move on (or, after the last step, finish). */
  onSaved: () => void;
  /** The save failed: the wizard shows the generic saving error and stays. */
  onFailed: (message?: string) => void;
  /** Go to the step before (none on the first step); the step saves what it holds first. */
  onBack?: () => void;
}

interface WizardProps {
  flow: WizardFlow;
  step: WizardStep;
  /** The patient's sex, for the basic-info icon. */
  gender: string | null | undefined;
  /** The content of one step; it calls onSaved once its data is stored. */
  renderStep: (step: WizardStep, props: WizardStepProps) => ReactNode;
  /**
   * Runs after the last step, before the pharmacies question: marks the encounter history-finished
   * (screening with an encounter).
   */
  onFinished: () => Promise<void>;
  /** Runs on either answer to the pharmacies question: completes first-time setup (first-time-login only). */
  onLeave: () => Promise<void>;
}

/**
 * The first-time wizard and the screening (spec 001 §2, §4): step bar, one step at a time, forward
 * only after a successful save, and Back to the step before (its answers are saved, so it shows
 * them); after social history the pharmacies question, then away.
 */
export function Wizard({ flow, step, gender, renderStep, onFinished, onLeave }: WizardProps) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);

  function onSaved() {
    const next = nextStep(step);
    if (next) {
      void navigate(stepPath(flow, next));
      return;
    }
    onFinished().then(
      () => setAsking(true),
      () => setError(t('history.error.saving')),
    );
  }

  function onChoose(choice: 'ok' | 'later' | 'close') {
    setLeaving(true);
    onLeave().then(
      () => {
        setAsking(false);
        // A page that waited for first-time setup (a health app's request) comes before the spec's
        // places, unless the patient asked for the pharmacies.
        const waiting = flow.kind === 'first-time-login' ? takeAfterSetup() : null;
        const to =
          choice === 'ok'
            ? webRoutes.pharmacies
            : (waiting ?? (choice === 'later' ? webRoutes.myHealthProfile : webRoutes.home));
        void navigate(to, { replace: true });
      },
      () => {
        setLeaving(false);
        setAsking(false);
        setError(t('history.error.saving'));
      },
    );
  }

  const previous = previousStep(step);
  const onBack = previous ? () => void navigate(stepPath(flow, previous)) : undefined;

  const title = flow.kind === 'first-time-login' ? t('page.firstTimeLogin') : t('page.screening');
  return (
    <Page title={title} heading={title}>
      <Stack gap="lg">
        <StepBar current={step} gender={gender} />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid={`wizard-step-${step}`}>
          <Title order={2} size="h3" mb="md">
            {t(`wizard.step.${step}`)}
          </Title>
          {renderStep(step, {
            onSaved,
            onBack,
            onFailed: (message) => setError(message ?? t('history.error.saving')),
          })}
        </Paper>
      </Stack>
      <PharmaciesModal opened={asking} onChoose={onChoose} busy={leaving} />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </Page>
  );
}
