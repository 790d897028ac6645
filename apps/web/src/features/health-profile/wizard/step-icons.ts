import {
  IconAlertTriangle,
  IconDna,
  IconGlassFull,
  IconMan,
  IconNeedleThread,
  IconPill,
  IconStethoscope,
  IconWoman,
  type Icon,
} from '@tabler/icons-react';
import { basicInfoIcon, type WizardStep } from './steps';

/**
 * One icon per step, each of its own shape: surgical history is a suture (needle and thread), not a
 * bandage, which is a rounded bar on a diagonal like the medications pill and read as the same icon.
 */
const icons: Record<Exclude<WizardStep, 'basic-info'>, Icon> = {
  allergies: IconAlertTriangle,
  medications: IconPill,
  'past-medical-history': IconStethoscope,
  'family-history': IconDna,
  'surgical-history': IconNeedleThread,
  'social-history': IconGlassFull,
};

/** The icon of a step in the step bar; basic info shows the patient's sex (spec 001 §2). */
export function stepIcon(step: WizardStep, gender: string | null | undefined): Icon {
  if (step === 'basic-info') return basicInfoIcon(gender) === 'woman' ? IconWoman : IconMan;
  return icons[step];
}
