import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gender, type Gender } from '@dermis/contract';
import { usesWomanIcon } from '../../../components/icons/person-icons';
import { userProfileFixture } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { actingPatientId } from '../acting-for';
import { TopNav, type TopNavProps } from './top-nav';

const guardian = userProfileFixture({
  firstName: 'Daniel',
  gender: 'MALE',
  responsibleForPatients: [{ id: 7, firstName: 'Emma', lastName: 'Reed', gender: 'FEMALE', relationship: 1 }],
});

function renderNav(props: Partial<TopNavProps> = {}) {
  return renderWithProviders(
    <>
      <TopNav user={guardian} isDevelopment={false} notices={[]} actingPatientId={null} {...props} />
      <main>content</main>
    </>,
  );
}

describe('TopNav', () => {
  it('links the logo, My Health Profile and Appointments', () => {
    renderNav();
    expect(screen.getByRole('link', { name: 'Dermis home' })).toHaveAttribute('href', '/my-health-profile');
    expect(screen.getByRole('link', { name: 'My Health Profile' })).toHaveAttribute(
      'href',
      '/my-health-profile',
    );
    expect(screen.getByRole('link', { name: 'Appointments' })).toHaveAttribute('href', '/appointments');
  });

  it('keeps only one dropdown open at a time', async () => {
    const user = userEvent.setup();
    renderNav();
    const notifications = screen.getByRole('button', { name: /Notifications/ });
    const responsible = screen.getByRole('button', { name: 'Responsible Person' });
    const profile = screen.getByRole('button', { name: /Daniel/ });

    await user.click(notifications);
    expect(notifications).toHaveAttribute('aria-expanded', 'true');
    expect(notifications).toHaveAttribute('aria-controls', screen.getByRole('menu').id);
    expect(screen.getByRole('menuitem', { name: 'No new notifications' })).toBeInTheDocument();

    await user.click(responsible);
    expect(notifications).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No new notifications')).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'View as Emma Reed' })).toHaveAttribute(
      'href',
      '/7/health-information',
    );

    await user.click(profile);
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(screen.queryByRole('menuitem', { name: 'View as Emma Reed' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('opening a dropdown from the keyboard closes the open one (no outside click involved)', async () => {
    const user = userEvent.setup();
    renderNav();
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    screen.getByRole('button', { name: /Daniel/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Notifications/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside and on Escape', async () => {
    const user = userEvent.setup();
    renderNav();
    const profile = screen.getByRole('button', { name: /Daniel/ });

    await user.click(profile);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    profile.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(profile).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes a dropdown opened by mouse while focus stays on its button', async () => {
    const user = userEvent.setup();
    renderNav();
    const notifications = screen.getByRole('button', { name: /Notifications/ });
    await user.click(notifications);
    notifications.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(notifications).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the profile links; the set-up shortcuts only in development', async () => {
    const user = userEvent.setup();
    const { unmount } = renderNav();
    await user.click(screen.getByRole('button', { name: /Daniel/ }));
    // Links only: the language items (English, Español) are buttons, checked in the Spanish journey.
    const items = () =>
      screen
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href'))
        .filter((href) => href !== null);
    expect(items()).toEqual(['/account', '/health-information', '/messages/inbox', '/pharmacies', '/logout']);
    unmount();

    renderNav({ isDevelopment: true });
    await user.click(screen.getByRole('button', { name: /Daniel/ }));
    expect(items()).toEqual([
      '/account',
      '/health-information',
      '/messages/inbox',
      '/pharmacies',
      '/first-time-login',
      '/screening',
      '/logout',
    ]);
  });

  it('lists unfinished appointments with a count badge', async () => {
    const user = userEvent.setup();
    renderNav({ notices: [{ id: 31, providerFirstName: 'Ada', providerLastName: 'Stone' }] });
    // One name, no stray space before the comma (Chromium spaces out a name built from flex items).
    const button = screen.getByRole('button', { name: 'Notifications 1 new' });
    expect(button).toHaveTextContent('1');
    await user.click(button);
    expect(
      screen.getByRole('menuitem', { name: 'Review your medical profile before visiting Ada Stone' }),
    ).toHaveAttribute('href', '/screening/31/basic-info');
  });

  it('hides the Responsible Person dropdown from users responsible for nobody', () => {
    renderWithProviders(
      <TopNav user={userProfileFixture()} isDevelopment={false} notices={[]} actingPatientId={null} />,
    );
    expect(screen.queryByRole('button', { name: 'Responsible Person' })).not.toBeInTheDocument();
  });

  it('acting for a patient shows that patient’s links and a short profile menu', async () => {
    const user = userEvent.setup();
    renderNav({ actingPatientId: 7 });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/7/activity-log', '/7/health-information', '/7/appointments', '/7/messages/inbox']);
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Daniel/ }));
    expect(
      screen
        .getAllByRole('menuitem')
        .filter((item) => item.hasAttribute('href'))
        .map((item) => [item.textContent, item.getAttribute('href')]),
    ).toEqual([
      ['Return to your account', '/my-health-profile'],
      ['Logout', '/logout'],
    ]);
  });
});

describe('gender icon rule', () => {
  it.each(gender.options)('%s', (value: Gender) => {
    expect(usesWomanIcon(value)).toBe(value === 'FEMALE' || value === 'UNKNOWN');
  });

  it('shows the matching icon next to the first name', () => {
    const { container, unmount } = renderWithProviders(
      <TopNav
        user={userProfileFixture({ gender: 'UNKNOWN' })}
        isDevelopment={false}
        notices={[]}
        actingPatientId={null}
      />,
    );
    expect(container.querySelector('[data-testid="profile-menu-button"] svg')).toHaveAttribute(
      'data-icon',
      'woman',
    );
    unmount();
    const other = renderWithProviders(
      <TopNav
        user={userProfileFixture({ gender: 'OTHER' })}
        isDevelopment={false}
        notices={[]}
        actingPatientId={null}
      />,
    );
    expect(other.container.querySelector('[data-testid="profile-menu-button"] svg')).toHaveAttribute(
      'data-icon',
      'man',
    );
  });
});

describe('actingPatientId', () => {
  it('is the numeric first segment when it is not the user’s own id', () => {
    expect(actingPatientId('/7/health-information', 100)).toBe(7);
    expect(actingPatientId('/100/health-information', 100)).toBeNull();
    expect(actingPatientId('/health-information', 100)).toBeNull();
    expect(actingPatientId('/7a/activity-log', 100)).toBeNull();
  });
});
