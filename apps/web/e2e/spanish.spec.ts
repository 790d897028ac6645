import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './account-api';
import { demo, expectNoSeriousA11yViolations } from './support/app';

// demo.patient is shared with other spec files: whatever happens here, it reads English afterwards.
async function accountLanguage(request: APIRequestContext): Promise<string | null> {
  const token = await apiSignIn(request, demo.patient);
  const answer = await request.post('/api/app/patient/getByUsername', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username: demo.patient.username },
  });
  return ((await answer.json()) as { language: string | null }).language;
}

test.afterAll(async ({ request }) => {
  const token = await apiSignIn(request, demo.patient);
  await request.post('/api/app/profile/changeLanguage', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'en' },
  });
});

test('the whole sign-in and account flow in Spanish, chosen before sign-in and switched back after', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your patient portal' })).toBeVisible();

  // Chosen on the sign-in page: the page turns Spanish at once and stays so after a reload.
  await page.getByTestId('language-switcher').getByText('Español').click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inicie sesión en su portal del paciente' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Dermis - Iniciar sesión');
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inicie sesión en su portal del paciente' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A wrong password is told in Spanish, then the right one signs in.
  await page.getByLabel('Nombre de usuario').fill(demo.patient.username);
  await page.getByLabel('Contraseña', { exact: true }).fill('Wrong12345');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Credenciales incorrectas')).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(demo.patient.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await expect(page.getByRole('link', { name: 'Mi perfil de salud' })).toBeVisible();

  // The choice made before sign-in is now the account's.
  await expect.poll(() => accountLanguage(request)).toBe('es');

  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' })).toBeVisible();
  await expect(page).toHaveTitle('Dermis - Configuración de la cuenta');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Perfil de verificación en dos pasos' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar nombre de usuario' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/account/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de actividad' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Acción' })).toBeVisible();
  // The sign-in just made is listed, its month named in Spanish ('26 nov 2026, …'), not in the
  // spec's English pattern ('Nov 26th 2026 …').
  const firstDate = page.getByTestId('activity-log-table').getByRole('row').nth(1).getByRole('cell').nth(2);
  await expect(firstDate).toHaveText(/^\d{1,2} [a-z]+\.? \d{4}/);
  await expectNoSeriousA11yViolations(page);

  // The other screens' dates name their months in Spanish as well (decision 155).
  await page.goto('/appointments');
  await expect(page.getByTestId('visit-date').first()).toHaveText(
    /^\d{2} [a-z]+\.? \d{4}, \d{2}:\d{2}\s[ap]\.\s?m\.$/,
  );
  await page.goto('/messages/inbox');
  await expect(page.getByTestId('message-row-date').first()).toHaveText(/^\d{1,2} [a-z]+\.?( \d{4})?$/);
  await page.goto('/health-information');
  await page.getByRole('button', { name: 'Fecha desde', exact: true }).click();
  const [today, month] = await page.evaluate(() => [
    new Intl.DateTimeFormat('es-US', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()),
    new Intl.DateTimeFormat('es-US', { month: 'long', year: 'numeric' }).format(new Date()),
  ]);
  await expect(page.getByRole('button', { name: today, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: month, exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'lun', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/account/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de actividad' })).toBeVisible();

  // Switched back in the profile menu: stored on the account, the page reads English again.
  await page
    .getByRole('button', { name: new RegExp(`^${demo.patient.firstName}\\b.*menú del perfil$`) })
    .click();
  await expectNoSeriousA11yViolations(page);
  const english = page.getByRole('menuitem', { name: 'English' });
  await expect(english).toBeVisible();
  await english.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => accountLanguage(request)).toBe('en');
});
