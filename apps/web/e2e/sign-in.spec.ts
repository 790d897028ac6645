import { expect, test } from '@playwright/test';
import { demo, fillSignIn, signIn, storedSession } from './support/app';

test('the demo patient signs in and lands on My Health Profile', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(demo.patient.firstName);
});

test('a wrong password shows Bad Credentials and keeps the username', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, demo.patient.username, 'WrongPassword1');
  await expect(page.getByRole('alert')).toContainText('Bad Credentials');
  await expect(page.getByLabel('Username')).toHaveValue(demo.patient.username);
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields show the required messages and send nothing', async ({ page }) => {
  let loginCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/login')) loginCalls += 1;
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(loginCalls).toBe(0);
});

test('a deep link while signed out returns there after sign-in', async ({ page }) => {
  await page.goto('/pharmacies');
  await expect(page).toHaveURL(/\/login/);
  await fillSignIn(page, demo.patient.username, demo.patient.password);
  await expect(page).toHaveURL(/\/pharmacies$/);
});

test('a new patient is sent to first-time setup', async ({ page }) => {
  await signIn(page, demo.newPatient);
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
});

test('a reload keeps the session', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.reload();
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(demo.patient.firstName);
});

test('sign-out clears storage and returns to /login', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const refreshToken = (await storedSession(page))?.refreshToken as string;
  await page.getByRole('button', { name: new RegExp(demo.patient.firstName) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
  // The server revoked the refresh token: it can no longer be exchanged.
  const answer = await page.request.get('/api/auth/refreshToken/getAccessToken', {
    headers: { Authorization: `Bearer ${refreshToken}` },
  });
  expect(answer.status()).toBe(401);
});

test('a signed-in user visiting /login is sent on', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
});
