import {
  IconBandage,
  IconBandageFilled,
  IconCapsule,
  IconCapsuleFilled,
  IconCapsuleHorizontal,
  IconPill,
  IconPillFilled,
} from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { stepIcon } from './step-icons';
import { wizardSteps } from './steps';

// Icons drawn as a rounded bar on a diagonal: side by side in the step bar they read as one icon.
const roundedBars = new Set<unknown>([
  IconPill,
  IconPillFilled,
  IconCapsule,
  IconCapsuleFilled,
  IconCapsuleHorizontal,
  IconBandage,
  IconBandageFilled,
]);

describe('the step icons', () => {
  it('are one per step, and only medications is drawn as a rounded bar', () => {
    const icons = wizardSteps.map((step) => stepIcon(step, 'FEMALE'));
    expect(new Set(icons).size).toBe(wizardSteps.length);
    const bars = wizardSteps.filter((step) => roundedBars.has(stepIcon(step, 'FEMALE')));
    expect(bars).toEqual(['medications']);
  });
});
