import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { t } from '../../../lib/i18n';
import { stepIcon } from './step-icons';
import { stepIndex, wizardSteps, type WizardStep } from './steps';

interface StepBarProps {
  current: WizardStep;
  /** The patient's sex: the basic-info icon is a woman for FEMALE or UNKNOWN, else a man. */
  gender: string | null | undefined;
}

/**
 * The seven steps with their icons (spec 001 §2). Steps only move forward after a save, so the bar
 * is a list, not links; the current one carries aria-current="step". On a phone the labels give way
 * to 'Step n of 7: name' under the icons.
 */
export function StepBar({ current, gender }: StepBarProps) {
  const currentIndex = stepIndex(current);
  return (
    <Box component="nav" aria-label={t('wizard.steps')}>
      <Box
        component="ol"
        data-testid="wizard-step-bar"
        style={{
          display: 'flex',
          gap: 'var(--mantine-spacing-xs)',
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {wizardSteps.map((step, index) => {
          const StepIcon = stepIcon(step, gender);
          const done = index < currentIndex;
          const active = index === currentIndex;
          const name = t(`wizard.step.${step}`);
          return (
            <Box
              component="li"
              key={step}
              style={{
                display: 'flex',
                flex: '1 1 0',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 4,
                minWidth: 0,
                textAlign: 'center',
              }}
              aria-current={active ? 'step' : undefined}
              data-step={step}
              data-state={active ? 'active' : done ? 'done' : 'todo'}
            >
              <ThemeIcon
                size={36}
                radius="xl"
                variant={active ? 'filled' : done ? 'light' : 'outline'}
                color={done || active ? undefined : 'gray.7'}
                aria-hidden
              >
                {done ? <IconCheck size={20} /> : <StepIcon size={20} stroke={1.6} />}
              </ThemeIcon>
              <Text size="xs" visibleFrom="sm" fw={active ? 700 : 400} aria-hidden>
                {name}
              </Text>
              <VisuallyHidden>{done ? t('wizard.stepDone', { step: name }) : name}</VisuallyHidden>
            </Box>
          );
        })}
      </Box>
      <Group hiddenFrom="sm" justify="center">
        <Text size="sm" fw={600} data-testid="wizard-step-caption">
          {t('wizard.stepOf', { current: currentIndex + 1, total: wizardSteps.length })}:{' '}
          {t(`wizard.step.${current}`)}
        </Text>
      </Group>
    </Box>
  );
}
