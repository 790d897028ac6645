import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn, storedSession } from './support/app';

const publicPages = [
  '/login',
  '/forbidden',
  '/not-found',
  '/no/such/page',
  '/account/create',
  '/terms-and-conditions',
  '/terms-of-use',
  '/privacy-police',
  '/badges',
];

for (const path of publicPages) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('axe: sign-in page showing its errors', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

const signedInPages = [
  '/my-health-profile',
  '/appointments',
  '/pharmacies',
  '/account/settings',
  '/account/activity-log',
  '/account/responsible-persons',
  '/health-information',
  '/messages/inbox',
  '/first-time-login/basic-info',
  '/screening/basic-info',
];

test('axe: every signed-in page, with the dropdowns open', async ({ page }) => {
  test.setTimeout(120_000); // one journey through every page: many axe runs
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  for (const path of signedInPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  for (const name of [/Notifications/, /Responsible Person/, new RegExp(demo.guardian.firstName)]) {
    await page.goto('/my-health-profile');
    await page.getByRole('button', { name }).click();
    await expectNoSeriousA11yViolations(page);
  }
  const user = (await storedSession(page))?.user as { responsibleForPatients: { id: number }[] };
  const minor = user.responsibleForPatients[0]!.id;
  for (const path of [`/${minor}/health-information`, `/${minor}/activity-log`, `/${minor}/messages/inbox`]) {
    await page.goto(path);
    await expect(page.getByText('Viewing the account of:')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
