import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';
import { e2eApiKey } from './support/cli';
import { mailTo, waitForMail } from './support/mailbox';

// The practice-mandated setup at first sign-in. Turning the mandate on puts every account of the
// shared e2e practice behind two-step, so the test turns it off again whatever happens, and removes
// the profile it made: other spec files sign in as demo.new with its password alone.
const account = demo.newPatient;
test.describe.configure({ timeout: 60_000 });

function codeIn(text: string): string {
  return /verification code is (\d{6})/.exec(text)![1]!;
}

test('a practice that requires two-step makes a user without a profile set one up at sign-in', async ({
  page,
  request,
}) => {
  const setMandate = (required: boolean) =>
    request.put('/api/integration/practice/mfa', {
      headers: { 'X-Api-Key': e2eApiKey() },
      data: { required },
    });
  expect((await setMandate(true)).status()).toBe(200);
  try {
    await signIn(page, account);
    const setup = page.getByRole('dialog', { name: 'Set up 2-Step Verification' });
    await expect(
      setup.getByText('Your practice requires 2-step verification.', { exact: false }),
    ).toBeVisible();
    // Setup time = (exp − iat) / 60 of the temporary token: 600 s by default.
    await expect(setup.getByText('You have 10 minutes to complete the setup.')).toBeVisible();
    await expect(setup).toHaveCSS('opacity', '1');
    await expectNoSeriousA11yViolations(page);

    const address = `demo.new.mandated.${Date.now()}@example.com`;
    await setup.getByLabel('Email').check();
    await setup.getByRole('button', { name: 'Next' }).click();
    await setup.getByRole('textbox', { name: 'Email' }).fill(address);
    await setup.getByRole('button', { name: 'Next' }).click();
    const setupMail = await waitForMail(request, address, (m) => m.category === 'TWO_STEP_CODE');
    await setup.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.type(codeIn(setupMail.text));
    await setup.getByRole('button', { name: 'Verify' }).click();

    // Then the one-time-code modal of an ordinary two-step sign-in, with a fresh code.
    const codeModal = page.getByRole('dialog', { name: '2-Step Verification' });
    await expect(codeModal).toBeVisible();
    const signInMail = await waitForMail(
      request,
      address,
      (m) => m.category === 'TWO_STEP_CODE' && m.id > setupMail.id,
    );
    await codeModal.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.type(codeIn(signInMail.text));
    await codeModal.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/first-time-login/);

    await page.goto('/account/settings');
    await page.getByTestId('two-step-delete-EMAIL').click();
    const remove = page.getByRole('dialog', { name: 'Delete 2-Step Verification Profile' });
    await remove.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await remove.getByRole('button', { name: 'Delete profile' }).click();
    await expect(page.getByTestId('two-step-profile-EMAIL')).toBeHidden();
    expect((await mailTo(request, address)).length).toBeGreaterThanOrEqual(2);
  } finally {
    expect((await setMandate(false)).status()).toBe(200);
  }
});
