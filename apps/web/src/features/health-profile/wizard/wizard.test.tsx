import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberAfterSetup } from '../../../lib/navigation/after-setup';
import { renderWithProviders } from '../../../lib/testing/render';
import { Wizard } from './wizard';
import type { WizardFlow } from './steps';

/** The wizard on its last step, whose content saves at a click; then the pharmacies question. */
async function finish(flow: WizardFlow, choice: 'I will do it later' | 'OK' | 'Close') {
  const onLeave = vi.fn(() => Promise.resolve());
  renderWithProviders(
    <Wizard
      flow={flow}
      step="social-history"
      gender="FEMALE"
      renderStep={(_, { onSaved }) => <button onClick={onSaved}>Save step</button>}
      onFinished={() => Promise.resolve()}
      onLeave={onLeave}
    />,
    { route: '/first-time-login/social-history' },
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Save step' }));
  await screen.findByRole('dialog', { name: 'Favorite Pharmacies' });
  if (choice === 'Close') await user.keyboard('{Escape}');
  else await user.click(await screen.findByRole('button', { name: choice }));
  await vi.waitFor(() =>
    expect(screen.getByTestId('location').textContent).not.toBe('/first-time-login/social-history'),
  );
  expect(onLeave).toHaveBeenCalledOnce();
  return screen.getByTestId('location').textContent;
}

afterEach(() => sessionStorage.clear());

describe('the end of first-time setup', () => {
  it("goes to the spec's places when no page waits", async () => {
    expect(await finish({ kind: 'first-time-login' }, 'I will do it later')).toBe('/my-health-profile');
  });

  it('returns to the page that waited for setup (a health app asking for access), once', async () => {
    rememberAfterSetup('/health-apps/authorize/abc_DEF-1');
    expect(await finish({ kind: 'first-time-login' }, 'I will do it later')).toBe(
      '/health-apps/authorize/abc_DEF-1',
    );
    expect(sessionStorage.length).toBe(0);
  });

  it('returns there when the question is closed too, but goes to the pharmacies the patient asked for', async () => {
    rememberAfterSetup('/health-apps/authorize/abc_DEF-1');
    expect(await finish({ kind: 'first-time-login' }, 'Close')).toBe('/health-apps/authorize/abc_DEF-1');
  });

  it('goes to the pharmacies when the patient asks for them, forgetting the page that waited', async () => {
    rememberAfterSetup('/health-apps/authorize/abc_DEF-1');
    expect(await finish({ kind: 'first-time-login' }, 'OK')).toBe('/pharmacies');
    expect(sessionStorage.length).toBe(0);
  });

  it('leaves a waiting page alone at the end of a screening', async () => {
    rememberAfterSetup('/health-apps/authorize/abc_DEF-1');
    expect(await finish({ kind: 'screening' }, 'I will do it later')).toBe('/my-health-profile');
    expect(sessionStorage.getItem('dermis.afterSetup')).toBe('/health-apps/authorize/abc_DEF-1');
  });
});
