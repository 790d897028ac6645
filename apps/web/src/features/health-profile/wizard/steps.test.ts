import { describe, expect, it } from 'vitest';
import { basicInfoIcon, isWizardStep, nextStep, previousStep, stepPath, wizardSteps } from './steps';

describe('wizard steps', () => {
  it('has the seven steps of spec 001 §2 in order', () => {
    expect(wizardSteps).toEqual([
      'basic-info',
      'allergies',
      'medications',
      'past-medical-history',
      'family-history',
      'surgical-history',
      'social-history',
    ]);
  });

  it('knows its steps and nothing else', () => {
    expect(isWizardStep('family-history')).toBe(true);
    expect(isWizardStep('pharmacies')).toBe(false);
    expect(isWizardStep('')).toBe(false);
  });

  it('moves one step at a time and ends after social history', () => {
    expect(nextStep('basic-info')).toBe('allergies');
    expect(nextStep('surgical-history')).toBe('social-history');
    expect(nextStep('social-history')).toBeNull();
    expect(previousStep('allergies')).toBe('basic-info');
    expect(previousStep('basic-info')).toBeNull();
  });

  it('builds the address of each flow', () => {
    expect(stepPath({ kind: 'first-time-login' }, 'medications')).toBe('/first-time-login/medications');
    expect(stepPath({ kind: 'screening' }, 'allergies')).toBe('/screening/allergies');
    expect(stepPath({ kind: 'screening', encounterId: 42 }, 'social-history')).toBe(
      '/screening/42/social-history',
    );
  });

  it('shows a woman for FEMALE or UNKNOWN, a man otherwise', () => {
    expect(basicInfoIcon('FEMALE')).toBe('woman');
    expect(basicInfoIcon('UNKNOWN')).toBe('woman');
    expect(basicInfoIcon('MALE')).toBe('man');
    expect(basicInfoIcon('OTHER')).toBe('man');
  });
});
