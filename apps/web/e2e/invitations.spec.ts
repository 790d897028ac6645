import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, storedSession } from './support/app';
import { runCli } from './support/cli';
import { linkIn, waitForMail } from './support/mailbox';

/** A fresh patient of the demo practice, fed through the CLI in remote mode as clinic staff would. */
async function newPatient(label: string) {
  const id = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const email = `${id.toLowerCase()}@example.org`;
  const out = await runCli([
    'patient:upsert',
    '--practice',
    '1',
    '--external-id',
    id,
    '--first-name',
    'Nora',
    '--last-name',
    'Quinn',
    '--dob',
    '1991-04-05',
    '--email',
    email,
  ]);
  expect(out).toMatch(/created/);
  return { id, email, username: `nq.${Date.now().toString(36)}` };
}

async function fillCreateAccount(page: Page, values: { username: string; dob: string; password?: string }) {
  const password = values.password ?? 'NewPass123';
  await page.getByRole('textbox', { name: 'Username' }).fill(values.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Re-Enter Password' }).fill(password);
  await page.getByRole('textbox', { name: 'Date of Birth' }).fill(values.dob);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

// Each journey runs the command line, reads the e-mail and creates an account: on a loaded 2-core
// machine that can take longer than the default 30 s, so these journeys get three times as long.
test.slow();

test('staff invite (CLI) → e-mail → create account → sign in as the new user', async ({ page, request }) => {
  const nora = await newPatient('INV');
  const out = await runCli(['invite', '--practice', '1', '--patient', nora.id, '--kind', 'account']);
  expect(out).toContain(`sent to ${nora.email}`);

  const mail = await waitForMail(request, nora.email, (m) => m.category === 'ACCOUNT_INVITATION');
  expect(mail.subject).toBe('Sunshine Dermatology: Create your patient portal account');
  const link = linkIn(mail, '/account/create/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account');
  await expect(page.getByText('We Bring Doctors & Patients Closer Together.')).toBeVisible();
  await expect(page).toHaveTitle('Dermis - Create Account');

  await fillCreateAccount(page, { username: nora.username, dob: '04/05/1991' });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your account has been created successfully and is ready to use.',
  );
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(nora.username);

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('NewPass123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
  expect(await storedSession(page)).not.toBeNull();

  // The same link again, now signed in: the page signs out and says the link was used.
  await page.goto(link);
  await fillCreateAccount(page, { username: `${nora.username}x`, dob: '04/05/1991' });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This create account link has already been used. Please sign in.',
  );
  expect(await storedSession(page)).toBeNull();
});

test('e-mail verification link → create account, with the form’s messages', async ({ page, request }) => {
  const nora = await newPatient('VER');
  await runCli(['invite', '--practice', '1', '--patient', nora.id, '--kind', 'email']);
  const mail = await waitForMail(request, nora.email, (m) => m.category === 'EMAIL_VERIFICATION');
  const link = linkIn(mail, '/verify/email/');

  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/create\/[\w-]{43}$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your email has been verified. Please create a username and password.',
  );
  await expectNoSeriousA11yViolations(page);

  // Bad input: every message shows, what was typed stays.
  await page.getByRole('textbox', { name: 'Username' }).fill('a!');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weak');
  await page.getByRole('textbox', { name: 'Date of Birth' }).fill('13/45/1991');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText(
      'Username must contain alphanumeric or some of these special characters @. , - _ and + , 3-35 characters in length',
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Re-Enter Password is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid date in the format MM/DD/YYYY.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('a!');
  await expectNoSeriousA11yViolations(page);

  // A wrong date of birth is refused by the server and the link stays usable.
  await fillCreateAccount(page, { username: nora.username, dob: '05/04/1991' });
  await expect(page.getByRole('alert')).toHaveText('Wrong date of birth.');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(nora.username);
  await fillCreateAccount(page, { username: nora.username, dob: '04/05/1991' });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(nora.username);

  // The verification link a second time.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This e-mail verification link has already been used.');
});

test('invalid links say so', async ({ page }) => {
  await page.goto('/verify/email/not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText('This e-mail verification link is invalid.');
  await expect(page).toHaveTitle('Dermis - Verify Email');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/account/create/not-a-real-token');
  await fillCreateAccount(page, { username: 'someone.new', dob: '01/02/1990' });
  await expect(page.getByRole('alert')).toHaveText('This create account link is invalid.');
  await expect(page).toHaveURL(/\/account\/create\/not-a-real-token$/);
});

test('the development mailbox lists the e-mail and its links open the portal', async ({ page, request }) => {
  const nora = await newPatient('BOX');
  await runCli(['invite', '--practice', '1', '--patient', nora.id, '--kind', 'account']);
  await waitForMail(request, nora.email);

  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Development mailbox');
  await expectNoSeriousA11yViolations(page);
  const row = page.getByRole('row').filter({ hasText: nora.email });
  await row.getByRole('link', { name: 'Sunshine Dermatology: Create your patient portal account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sunshine Dermatology: Create your patient portal account',
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: /\/account\/create\// }).click();
  await expect(page).toHaveURL(/\/account\/create\/[\w-]{43}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account');
  await expect(page.getByText('We Bring Doctors & Patients Closer Together.')).toBeVisible();
});
