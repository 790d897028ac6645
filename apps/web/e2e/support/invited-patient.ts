import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { runCli } from './cli';
import { linkIn, waitForMail } from './mailbox';

export interface InvitedPatient {
  email: string;
  username: string;
  password: string;
  /** The clinic's id of the patient (for the CLI's --patient). */
  externalId: string;
}

/**
 * A new patient of the e2e practice, invited through the CLI, who creates an account from the
 * e-mailed link: a test that changes its account (two-step profiles, the practice mandate) changes
 * nobody else's. Ends on /login.
 */
export async function invitedPatient(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  password: string,
): Promise<InvitedPatient> {
  const stamp = Date.now();
  const id = `${prefix.toUpperCase()}-${stamp}`;
  const email = `${id.toLowerCase()}@example.org`;
  const username = `${prefix.toLowerCase()}.${stamp.toString(36)}`;
  await runCli([
    'patient:upsert',
    '--practice',
    '1',
    '--external-id',
    id,
    '--first-name',
    'Iris',
    '--last-name',
    'Vale',
    '--dob',
    '1988-09-14',
    '--email',
    email,
  ]);
  await runCli(['invite', '--practice', '1', '--patient', id, '--kind', 'account']);
  const invitation = await waitForMail(request, email, (m) => m.category === 'ACCOUNT_INVITATION');
  await page.goto(linkIn(invitation, '/account/create/'));
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Re-Enter Password' }).fill(password);
  await page.getByRole('textbox', { name: 'Date of Birth' }).fill('09/14/1988');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return { email, username, password, externalId: id };
}
