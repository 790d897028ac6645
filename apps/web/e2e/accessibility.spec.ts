import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { apiSignIn } from './account-api';
import { demo, expectNoSeriousA11yViolations, signIn, storedSession } from './support/app';
import { authenticatorCode } from './support/authenticator';
import { e2ePort } from './support/environment';
import { invitedPatient, type InvitedPatient } from './support/invited-patient';
import { feedAppointments } from './support/appointments-data';

// axe-core on every page and every modal at desktop and phone sizes: no violation of any impact,
// minor and moderate ones included. Signed-in pages reuse one stored sign-in per size instead of signing in per page; the
// modals of two-step use a patient of their own (invited here), so no other spec's account changes.

const sizes = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

type Step = (page: Page) => Promise<unknown>;
const heading: Step = (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

const publicPages: [string, string, Step?][] = [
  ['sign-in', '/login'],
  [
    'sign-in showing its errors',
    '/login',
    async (page) => {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Username is required')).toBeVisible();
    },
  ],
  ['create account (bad link)', '/account/create/not-a-token'],
  ['forgot password', '/password/forgot'],
  ['reset password (bad link)', '/password/reset/not-a-token'],
  ['e-mail verification (bad link)', '/verify/email/not-a-token'],
  [
    'unsubscribe',
    '/unsubscribe?pid=1&uid=1&type=1&token=forged',
    (page) => expect(page.getByRole('button', { name: 'YES' })).toBeVisible(),
  ],
  ['unsubscribe success', '/unsubscribe-success?type=4'],
  ['terms and conditions', '/terms-and-conditions'],
  ['terms of use', '/terms-of-use'],
  ['privacy policy', '/privacy-police'],
  ['badges', '/badges'],
  ['forbidden', '/forbidden'],
  ['not found', '/not-found'],
  ['an unknown address', '/no/such/page'],
];

const signedInPages: [string, string, Step?][] = [
  ['home', '/my-health-profile'],
  ['appointments', '/appointments'],
  // The map is a lazy chunk: check the page both while it loads and once it has drawn.
  ['pharmacies', '/pharmacies'],
  [
    'pharmacies with the map drawn',
    '/pharmacies',
    (page) => expect(page.getByTestId('pharmacy-map')).toBeVisible(),
  ],
  ['account settings', '/account/settings'],
  [
    'account settings, username being changed',
    '/account/settings',
    (page) => page.getByRole('button', { name: 'Edit username' }).click(),
  ],
  [
    'account settings, password being changed',
    '/account/settings',
    (page) => page.getByRole('button', { name: 'Edit password' }).click(),
  ],
  [
    'activity log',
    '/account/activity-log',
    // A table on a wide screen, stacked cards on a phone.
    (page) => expect(page.getByTestId('activity-log-table').getByText('Signed in').first()).toBeVisible(),
  ],
  ['responsible persons', '/account/responsible-persons'],
  [
    'edit profile',
    '/my-health-profile/edit-profile',
    (page) => expect(page.getByTestId('save-profile')).toBeVisible(),
  ],
  [
    'edit profile showing its errors',
    '/my-health-profile/edit-profile',
    async (page) => {
      await page.getByTestId('field-address1.city').fill('N4ples');
      await page.getByTestId('save-profile').click();
      await expect(page.getByText('City is not valid.')).toBeVisible();
    },
  ],
  ['health information', '/health-information'],
  // The messages area; the guardian's own lists, the forms and their notices and modals.
  [
    'messages inbox',
    '/messages/inbox',
    (page) => expect(page.getByTestId('messages-list-inbox')).toBeVisible(),
  ],
  ['messages sent', '/messages/sent', (page) => expect(page.getByTestId('messages-list-sent')).toBeVisible()],
  [
    'messages failed',
    '/messages/failed',
    (page) => expect(page.getByTestId('messages-list-failed')).toBeVisible(),
  ],
  [
    'messages compose showing its errors',
    '/messages/compose',
    async (page) => {
      await page.getByTestId('compose-to').fill('nobody');
      await page.getByTestId('compose-send').click();
      await expect(page.getByText('Address not valid')).toBeVisible();
    },
  ],
  // The demo server has no HISP: a Direct address at another domain gets the hint under To.
  [
    'messages compose hinting that Direct cannot leave the portal',
    '/messages/compose',
    async (page) => {
      await page.getByTestId('compose-to').fill('dr.who@hisp.example.org');
      await page.getByTestId('compose-subject').focus();
      await expect(page.getByTestId('compose-to-hint')).toBeVisible();
    },
  ],
  [
    'messages compose refusing an attachment',
    '/messages/compose',
    async (page) => {
      await page
        .locator('[data-testid=compose-attachments] input[type=file]')
        .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(3_500_001) });
      await expect(page.getByText('big.pdf is larger than 3.5 MB')).toBeVisible();
    },
  ],
  [
    'messages transmit',
    '/messages/transmit?startDate=01/01/2020&endDate=12/31/2020',
    (page) => expect(page.getByTestId('transmit-send')).toBeVisible(),
  ],
  [
    'messages transmit hinting that Direct cannot leave the portal',
    '/messages/transmit',
    async (page) => {
      await page.getByTestId('transmit-to').fill('records@hisp.example.org');
      await page.getByTestId('transmit-subject').focus();
      await expect(page.getByTestId('transmit-to-hint')).toBeVisible();
    },
  ],
  [
    'messages transmit showing its errors',
    '/messages/transmit',
    async (page) => {
      await page.getByTestId('transmit-start').fill('13/45/2020');
      await page.getByTestId('transmit-send').click();
      await expect(page.getByText('Enter the date as MM/DD/YYYY')).toBeVisible();
    },
  ],
  [
    'messages transmit, Health Information is not available',
    '/messages/transmit?startDate=01/01/1990&endDate=01/02/1990',
    async (page) => {
      await page.getByTestId('transmit-to').fill('records@example.org');
      await page.getByTestId('transmit-send').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText('Health Information is not available')).toBeVisible();
      await expect(dialog).toHaveCSS('opacity', '1');
    },
  ],
  ['first-time login', '/first-time-login/basic-info'],
  ['screening', '/screening/basic-info'],
  ['forbidden, signed in', '/forbidden'],
  ['an unknown address, signed in', '/no/such/page'],
  // The guardian has no documents or policies: the empty states (Maria's lists are checked in files.spec.ts).
  [
    'documents',
    '/my-health-profile/documents',
    (page) => expect(page.getByTestId('documents-empty')).toBeVisible(),
  ],
  [
    'insurance profile',
    '/my-health-profile/insurance-profile',
    (page) => expect(page.getByTestId('insurance-empty')).toBeVisible(),
  ],
  [
    'insurance history',
    '/my-health-profile/insurance-profile',
    (page) => page.getByTestId('insurance-history').click(),
  ],
  // The guardian's empty care team (Maria's list and the remove modal are checked in care-team.spec.ts).
  [
    'care team',
    '/my-health-profile/my-care-team',
    (page) => expect(page.getByTestId('care-team-empty')).toBeVisible(),
  ],
];

/** axe once a modal's opening transition is over (half-faded text fails the contrast check). */
async function settled(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoSeriousA11yViolations(page);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** Opens the address, waits for its h1 and what `ready` waits for, and runs axe over the page. */
async function checkPage(page: Page, address: string, ready: Step): Promise<void> {
  await page.goto(address);
  await heading(page);
  await ready(page);
  await expectNoSeriousA11yViolations(page);
}

/** The items in groups of `size`, in order. */
function inGroupsOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

const stateFile = (name: string) => path.join(os.tmpdir(), `dermis-e2e-${e2ePort}-${name}.json`);

// Patients with a verified authenticator, for the code and delete-confirmation modals.
const twoStepPassword = 'AxeModals123';
let twoStepPatient: InvitedPatient;

/**
 * A new patient with a verified authenticator. With `statePath`, the patient is signed in and the
 * session stored there before the profile exists, so the stored session needs no code. Made just
 * before the test that uses it: a stored session outlives neither its access token (5 minutes) nor
 * another test's refresh, which replaces its refresh token.
 */
async function givenTwoStepPatient(
  browser: Browser,
  prefix: string,
  statePath?: string,
): Promise<InvitedPatient> {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  const patient = await invitedPatient(page, context.request, prefix, twoStepPassword);
  if (statePath) {
    await signIn(page, patient);
    await page.waitForURL(/\/first-time-login/);
    await context.storageState({ path: statePath });
  }
  const token = await apiSignIn(context.request, patient);
  const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userId: number })
    .userId;
  const headers = { Authorization: `Bearer ${token}` };
  const added = await context.request.post('/api/app/mfa/userProfiles/add', {
    headers,
    data: { type: 'AUTH_APP', userId, preferred: true },
  });
  expect(added.ok()).toBe(true);
  const { profileInfo, secret } = (await added.json()) as { profileInfo: { id: number }; secret: string };
  const verified = await context.request.post('/api/app/mfa/userProfiles/verify', {
    headers,
    data: { id: profileInfo.id, code: authenticatorCode(secret, Date.now()) },
  });
  expect(verified.ok()).toBe(true);
  await context.close();
  return patient;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  twoStepPatient = await givenTwoStepPatient(browser, 'axe');
});

for (const [sizeName, viewport] of Object.entries(sizes)) {
  test.describe(`at ${sizeName} size`, () => {
    test.use({ viewport });

    // One test a page, each with the whole test timeout: all of them in one test outgrew any fixed
    // allowance on a slow machine.
    for (const [name, address, ready = heading] of publicPages) {
      test(`axe: the public page ${name}`, ({ page }) => checkPage(page, address, ready));
    }

    test('text inputs show a focus ring and the password toggle is reached with Tab', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      const username = page.getByLabel('Username');
      let presses = 0;
      while (presses < 10 && !(await username.evaluate((el) => el === document.activeElement))) {
        await page.keyboard.press('Tab');
        presses += 1;
      }
      await expect(username).toBeFocused();
      const ring = await username.evaluate((el) => {
        const style = getComputedStyle(el);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
      await page.keyboard.press('Tab');
      const toggle = page.getByRole('button', { name: 'Show or hide the password' });
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    });

    // The signed-in pages, a few to a stored session. A stored session outlives its 5-minute access
    // token once: the first refresh spends the stored refresh token, and a second use of it signs the
    // session out. A group of pages takes about a minute, well within that on a slow machine.
    for (const [group, pages] of inGroupsOf(signedInPages, 8).entries()) {
      test.describe(`signed in, pages ${group + 1}`, () => {
        const state = stateFile(`guardian-${sizeName}-${group + 1}`);
        test.beforeAll(async ({ browser }) => {
          const context = await browser.newContext({ viewport, storageState: undefined });
          const page = await context.newPage();
          await signIn(page, demo.guardian);
          await page.waitForURL(/\/my-health-profile$/);
          await context.storageState({ path: state });
          await context.close();
        });
        test.use({ storageState: state });
        for (const [name, address, ready = heading] of pages) {
          test(`axe: the signed-in page ${name}`, ({ page }) => checkPage(page, address, ready));
        }
      });
    }

    test.describe('signed in', () => {
      const guardianState = stateFile(`guardian-${sizeName}`);
      let minor = 0;

      test.beforeAll(async ({ browser }) => {
        const context = await browser.newContext({ viewport, storageState: undefined });
        const page = await context.newPage();
        await signIn(page, demo.guardian);
        // A sign-in on a busy machine (the password check, then the user's profile) took longer
        // than an assertion's 5 s: wait for the page it leads to, as long as the hook may run.
        await page.waitForURL(/\/my-health-profile$/);
        const user = (await storedSession(page))?.user as { responsibleForPatients: { id: number }[] };
        minor = user.responsibleForPatients[0]!.id;
        await context.storageState({ path: guardianState });
        await context.close();
      });

      test.use({ storageState: guardianState });

      test('axe: acting for a minor (health information, activity log, messages, appointments), with screenshots', async ({
        page,
      }, testInfo) => {
        for (const address of [
          `/${minor}/activity-log`,
          `/${minor}/messages/inbox`,
          `/${minor}/appointments`,
          `/${minor}/health-information`,
        ]) {
          await page.goto(address);
          await expect(page.getByTestId('acting-for-banner')).toBeVisible();
          await heading(page);
          await expectNoSeriousA11yViolations(page);
        }
        await attachScreenshot(page, testInfo, `acting-for-${sizeName}`);
      });

      test('axe: the header menus open', async ({ page }) => {
        await page.goto('/my-health-profile');
        await heading(page);
        if (viewport.width < 992) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await settled(page, page.getByRole('dialog', { name: 'Menu' }));
          return;
        }
        for (const name of [/Notifications/, /Responsible Person/, new RegExp(demo.guardian.firstName)]) {
          await page.getByRole('button', { name }).click();
          await expect(page.getByRole('menu')).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toBeHidden();
        }
      });

      test('axe: the add-profile modal, focus on its first field at each step', async ({ page }) => {
        await page.goto('/account/settings');
        await page.getByTestId('two-step-add').click();
        const dialog = page.getByRole('dialog', { name: 'Add 2-Step Verification Profile' });
        await expect(dialog.getByRole('radio').first()).toBeFocused();
        await settled(page, dialog);
        await dialog.getByLabel('Email').check();
        await dialog.getByRole('button', { name: 'Next' }).click();
        await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
        await expectNoSeriousA11yViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('two-step-add')).toBeFocused();
      });
    });

    test('axe: the health profile with data, its history modals and the wizard steps', async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      // Maria has items in every list (demo data); every modal here is closed without saving.
      await signIn(page, demo.patient);
      await page.waitForURL(/\/my-health-profile$/);
      const history = page.getByTestId('health-history');
      await expect(history.getByTestId('list-ALLERGIES').getByRole('checkbox').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await attachScreenshot(page, testInfo, `health-profile-${sizeName}`);
      const modals: [string, (p: Page) => Promise<unknown>][] = [
        [
          'reactions-modal',
          (p) =>
            p
              .getByTestId('list-ALLERGIES')
              .getByRole('button', { name: /^Edit / })
              .first()
              .click(),
        ],
        [
          'relatives-modal',
          (p) =>
            p
              .getByTestId('list-FAMILY_HISTORY')
              .getByRole('button', { name: /^Edit / })
              .first()
              .click(),
        ],
        ['discontinue-modal', (p) => p.getByTestId('list-MEDICATIONS').getByRole('checkbox').first().click()],
        [
          'medication-dialog',
          async (p) => {
            await p.getByTestId('list-MEDICATIONS').getByText('Inactive').click();
            await p
              .getByRole('button', { name: /\(Discontinued\)$/ })
              .first()
              .click();
          },
        ],
        ['monograph-modal', (p) => p.getByTestId('list-PRESCRIPTIONS').getByRole('button').first().click()],
      ];
      for (const [testId, open] of modals) {
        await test.step(testId, async () => {
          await open(page);
          await settled(page, page.getByTestId(testId));
          await page.keyboard.press('Escape');
          await expect(page.getByTestId(testId)).toBeHidden();
        });
      }
      await test.step('delete confirmation', async () => {
        await page.getByTestId('list-PAST_MEDICAL_HISTORY').getByRole('checkbox').first().click();
        const dialog = page.getByRole('dialog', { name: 'Please confirm' });
        await settled(page, dialog);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      });
      await test.step('search open', async () => {
        await history.getByRole('button', { name: 'Add to Allergies' }).click();
        await page.getByRole('textbox', { name: 'Search Allergies' }).fill('lat');
        await expect(page.getByRole('option').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
      for (const step of ['allergies', 'medications', 'family-history', 'social-history']) {
        await test.step(`screening step ${step}`, async () => {
          await page.goto(`/screening/${step}`);
          await expect(page.getByTestId(`wizard-step-${step}`)).toBeVisible();
          await expect(page.getByTestId('wizard-next')).toBeVisible();
          await expectNoSeriousA11yViolations(page);
        });
      }
      await attachScreenshot(page, testInfo, `screening-${sizeName}`);
    });

    test('axe: appointments with visits, the consent and education modals, and the start-up modal', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(120_000);
      await feedAppointments(request);
      await signIn(page, demo.patient);
      await page.waitForURL(/\/my-health-profile$/);
      await page.goto('/appointments');
      await expect(page.getByRole('button', { name: /^Import VCS File/ }).first()).toBeVisible();
      await expect(page.getByTestId('past-visit').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await attachScreenshot(page, testInfo, `appointments-${sizeName}`);
      // Every consent modal, whichever consent is still unsigned (appointments.spec signs one).
      await page
        .getByRole('button', { name: /^Sign / })
        .first()
        .click();
      const consent = page.getByTestId('consent-modal');
      await settled(page, consent);
      if (viewport.width >= 992) await expect(consent.getByTestId('signature-canvas')).toBeVisible();
      else await expect(consent.getByTestId('consent-larger-device')).toBeVisible();
      await attachScreenshot(page, testInfo, `consent-modal-${sizeName}`);
      await page.keyboard.press('Escape');
      await expect(consent).toBeHidden();
      await page.getByTestId('education-link').first().click();
      const education = page.getByTestId('education-modal');
      await settled(page, education);
      await page.keyboard.press('Escape');
      await expect(education).toBeHidden();

      await page.goto('/logout');
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, demo.newPatient);
      await page.waitForURL(/\/first-time-login/);
      await page.goto('/appointments');
      await settled(page, page.getByTestId('screening-reminder'));
      await attachScreenshot(page, testInfo, `startup-modal-${sizeName}`);
    });

    test('axe: the sign-in code modal, focus on the first digit', async ({ page }) => {
      await signIn(page, twoStepPatient);
      const dialog = page.getByRole('dialog', { name: '2-Step Verification' });
      await expect(dialog.getByLabel('Digit 1 of 6')).toBeFocused();
      await settled(page, dialog);
    });

    test.describe('signed in with a two-step profile', () => {
      const twoStepState = stateFile(`two-step-${sizeName}`);
      test.beforeAll(async ({ browser }) => {
        test.setTimeout(60_000);
        await givenTwoStepPatient(browser, `axe-${sizeName}`, twoStepState);
      });
      test.use({ storageState: twoStepState });

      test('axe: the delete-profile confirmation, focus on the password', async ({ page }) => {
        await page.goto('/account/settings');
        await page.getByTestId('two-step-delete-AUTH_APP').click();
        const dialog = page.getByRole('dialog', { name: 'Delete 2-Step Verification Profile' });
        await expect(dialog.getByRole('textbox', { name: 'Password' })).toBeFocused();
        await settled(page, dialog);
        await dialog.getByRole('button', { name: 'Delete profile' }).click();
        await expect(dialog.getByText('Password is required')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    });
  });
}
