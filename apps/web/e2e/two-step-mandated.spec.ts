import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/app';
import { e2eApiKey } from './support/cli';
import { invitedPatient } from './support/invited-patient';
import { waitForMail } from './support/mailbox';

// The practice-mandated setup at first sign-in, for a patient the clinic has just invited. Turning
// the mandate on puts every account of the shared e2e practice behind two-step, so it is turned off
// again whatever happens; the patient is new, so no other test's account gains a profile or spends
// its e-mail-code allowance.
test.describe.configure({ timeout: 60_000 });

const password = 'Mandated123';

function codeIn(text: string): string {
  return /verification code is (\d{6})/.exec(text)![1]!;
}

test('a practice that requires two-step makes a user without a profile set one up at sign-in', async ({
  page,
  request,
}) => {
  const iris = await invitedPatient(page, request, 'mfa', password);
  const setMandate = (required: boolean) =>
    request.put('/api/integration/practice/mfa', {
      headers: { 'X-Api-Key': e2eApiKey() },
      data: { required },
    });
  expect((await setMandate(true)).status()).toBe(200);
  try {
    await page.getByRole('textbox', { name: 'Username' }).fill(iris.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    const setup = page.getByRole('dialog', { name: 'Set up 2-Step Verification' });
    await expect(
      setup.getByText('Your practice requires 2-step verification.', { exact: false }),
    ).toBeVisible();
    // Setup time = (exp − iat) / 60 of the temporary token: 600 s by default.
    await expect(setup.getByText('You have 10 minutes to complete the setup.')).toBeVisible();
    await expect(setup).toHaveCSS('opacity', '1');
    await expectNoSeriousA11yViolations(page);

    await setup.getByLabel('Email').check();
    await setup.getByRole('button', { name: 'Next' }).click();
    await setup.getByRole('textbox', { name: 'Email' }).fill(iris.email);
    await setup.getByRole('button', { name: 'Next' }).click();
    const setupMail = await waitForMail(request, iris.email, (m) => m.category === 'TWO_STEP_CODE');
    await setup.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.type(codeIn(setupMail.text));
    await setup.getByRole('button', { name: 'Verify' }).click();

    // Then the one-time-code modal of an ordinary two-step sign-in, with a fresh code.
    const codeModal = page.getByRole('dialog', { name: '2-Step Verification' });
    await expect(codeModal).toBeVisible();
    const signInMail = await waitForMail(
      request,
      iris.email,
      (m) => m.category === 'TWO_STEP_CODE' && m.id > setupMail.id,
    );
    await codeModal.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.type(codeIn(signInMail.text));
    await codeModal.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/first-time-login/);

    await page.goto('/account/settings');
    await expect(page.getByTestId('two-step-profile-EMAIL').getByText(iris.email)).toBeVisible();
  } finally {
    expect((await setMandate(false)).status()).toBe(200);
  }
});
