import { expect, test } from '@playwright/test';
import { demo, fillSignIn, recordCspViolations, signIn, storedSession } from './support/app';

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

test("a signed-in page load runs the page's inline preload script, and the policy refuses nothing", async ({
  page,
}) => {
  const violations = await recordCspViolations(page);
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(demo.patient.firstName);
  // The inline script, first in <head>, added its preloads before the parser reached the page's files.
  const early = await page.evaluate(() =>
    [...document.head.querySelectorAll('script:not([src]) ~ link[rel="modulepreload"]')]
      .filter((link) => link.compareDocumentPosition(document.querySelector('script[src]')!) & 4)
      .map((link) => link.getAttribute('href')),
  );
  expect(early).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/app-[\w-]+\.js$/)]));
  // Nothing at all: zod is set to check without compiling (src/lib/zod-jitless.ts), so it never
  // tries `new Function`, which the policy would refuse.
  expect(await violations()).toEqual([]);
});

test('an inline script other than the served one is refused by the policy', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  // The same page and policy, the inline script changed by one character: its hash is not named.
  await page.route('**/my-health-profile', async (route) => {
    const served = await route.fetch();
    const body = (await served.text()).replace('<script>(function', '<script> (function');
    // The text as decoded: without the answer's compression and length.
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = served.headers();
    await route.fulfill({ status: served.status(), headers, body });
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(demo.patient.firstName);
  expect(await violations()).toEqual(expect.arrayContaining([expect.stringMatching(/script-src/)]));
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
