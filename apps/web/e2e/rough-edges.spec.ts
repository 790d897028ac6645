import { expect, test, type Page } from '@playwright/test';
import { demo, sessionKey, signIn } from './support/app';

/** Counts the browser's calls to patient/getByUsername from now on. */
function countUserReads(page: Page): () => number {
  let reads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/patient/getByUsername')) reads += 1;
  });
  return () => reads;
}

test('sign-in and every page load read patient/getByUsername once', async ({ page }) => {
  const reads = countUserReads(page);
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.waitForLoadState('networkidle');
  expect(reads()).toBe(1);

  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads()).toBe(2);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads()).toBe(3);
});

test('an expired session says why on the sign-in page', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.waitForLoadState('networkidle');
  await page.evaluate((key) => {
    const session = JSON.parse(window.localStorage.getItem(key)!) as Record<string, unknown>;
    const broken = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln'; // exp in 2100, bad signature
    window.localStorage.setItem(
      key,
      JSON.stringify({ ...session, accessToken: broken, refreshToken: broken }),
    );
  }, sessionKey);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByText('You were signed out because your session expired. Please sign in again.'),
  ).toBeVisible();
});

test('Page not found leads a signed-in patient home', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your home page' }).click();
  await expect(page).toHaveURL(/\/my-health-profile$/);
});
