import { webRoutes } from '@dermis/contract';

/** Spec 001 §2: the seven steps of first-time setup and screening, in order. */
export const wizardSteps = [
  'basic-info',
  'allergies',
  'medications',
  'past-medical-history',
  'family-history',
  'surgical-history',
  'social-history',
] as const;
export type WizardStep = (typeof wizardSteps)[number];

/**
 * Which wizard runs: first-time setup (completes setup at the end), or screening before a visit,
 * optionally for one encounter (marked history-finished at the end).
 */
export type WizardFlow = { kind: 'first-time-login' } | { kind: 'screening'; encounterId?: number };

export function isWizardStep(value: string): value is WizardStep {
  return (wizardSteps as readonly string[]).includes(value);
}

export function stepIndex(step: WizardStep): number {
  return wizardSteps.indexOf(step);
}

/** The step after `step`, or null after the last one. */
export function nextStep(step: WizardStep): WizardStep | null {
  return wizardSteps[stepIndex(step) + 1] ?? null;
}

export function previousStep(step: WizardStep): WizardStep | null {
  const index = stepIndex(step);
  return index > 0 ? (wizardSteps[index - 1] ?? null) : null;
}

/** The address of one step of a flow: /first-time-login/{step}, /screening[/{encounterId}]/{step}. */
export function stepPath(flow: WizardFlow, step: WizardStep): string {
  if (flow.kind === 'first-time-login') return `${webRoutes.firstTimeLogin}/${step}`;
  return flow.encounterId === undefined
    ? `${webRoutes.screening}/${step}`
    : `${webRoutes.screening}/${flow.encounterId}/${step}`;
}

/** Spec 001 §2: a woman icon for FEMALE or UNKNOWN (and when the sex is not known yet), else a man. */
export function basicInfoIcon(gender: string | null | undefined): 'woman' | 'man' {
  return gender === undefined || gender === null || gender === 'FEMALE' || gender === 'UNKNOWN'
    ? 'woman'
    : 'man';
}
