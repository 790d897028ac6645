import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/app';
import { e2eApiKey, runCli } from './support/cli';
import { linkIn, mailTo, waitForMail } from './support/mailbox';

test('unsubscribe from the link in a custom message e-mail; the next one is not sent', async ({
  page,
  request,
}) => {
  const id = `UNS-${Date.now()}`;
  const email = `${id.toLowerCase()}@example.org`;
  await runCli([
    'patient:upsert',
    '--practice',
    '1',
    '--external-id',
    id,
    '--first-name',
    'Olga',
    '--last-name',
    'Berg',
    '--dob',
    '1966-07-08',
    '--email',
    email,
  ]);
  const send = () =>
    request.post(`/api/integration/patients/${id}/messages`, {
      headers: { 'X-Api-Key': e2eApiKey() },
      data: { subject: 'Office closed on Friday', body: 'Our office is closed on Friday.' },
    });
  expect(await (await send()).json()).toEqual({ status: 'SENT' });

  const mail = await waitForMail(request, email, (m) => m.category === 'CUSTOM_MESSAGE');
  await page.goto(linkIn(mail, '/unsubscribe'));
  await expect(page).toHaveTitle('Dermis - Unsubscribe');
  await expect(
    page.getByText('Are you sure you want to unsubscribe from custom e-mail messages?'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'YES' }).click();
  await expect(page).toHaveURL(/\/unsubscribe-success\?type=4$/);
  await expect(page.getByText('You have been unsubscribed from custom e-mail messages.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect(await (await send()).json()).toEqual({ status: 'SKIPPED_UNSUBSCRIBED' });
  expect(await mailTo(request, email)).toHaveLength(1);
});

test('a tampered link shows the error; NO and missing values go to /login', async ({ page }) => {
  await page.goto('/unsubscribe?pid=1&uid=1&type=1&token=forged');
  await expect(
    page.getByText('Are you sure you want to unsubscribe from e-mail appointment reminders?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong, please try again or contact system support.',
  );
  await expect(page).toHaveURL(/\/unsubscribe\?/);

  await page.goto('/unsubscribe?pid=1&uid=1&type=3&token=forged');
  await expect(
    page.getByText(
      'Are you sure you want to unsubscribe from e-mail reminders to schedule future appointments?',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'NO' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/unsubscribe?pid=1&uid=1&type=4');
  await expect(page).toHaveURL(/\/login$/);
});
