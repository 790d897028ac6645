import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';
import { authenticatorCode } from './support/authenticator';
import { mailTo, waitForMail } from './support/mailbox';

// Journeys change demo.new only (other spec files sign in as demo.patient and demo.guardian with
// their passwords alone) and delete every profile they add, so demo.new signs in with its password
// again afterwards. The practice-mandated setup has its own file (two-step-mandated.spec.ts).
const account = demo.newPatient;
// Setup, sign-out, sign-in and deletion with axe checks in between take longer than the default 30 s.
test.describe.configure({ timeout: 60_000 });

// demo.new has an unfinished screening: the start-up modal greets him once per sign-in, on
// whatever page opens first. These journeys are about two-step, so it is closed when it blocks.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Dear Samuel' }), async () => {
    await page.keyboard.press('Escape');
  });
});

/** axe once the modal's opening transition is over (half-faded text fails the contrast check). */
async function settledA11y(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoSeriousA11yViolations(page);
}

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(code);
}

async function openSettings(page: Page): Promise<void> {
  await signIn(page, account);
  await expect(page).toHaveURL(/\/first-time-login/);
  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 2, name: '2-Step Verification Profile' })).toBeVisible();
}

async function deleteProfile(
  page: Page,
  type: 'AUTH_APP' | 'EMAIL',
  checkWrongPassword = false,
): Promise<void> {
  await page.getByTestId(`two-step-delete-${type}`).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2-Step Verification Profile' });
  await expect(dialog).toBeVisible();
  if (checkWrongPassword) {
    await settledA11y(page, dialog);
    await dialog.getByRole('textbox', { name: 'Password' }).fill('WrongPassword1');
    await dialog.getByRole('button', { name: 'Delete profile' }).click();
    await expect(
      dialog.getByText('Failed to deactivate 2FA authentication profile, incorrect password.'),
    ).toBeVisible();
  }
  await dialog.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`two-step-profile-${type}`)).toBeHidden();
}

test('set up an authenticator in account settings, then sign in with its code', async ({ page }) => {
  await openSettings(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 2-Step Verification Profile' });
  await dialog.getByLabel('Authenticator application').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(dialog.getByText('Download an authenticator app on your phone.')).toBeVisible();
  const secret = (await dialog.getByTestId('two-step-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await settledA11y(page, dialog);

  // A wrong code: the message, empty boxes, focus back on the first.
  await typeCode(page, authenticatorCode(secret, Date.now() + 10 * 30_000));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Invalid OTP code.')).toBeVisible();
  await expect(dialog.getByLabel('Digit 1 of 6')).toHaveValue('');
  await expect(dialog.getByLabel('Digit 1 of 6')).toBeFocused();

  await typeCode(page, authenticatorCode(secret, Date.now()));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('two-step-profile-AUTH_APP');
  await expect(row.getByText('My Authenticator Profile')).toBeVisible();
  await expect(row.getByText('Preferred')).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account);
  const codeModal = page.getByRole('dialog', { name: '2-Step Verification' });
  await expect(
    codeModal.getByText(
      'To help keep your information secure, we want to make sure it is really you trying to sign in.',
    ),
  ).toBeVisible();
  await expect(codeModal.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await settledA11y(page, codeModal);
  // The code just used for setup is spent; the next step's code is accepted (one step of drift).
  await typeCode(page, authenticatorCode(secret, Date.now() + 30_000));
  await codeModal.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/first-time-login/);

  await page.goto('/account/settings');
  await deleteProfile(page, 'AUTH_APP', true);
});

test('e-mail two-step: set up with a mailed code, sign in with the mailed code, close resets', async ({
  page,
  request,
}) => {
  const address = `demo.new.two-step.${Date.now()}@example.com`;
  await openSettings(page);
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 2-Step Verification Profile' });
  await dialog.getByLabel('Email').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('To continue, please enter your email address.')).toBeVisible();
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await email.fill('not-an-address');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Email is not valid')).toBeVisible();
  await expect(email).toHaveValue('not-an-address');
  await settledA11y(page, dialog);
  await email.fill(address);
  await dialog.getByRole('button', { name: 'Next' }).click();

  const setupMail = await waitForMail(request, address, (m) => m.category === 'TWO_STEP_CODE');
  const setupCode = /verification code is (\d{6})/.exec(setupMail.text)![1]!;
  await expect(dialog.getByLabel('Digit 1 of 6')).toBeEnabled();
  await typeCode(page, setupCode);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('two-step-profile-EMAIL').getByText(address)).toBeVisible();

  // Signing in sends a code; closing the modal resets the sign-in.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account);
  const codeModal = page.getByRole('dialog', { name: '2-Step Verification' });
  await expect(
    codeModal.getByText('If you do not see the e-mail, please check your spam folder.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(codeModal).toBeHidden();
  await expect(page.getByLabel('Username')).toBeVisible();

  await signIn(page, account);
  await expect(codeModal).toBeVisible();
  await codeModal.getByRole('button', { name: 'Resend code' }).click();
  await expect(codeModal.getByText('Verification code sent successfully!')).toBeVisible();
  await settledA11y(page, codeModal);
  // The success text shows once the server has stored the resent mail: it is the newest.
  const [newest] = await mailTo(request, address);
  expect(newest!.id).toBeGreaterThan(setupMail.id);
  await typeCode(page, /verification code is (\d{6})/.exec(newest!.text)![1]!);
  await codeModal.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/first-time-login/);

  await page.goto('/account/settings');
  await deleteProfile(page, 'EMAIL');
});

test('with two profiles: set as preferred, and try another way at sign-in', async ({ page, request }) => {
  const address = `demo.new.other-way.${Date.now()}@example.com`;
  await openSettings(page);

  // Authenticator first (it becomes preferred), then e-mail: the type choice is skipped for the last type.
  await page.getByRole('button', { name: 'Add' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add 2-Step Verification Profile' });
  await dialog.getByLabel('Authenticator application').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  const secret = (await dialog.getByTestId('two-step-secret').textContent())!.trim();
  await typeCode(page, authenticatorCode(secret, Date.now()));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add' }).click();
  dialog = page.getByRole('dialog', { name: 'Add 2-Step Verification Profile' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(address);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const setupMail = await waitForMail(request, address, (m) => m.category === 'TWO_STEP_CODE');
  await typeCode(page, /verification code is (\d{6})/.exec(setupMail.text)![1]!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);

  const emailRow = page.getByTestId('two-step-profile-EMAIL');
  await emailRow.getByRole('button', { name: 'Set as preferred' }).click();
  await expect(emailRow.getByText('Preferred')).toBeVisible();
  await page
    .getByTestId('two-step-profile-AUTH_APP')
    .getByRole('button', { name: 'Set as preferred' })
    .click();
  await expect(page.getByTestId('two-step-profile-AUTH_APP').getByText('Preferred')).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account);
  const codeModal = page.getByRole('dialog', { name: '2-Step Verification' });
  await expect(codeModal.getByText('Try another way')).toBeVisible();
  await codeModal.getByRole('button', { name: 'Send me a verification code via email.' }).click();
  await expect(codeModal.getByRole('button', { name: 'Resend code' })).toBeVisible();
  await expect(
    codeModal.getByRole('button', { name: 'Use Authenticator application to generate a verification code.' }),
  ).toBeVisible();
  const [mail] = await mailTo(request, address);
  expect(mail!.id).toBeGreaterThan(setupMail.id);
  // A wrong code first: the message, and empty boxes.
  const code = /verification code is (\d{6})/.exec(mail!.text)![1]!;
  await typeCode(page, code === '000000' ? '111111' : '000000');
  await codeModal.getByRole('button', { name: 'Sign In' }).click();
  await expect(codeModal.getByText('Invalid OTP code.')).toBeVisible();
  await expect(codeModal.getByLabel('Digit 1 of 6')).toHaveValue('');
  await typeCode(page, code);
  await codeModal.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/first-time-login/);

  await page.goto('/account/settings');
  await deleteProfile(page, 'EMAIL');
  await deleteProfile(page, 'AUTH_APP');
});
