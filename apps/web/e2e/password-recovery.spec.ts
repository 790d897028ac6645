import { expect, test } from '@playwright/test';
import { restoreAccount, type Credentials } from './account-api';
import { demo, expectNoSeriousA11yViolations, fillSignIn } from './support/app';
import { linkIn, waitForMail } from './support/mailbox';

// demo.new's e-mail address in the demo seed. Other spec files sign in as demo.new with its seeded
// password, so the journey puts it back afterwards.
const samuelEmail = 'samuel.carter@example.com';
const seeded: Credentials = { username: demo.newPatient.username, password: demo.newPatient.password };
let current: Credentials = { ...seeded };

test.afterAll(async ({ request }) => {
  await restoreAccount(request, current, seeded);
  current = { ...seeded };
});

test('forgot password → e-mail → reset → sign in with the new password (the old one refused)', async ({
  page,
  request,
}) => {
  await page.goto('/password/forgot');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('The username field is required.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Username').fill(seeded.username);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('The reset password link has been sent. Please check your email box.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // What the user typed stays; asking again at once is a warning, not a second e-mail.
  await expect(page.getByLabel('Username')).toHaveValue(seeded.username);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('The reset password mail has already been sent.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(request, samuelEmail, (m) => m.category === 'PASSWORD_RESET');
  expect(mail.subject).toBe('Sunshine Dermatology: Reset your password');
  const link = linkIn(mail, '/password/reset/');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The password field is required.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText(
      'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
    ),
  ).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Recovered123');
  await page.getByLabel('Re-Enter New Password').fill('Recovered124');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The password confirmation does not match.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Re-Enter New Password').fill('Recovered123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  current = { ...seeded, password: 'Recovered123' };
  await expect(
    page.getByText(`Congratulations ${seeded.username}, your password has been successfully reset!`),
  ).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(seeded.username);
  await expectNoSeriousA11yViolations(page);

  await fillSignIn(page, seeded.username, seeded.password);
  await expect(page.getByText('Bad Credentials')).toBeVisible();
  await fillSignIn(page, seeded.username, 'Recovered123');
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);

  // The link works once.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('Another1234');
  await page.getByLabel('Re-Enter New Password').fill('Another1234');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('The reset password link has been used.')).toBeVisible();
});

test('forgot password: an unknown username is refused', async ({ page }) => {
  await page.goto('/password/forgot');
  await page.getByLabel('Username').fill('no.such.person');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Username is not valid.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('no.such.person');
  await expectNoSeriousA11yViolations(page);
});

test('forgot password: an answer without a token, and a network failure', async ({ page }) => {
  await page.goto('/password/forgot');
  await page.route('**/api/app/patient/forgotPassword', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
  );
  await page.getByLabel('Username').fill('anyone');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Unexpected response, please try again or contact system support.'),
  ).toBeVisible();

  await page.unroute('**/api/app/patient/forgotPassword');
  await page.route('**/api/app/patient/forgotPassword', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Something went wrong, please try again or contact system support.'),
  ).toBeVisible();
});

test('reset password: an unknown link is invalid; an expired one points to the forgot page', async ({
  page,
}) => {
  await page.goto('/password/reset/not-a-real-link');
  await page.getByLabel('New Password', { exact: true }).fill('Whatever123');
  await page.getByLabel('Re-Enter New Password').fill('Whatever123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The reset password link is invalid.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // An expired link needs an hour's wait on the real server (the API tests cover EXPIRED there);
  // here the browser is handed that answer to check what the page does with it.
  await page.route('**/api/app/patient/resetPassword', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"tokenStatus":"EXPIRED"}' }),
  );
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('The reset password link has expired. Please go on forgot password page and try again.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to the forgot password page' }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
});
