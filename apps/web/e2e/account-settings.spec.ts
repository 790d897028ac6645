import { expect, test, type Page } from '@playwright/test';
import { restoreAccount, type Credentials } from './account-api';
import { demo, expectNoSeriousA11yViolations, fillSignIn, signIn, storedSession } from './support/app';

// Journeys change demo.new only (other spec files sign in as demo.patient and demo.guardian), and put
// it back afterwards because sign-in.spec.ts signs in with its seeded credentials.
const seeded: Credentials = { username: demo.newPatient.username, password: demo.newPatient.password };
let current: Credentials = { ...seeded };

test.afterAll(async ({ request }) => {
  await restoreAccount(request, current, seeded);
  current = { ...seeded };
});

async function openSettings(page: Page, who: Credentials): Promise<void> {
  // demo.new has an unfinished screening: the start-up modal greets him once per sign-in,
  // on whatever page opens first. These journeys are about settings, so it is closed when it blocks.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Dear Samuel' }), async () => {
    await page.keyboard.press('Escape');
  });
  await signIn(page, who);
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
}

test('change username and password', async ({ page }) => {
  await openSettings(page, current);
  const usernameRow = page.getByTestId('username-row');
  const passwordRow = page.getByTestId('password-row');
  await expect(usernameRow.getByTestId('current-username')).toHaveText(seeded.username);
  await expect(passwordRow.getByText('Password never changed')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2-Step Verification Profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Username: required, taken, then saved.
  await page.getByRole('button', { name: 'Edit username' }).click();
  const newUsername = page.getByLabel('Type new Username');
  await expect(newUsername).toBeFocused();
  await usernameRow.getByRole('button', { name: 'Save' }).click();
  await expect(usernameRow.getByText('Missing new username')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await newUsername.fill('Demo.Patient');
  await usernameRow.getByRole('button', { name: 'Save' }).click();
  await expect(usernameRow.getByText('Username has been already taken')).toBeVisible();
  await expect(newUsername).toHaveValue('Demo.Patient');
  await expectNoSeriousA11yViolations(page);
  await usernameRow.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit username' })).toBeFocused();

  await page.getByRole('button', { name: 'Edit username' }).click();
  await newUsername.fill('samuel.carter');
  await usernameRow.getByRole('button', { name: 'Save' }).click();
  await expect(usernameRow.getByTestId('current-username')).toHaveText('samuel.carter');
  current = { ...current, username: 'samuel.carter' };
  const afterRename = await storedSession(page);
  expect((afterRename?.user as { username: string }).username).toBe('samuel.carter');

  // Password: required, mismatch, wrong current (server message as is), then saved.
  await page.getByRole('button', { name: 'Edit password' }).click();
  await expect(page.getByLabel('Current Password')).toBeFocused();
  await passwordRow.getByRole('button', { name: 'Save' }).click();
  await expect(passwordRow.getByText('Missing new password').first()).toBeVisible();
  await page.getByLabel('Current Password').fill('Wrong12345');
  await page.getByLabel('New Password', { exact: true }).fill('Changed1234');
  await page.getByLabel('Retype New Password').fill('Changed1235');
  await passwordRow.getByRole('button', { name: 'Save' }).click();
  await expect(passwordRow.getByText('New password does not match retyped password')).toBeVisible();
  await page.getByLabel('Retype New Password').fill('Changed1234');
  await passwordRow.getByRole('button', { name: 'Save' }).click();
  await expect(passwordRow.getByText('The old password is not correct.')).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('Changed1234');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Current Password').fill(seeded.password);
  await passwordRow.getByRole('button', { name: 'Save' }).click();
  await expect(
    passwordRow.getByText(/^The last password modification was on [A-Z][a-z]+ \d{2}, \d{4}$/),
  ).toBeVisible();
  current = { ...current, password: 'Changed1234' };
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The stored session is the fresh one the server answered: it survives a reload.
  await page.reload();
  await expect(page.getByTestId('current-username')).toHaveText('samuel.carter');

  // A new sign-in needs the new name and password.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await fillSignIn(page, 'samuel.carter', seeded.password);
  await expect(page.getByText('Bad Credentials')).toBeVisible();
  await fillSignIn(page, 'samuel.carter', 'Changed1234');
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
});
