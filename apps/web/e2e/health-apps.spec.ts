import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { apiProfile, apiSignIn } from './account-api';
import { expectNoSeriousA11yViolations, fillSignIn } from './support/app';
import { authenticatorCode } from './support/authenticator';
import { runCli } from './support/cli';
import { e2ePort } from './support/environment';
import { linkIn, waitForMail } from './support/mailbox';
import { startSmartApp, type SmartApp } from './support/smart-app';

// A health app connects to a patient's record through the portal (SMART App Launch), driven by a
// client others wrote (fhirclient). The account is Carlos Lopez's: in the demo seed he is Maria's
// husband and active responsible person, without an account. He gets one here, with two-step
// verification, so no other spec file's account changes, and he can choose Maria's record, which
// holds allergies, problems, medications and visits.

const stamp = Date.now().toString(36);
// The username is replaced by this run's in a worker started after a failed test (see the set-up).
const carlos = {
  externalId: 'DEMO-0005',
  email: `carlos.${stamp}@example.org`,
  username: `carlos.${stamp}`,
  password: 'HealthApps123',
  dateOfBirth: '08/30/1982',
};
const signedInState = path.join(os.tmpdir(), `dermis-e2e-${e2ePort}-health-apps.json`);
const iss = `http://127.0.0.1:${e2ePort}/fhir/r4`;
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

let maria = 0;
let inviteCode = '';
let secret = '';
let app: SmartApp;

interface CapabilityStatement {
  rest: Array<{
    resource: Array<{
      type: string;
      interaction: Array<{ code: string }>;
      searchParam: Array<{ name: string }>;
    }>;
  }>;
}

/** The smart client's answer to a read, or the status it failed with. */
interface Read {
  status: number;
  body?: {
    resourceType: string;
    total?: number;
    entry?: unknown[];
    name?: Array<{ given?: string[]; family?: string }>;
  };
}

declare global {
  interface Window {
    smart?: {
      patient: { id: string | null };
      state: { tokenResponse?: { access_token?: string } };
      request: (url: string) => Promise<Read['body']>;
      /** Resolves to the client's new state. */
      refresh: () => Promise<{ tokenResponse?: { access_token?: string } }>;
    };
    smartError?: string;
  }
}

async function read(page: Page, url: string): Promise<Read> {
  return page.evaluate(async (address) => {
    try {
      return { status: 200, body: await window.smart!.request(address) };
    } catch (error) {
      return { status: (error as { status?: number }).status ?? 0 };
    }
  }, url);
}

async function authHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiSignIn(request, carlos)}` };
}

/** What the set-up made, for the workers Playwright starts after a failed test (they run it again). */
interface Setup {
  username: string;
  secret: string;
  maria: number;
  inviteCode: string;
}
const setupFile = path.join(os.tmpdir(), `dermis-e2e-${e2ePort}-health-apps-setup.json`);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  app = await startSmartApp(iss);
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  const request = context.request;

  // Carlos's account, from the practice's invitation to the address he gives. A worker started after
  // a failed test finds it made by this run already.
  const invited = await runCli([
    'invite',
    '--practice',
    '1',
    '--patient',
    carlos.externalId,
    '--kind',
    'account',
    '--email',
    carlos.email,
  ]).catch((error: Error) => {
    if (/already has a portal account/.test(error.message)) return null;
    throw error;
  });
  if (invited === null) {
    ({
      username: carlos.username,
      secret,
      maria,
      inviteCode,
    } = JSON.parse(fs.readFileSync(setupFile, 'utf8')) as Setup);
    await context.close();
    return;
  }
  const invitation = await waitForMail(request, carlos.email, (m) => m.category === 'ACCOUNT_INVITATION');
  await page.goto(linkIn(invitation, '/account/create/'));
  await page.getByRole('textbox', { name: 'Username' }).fill(carlos.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(carlos.password);
  await page.getByRole('textbox', { name: 'Re-Enter Password' }).fill(carlos.password);
  await page.getByRole('textbox', { name: 'Date of Birth' }).fill(carlos.dateOfBirth);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // First-time setup is done (it would come before any other page), and Maria's invite code read as
  // Carlos reads it on her Health Information page.
  const profile = await apiProfile(request, carlos);
  maria = profile.responsibleForPatients.find((p) => p.firstName === 'Maria')!.id;
  const headers = await authHeaders(request);
  expect(
    (await request.post('/api/app/patient/dermis/completeFirstTimeSetup', { headers, data: {} })).ok(),
  ).toBe(true);
  const invite = await request.get(`/api/app/patient/fhir/getInviteCode?patientId=${maria}`, { headers });
  inviteCode = ((await invite.json()) as { code: string }).code;

  // A signed-in browser for the pages' checks, kept before two-step is on: the journey below signs in
  // with it from the start.
  await fillSignIn(page, carlos.username, carlos.password);
  await page.waitForURL(/\/my-health-profile$/);
  await context.storageState({ path: signedInState });

  const userId = (
    JSON.parse(Buffer.from(headers.Authorization.split('.')[1]!, 'base64url').toString()) as {
      userId: number;
    }
  ).userId;
  const added = await request.post('/api/app/mfa/userProfiles/add', {
    headers,
    data: { type: 'AUTH_APP', userId, preferred: true },
  });
  expect(added.ok()).toBe(true);
  const setup = (await added.json()) as { profileInfo: { id: number }; secret: string };
  secret = setup.secret;
  const verified = await request.post('/api/app/mfa/userProfiles/verify', {
    headers,
    data: { id: setup.profileInfo.id, code: authenticatorCode(secret, Date.now()) },
  });
  expect(verified.ok()).toBe(true);
  fs.writeFileSync(
    setupFile,
    JSON.stringify({ username: carlos.username, secret, maria, inviteCode } satisfies Setup),
  );
  await context.close();
});

test.afterAll(async () => {
  await app?.close();
});

test('a SMART app connects to the record of a patient Carlos is responsible for, reads it, refreshes, and is disconnected', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto(app.launchUrl);

  // No portal session in this browser: the portal's sign-in, with its second step, then back.
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, carlos.username, carlos.password);
  const codeModal = page.getByRole('dialog', { name: '2-Step Verification' });
  await page.getByLabel('Digit 1 of 6').focus();
  // The setup spent this step's code; the next step's is accepted (one step of drift).
  await page.keyboard.type(authenticatorCode(secret, Date.now() + 30_000));
  await codeModal.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/health-apps\/authorize\/[\w-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: /asks to read health information$/ }),
  ).toBeVisible();

  // Whose record: his own or Maria's. Every kind of information is allowed until unchecked.
  await expect(page.getByRole('radio', { name: 'Carlos Lopez (you)' })).toBeChecked();
  const kinds = page.getByRole('group', { name: /may read/ });
  for (const kind of ['Allergies', 'Medications', 'Health problems', 'Visits', 'Procedures'])
    await expect(kinds.getByRole('checkbox', { name: kind })).toBeChecked();
  await expect(
    kinds.getByRole('checkbox', { name: 'Test results, vital signs and smoking status' }),
  ).toBeChecked();
  await expect(page.getByText('Stay connected (offline access)')).toBeVisible();

  // His own record was never shared with the app: it needs an invite code, and a wrong one is
  // refused in the server's words under the field, every choice kept.
  await kinds.getByRole('checkbox', { name: 'Visits' }).uncheck();
  const code = page.getByRole('textbox', { name: 'Invite code' });
  await code.fill('WRNG-WRNG-WRNG');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/invite code/i);
  await expect(code).toHaveValue('WRNG-WRNG-WRNG');
  await expect(kinds.getByRole('checkbox', { name: 'Visits' })).not.toBeChecked();
  await kinds.getByRole('checkbox', { name: 'Visits' }).check();

  // Maria's record: the app is connected to it already (she connected it herself), so no code.
  await page.getByRole('radio', { name: 'Maria Lopez' }).check();
  await expect(code).toBeHidden();
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back in the app: fhirclient finished the authorization and reads Maria's record.
  await page.waitForURL(`${app.redirectUrl}**`);
  await expect(page.locator('#status')).toHaveText('Connected');
  const patientId = await page.evaluate(() => window.smart!.patient.id);
  expect(patientId).toBeTruthy();
  const patient = await read(page, `Patient/${patientId}`);
  expect(patient.status).toBe(200);
  expect(patient.body?.name?.[0]?.family).toBe('Lopez');
  expect(patient.body?.name?.[0]?.given?.[0]).toBe('Maria');
  // Every type the server's CapabilityStatement offers, searched as an app would: by patient where
  // the type belongs to one, else all it may see. Maria's record has allergies, problems,
  // medications, observations and visits.
  const metadata = (await read(page, 'metadata')) as { status: number; body?: CapabilityStatement };
  expect(metadata.status).toBe(200);
  const searchable = metadata.body!.rest[0]!.resource.filter((r) =>
    r.interaction.some((i) => i.code === 'search-type'),
  );
  const types = searchable.map((r) => r.type);
  for (const type of [
    'Patient',
    'AllergyIntolerance',
    'Condition',
    'MedicationRequest',
    'Observation',
    'Procedure',
    'Encounter',
  ])
    expect(types).toContain(type);
  const populated = [
    'Patient',
    'AllergyIntolerance',
    'Condition',
    'MedicationRequest',
    'Observation',
    'Encounter',
  ];
  for (const resource of searchable) {
    const byPatient = resource.searchParam.some((p) => p.name === 'patient');
    const query =
      resource.type === 'Patient'
        ? `Patient?_id=${patientId}`
        : byPatient
          ? `${resource.type}?patient=${patientId}`
          : resource.type;
    const found = await read(page, query);
    expect(found.status, query).toBe(200);
    expect(found.body?.resourceType, query).toBe('Bundle');
    if (populated.includes(resource.type)) expect(found.body?.entry?.length ?? 0, query).toBeGreaterThan(0);
  }

  // Offline access: a refresh gives a new access token, which reads.
  const before = await page.evaluate(() => window.smart!.state.tokenResponse?.access_token);
  const after = await page.evaluate(async () => (await window.smart!.refresh()).tokenResponse?.access_token);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect((await read(page, `Patient/${patientId}`)).status).toBe(200);

  // Carlos disconnects the app from Maria's record, from her Health Information page: his
  // connection, made today (Maria's own, from ten days ago, stays).
  const portal = await context.newPage();
  await portal.goto(`/${maria}/health-information`);
  await expect(portal.getByTestId('health-info-fhir-code')).toHaveText(inviteCode);
  await portal.getByRole('link', { name: 'Manage connected apps' }).click();
  await expect(portal).toHaveURL(new RegExp(`/${maria}/connected-apps$`));
  const rows = portal.getByTestId('connected-apps-table').getByRole('row');
  await expect(rows).toHaveCount(3);
  const today = await portal.evaluate(() =>
    new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
  );
  const row = rows.filter({ has: portal.getByRole('cell', { name: today, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Maria Lopez');
  await expect(row.getByRole('cell').nth(2)).toContainText('Allergies');
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('Not yet');
  await row.getByRole('button', { name: /^Disconnect / }).click();
  const dialog = portal.getByRole('dialog', { name: /^Disconnect .+\?$/ });
  await expect(dialog).toContainText('will no longer be able to read the record of Maria Lopez');
  await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(portal.getByText(/was disconnected\.$/)).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ has: portal.getByRole('cell', { name: today, exact: true }) })).toHaveCount(0);

  // The app's access ends at once: the next read is refused.
  expect((await read(page, `Patient/${patientId}`)).status).toBe(401);
});

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Switches the account's language in the profile menu (wide screen), as a patient does. */
async function chooseLanguage(page: Page, language: 'English' | 'Español') {
  await page.setViewportSize(sizes.desktop);
  await page.goto('/account/settings');
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'es');
}

const words = {
  English: {
    heading: /asks to read health information$/,
    whose: 'Maria Lopez',
    code: 'Invite code',
    allow: 'Allow',
    page: 'Connected Apps',
    disconnect: /^Disconnect /,
    confirm: 'Disconnect',
    manage: 'Manage connected apps',
  },
  Español: {
    heading: /solicita leer información de salud$/,
    whose: 'Maria Lopez',
    code: 'Código de invitación',
    allow: 'Permitir',
    page: 'Aplicaciones conectadas',
    disconnect: /^Desconectar /,
    confirm: 'Desconectar',
    manage: 'Administrar aplicaciones conectadas',
  },
} as const;

test.describe('the pages, signed in already', () => {
  test.use({ storageState: signedInState });

  for (const language of ['English', 'Español'] as const) {
    test(`axe and screenshots in ${language}, desktop and phone: consent, a refused code, Connected apps, Disconnect`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const w = words[language];
      await chooseLanguage(page, language);
      for (const [size, viewport] of Object.entries(sizes)) {
        await test.step(size, async () => {
          await page.setViewportSize(viewport);
          // An existing portal session is reused: the app's request lands on the consent page at once.
          await page.goto(app.launchUrl);
          await expect(page.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await screenshot(page, testInfo, `consent-${size}-${language}`);

          // A wrong code for his own record, which the app was never connected to.
          const code = page.getByRole('textbox', { name: w.code });
          await code.fill('WRNG-WRNG-WRNG');
          await page.getByRole('button', { name: w.allow }).click();
          await expect(code).toHaveAttribute('aria-invalid', 'true');
          await expectNoSeriousA11yViolations(page);
          await screenshot(page, testInfo, `consent-refused-${size}-${language}`);
          await page.getByRole('radio', { name: w.whose }).check();
          await page.getByRole('button', { name: w.allow }).click();
          await page.waitForURL(`${app.redirectUrl}**`);
          await expect(page.locator('#status')).toHaveText('Connected');

          await page.goto(`/${maria}/health-information`);
          await page.getByRole('link', { name: w.manage }).click();
          await expect(page.getByRole('heading', { level: 1, name: w.page })).toBeVisible();
          const rows = page.getByTestId('connected-apps-table').locator(':scope > tbody > tr, :scope > li');
          await expect(rows).toHaveCount(2);
          await expectNoSeriousA11yViolations(page);
          await screenshot(page, testInfo, `connected-apps-${size}-${language}`);
          // His connection is the newest, listed first.
          await rows.first().getByRole('button', { name: w.disconnect }).click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toHaveCSS('opacity', '1');
          await expectNoSeriousA11yViolations(page);
          await screenshot(page, testInfo, `disconnect-${size}-${language}`);
          await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
          await expect(rows).toHaveCount(1);
          await expectNoSeriousA11yViolations(page);

          // His own Connected apps page in Account, and a request the server no longer knows.
          await page.goto('/account/connected-apps');
          await expect(page.getByRole('heading', { level: 1, name: w.page })).toBeVisible();
          await expect(page.getByTestId('connected-apps-empty')).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await page.goto('/health-apps/authorize/no-such-request');
          await expect(page.getByTestId('authorize-load-failed')).toBeVisible();
          await expectNoSeriousA11yViolations(page);
        });
      }
    });
  }
});
