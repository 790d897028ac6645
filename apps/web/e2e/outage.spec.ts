import { expect, test, type Page } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, fillSignIn } from './support/app';

// What the patient meets while a service the portal needs is away (decision 173). The server's side
// of each outage is made real in apps/server/src/features/system/*-outage.test.ts; here the answer it
// gives then (503, Retry-After, the message) comes from the network, so the journey can check the
// page in the browser, and the next try reaches the real server.

const unavailable = {
  en: 'The service is briefly unavailable. Please try again in a minute.',
  es: 'El servicio no está disponible por un momento. Vuelva a intentarlo en un minuto.',
};

/** The next sign-in answers as the server does during an outage; later ones reach the server. */
async function outageOnNextSignIn(page: Page, message: string): Promise<void> {
  await page.route(
    '**/api/auth/login',
    (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '10', 'content-type': 'application/json' },
        body: JSON.stringify({ error: 'SERVICE_UNAVAILABLE', message }),
      }),
    { times: 1 },
  );
}

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`sign-in during an outage says the service is briefly unavailable and keeps what was typed (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await outageOnNextSignIn(page, unavailable.en);
    await page.goto('/login');
    await fillSignIn(page, demo.patient.username, demo.patient.password);
    await expect(page.getByRole('alert')).toContainText(unavailable.en);
    await expect(page.getByLabel('Username')).toHaveValue(demo.patient.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(demo.patient.password);
    await expect(page).toHaveURL(/\/login$/);
    await expectNoSeriousA11yViolations(page);
    if (process.env.OUTAGE_SHOTS)
      await page.screenshot({ path: `${process.env.OUTAGE_SHOTS}/sign-in-${size.name}.png` });

    // The service is back: the same form, untouched, signs in with one more press.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-health-profile$/);
  });
}

test('in Spanish, the outage message is Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByTestId('language-switcher').getByText('Español').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // A proxy's 502 without JSON (no instance ready) reads the same as the server's own 503.
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }), {
    times: 1,
  });
  await page.getByLabel('Nombre de usuario').fill(demo.patient.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(demo.patient.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toContainText(unavailable.es);
  await expect(page.getByLabel('Nombre de usuario')).toHaveValue(demo.patient.username);
  await expectNoSeriousA11yViolations(page);
  if (process.env.OUTAGE_SHOTS)
    await page.screenshot({ path: `${process.env.OUTAGE_SHOTS}/sign-in-es-phone.png` });
  // Back to English for the spec files that share the browser's defaults.
  await page.getByTestId('language-switcher').getByText('English').click();
});
