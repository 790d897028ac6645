import { expect, test, type Page } from '@playwright/test';
import { apiProfile, apiSignIn } from './account-api';
import { demo, expectNoSeriousA11yViolations, fillSignIn, signIn, storedSession } from './support/app';
import { e2eApiKey, runCli } from './support/cli';
import { invitedPatient } from './support/invited-patient';
import { screenshots } from './support/screenshots';

// The My Health Profile page and the wizard's routing.

const blocks = [
  'Allergies',
  'Medications',
  'Prescriptions',
  'Past Medical History',
  'Family History',
  'Surgical History',
  'Social History',
];

async function signedInAs(page: Page, account: typeof demo.patient | typeof demo.guardian): Promise<void> {
  await signIn(page, account);
  await expect(page).toHaveURL(/\/my-health-profile$/);
}

test('My Health Profile: title, sidebar links and seven blocks open on load', async ({ page }) => {
  await signedInAs(page, demo.patient);
  await expect(page).toHaveTitle('Dermis - Health Profile');
  await expect(page.getByRole('link', { name: 'My Care Team' })).toHaveAttribute(
    'href',
    '/my-health-profile/my-care-team',
  );
  await expect(page.getByRole('link', { name: 'Edit My Profile' })).toHaveAttribute(
    'href',
    '/my-health-profile/edit-profile',
  );
  const history = page.getByTestId('health-history');
  for (const block of blocks) {
    await expect(history.getByRole('button', { name: block, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  // A plus on every block but Prescriptions and Social History.
  await expect(history.getByRole('button', { name: /^Add to / })).toHaveCount(5);
  await expect(history.getByRole('button', { name: 'Add to Prescriptions' })).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Add to Social History' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a block toggles; its plus forces it open and shows a search input that hides on blur', async ({
  page,
}) => {
  await signedInAs(page, demo.patient);
  const history = page.getByTestId('health-history');
  const toggle = history.getByRole('button', { name: 'Allergies', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await history.getByRole('button', { name: 'Add to Allergies' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const search = history.getByRole('textbox', { name: 'Search Allergies' });
  await expect(search).toBeFocused();
  await expect(page.getByText('Please enter at least 2 characters...')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(search).toHaveCount(0);
});

test('the plus of a closed block focuses its search once the block has opened, so a click away hides it', async ({
  page,
}) => {
  // With motion: the search mounts while the panel is still hidden, where it could not take focus.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signedInAs(page, demo.patient);
  const history = page.getByTestId('health-history');
  const toggle = history.getByRole('button', { name: 'Surgical History', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(history.getByTestId('list-SURGICAL_HISTORY')).toBeHidden();
  const plus = history.getByRole('button', { name: 'Add to Surgical History' });
  // At the foot of the screen, so the panel opens below it, out of sight (as on a phone).
  await plus.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await plus.click();
  const search = history.getByRole('textbox', { name: 'Search Surgical History' });
  await expect(search).toBeFocused();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(search).toHaveCount(0);
});

test('an unknown sub-path of My Health Profile redirects to it', async ({ page }) => {
  await signedInAs(page, demo.patient);
  await page.goto('/my-health-profile/no-such-part');
  await expect(page).toHaveURL(/\/my-health-profile$/);
});

test('wizard routes: the bare flows start at basic info; an unknown step or encounter goes to /not-found', async ({
  page,
}) => {
  await signedInAs(page, demo.patient);
  await page.goto('/screening');
  await expect(page).toHaveURL(/\/screening\/basic-info$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeVisible();
  const bar = page.getByTestId('wizard-step-bar');
  await expect(bar.getByRole('listitem')).toHaveCount(7);
  await expect(bar.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'basic-info');
  await page.goto('/screening/12/family-history');
  await expect(page.getByRole('heading', { level: 2, name: 'Family History' })).toBeVisible();
  await expect(bar.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'family-history');
  for (const address of [
    '/screening/no-such-step',
    '/first-time-login/pharmacies',
    '/screening/x1/allergies',
  ]) {
    await page.goto(address);
    await expect(page).toHaveURL(/\/not-found$/);
  }
});

test('a responsible person sees the health profile of the patient they act for', async ({ page }) => {
  await signedInAs(page, demo.guardian);
  const session = await storedSession(page);
  const ward = (session?.user as { responsibleForPatients: { id: number; firstName: string }[] })
    .responsibleForPatients[0]!;
  await page.goto(`/${ward.id}/my-health-profile`);
  await expect(page.getByText('Viewing the account of')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ward.firstName);
  const history = page.getByTestId('health-history');
  for (const block of blocks) {
    await expect(history.getByRole('button', { name: block, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Edit My Profile' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

/** The clinic feeds Emma 25 surgeries (idempotent by their ids): more than a list first holds. */
async function feedSurgeries(page: Page) {
  for (let i = 1; i <= 25; i += 1) {
    const response = await page.request.put(`/api/integration/history-items/E2E-EMMA-SURGERY-${i}`, {
      headers: { 'x-api-key': e2eApiKey() },
      data: {
        patientExternalId: 'DEMO-0004',
        sectionId: 'SURGICAL_HISTORY',
        code: `E2E-SURGERY-${i}`,
        name: `Skin biopsy ${i}`,
      },
    });
    expect(response.status()).toBeLessThan(300);
  }
}

test('a long list shows its newest 20; Show all adds the rest, and a change keeps every entry, in English and Spanish', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await feedSurgeries(page);
  const ward = (await apiProfile(request, demo.guardian)).responsibleForPatients[0]!;
  try {
    for (const language of ['en', 'es'] as const) {
      await page.goto('/login');
      if (language === 'es') {
        // Chosen before sign-in, the language becomes the account's (reset to English below).
        await page.getByTestId('language-switcher').getByText('Español').click();
        await page.getByLabel('Nombre de usuario').fill(demo.guardian.username);
        await page.getByLabel('Contraseña', { exact: true }).fill(demo.guardian.password);
        await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      } else await fillSignIn(page, demo.guardian.username, demo.guardian.password);
      await expect(page).toHaveURL(/\/my-health-profile$/);
      await page.goto(`/${ward.id}/my-health-profile`);
      const list = page.getByTestId('list-SURGICAL_HISTORY');
      const entries = list.getByRole('listitem');
      await expect(entries).toHaveCount(20);
      const said = language === 'en' ? /The newest 20 of (\d+)\./ : /Los 20 más recientes de (\d+)\./;
      const block = page.getByTestId('history-block-SURGICAL_HISTORY');
      await expect(block).toContainText(said);
      const total = Number(said.exec((await block.textContent()) ?? '')![1]);
      expect(total).toBeGreaterThanOrEqual(25);
      // Held only in part, the list cannot be changed: a save replaces it whole.
      await expect(list.getByRole('checkbox')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await screenshots(page, testInfo, `history-long-${language}`);

      const showAll = block.getByTestId('history-show-all-SURGICAL_HISTORY');
      if (language === 'en') await showAll.click();
      else {
        await showAll.focus();
        await page.keyboard.press('Enter');
      }
      await expect(entries).toHaveCount(total);
      // Focus goes to the first entry it added (the oldest, at the top), outlined even after a click.
      await expect(entries.first()).toBeFocused();
      await expect(entries.first()).toHaveCSS('outline-style', 'solid');
      await expect(showAll).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await screenshots(page, testInfo, `history-long-all-${language}`);

      if (language === 'en') {
        // Held whole, the list is edited as before; removing one keeps all the others, seen or not.
        const last = list.getByRole('checkbox', { name: 'Skin biopsy 25' });
        await last.click();
        await page.getByTestId('confirm-remove').click();
        await expect(last).toHaveCount(0);
        await page.reload();
        await expect(block).toContainText(`The newest 20 of ${total - 1}.`);
        await block.getByTestId('history-show-all-SURGICAL_HISTORY').click();
        await expect(entries).toHaveCount(total - 1);
        await feedSurgeries(page);
      }
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
    }
  } finally {
    // demo.guardian is shared with other spec files: it reads English afterwards.
    const token = await apiSignIn(request, demo.guardian);
    await request.post('/api/app/profile/changeLanguage', {
      headers: { Authorization: `Bearer ${token}` },
      data: { language: 'en' },
    });
  }
});

/** Types into a list's search and picks the first option matching `name`; answers its text. */
async function pick(page: Page, list: string, text: string, name: RegExp): Promise<string> {
  const input = page.getByRole('textbox', { name: `Search ${list}` });
  await input.fill(text);
  const option = page.getByRole('option', { name }).first();
  await expect(option).toBeVisible();
  const label = (await option.textContent()) ?? '';
  await option.click();
  return label.trim();
}

async function next(page: Page, to: RegExp): Promise<void> {
  await page.getByTestId('wizard-next').click();
  await expect(page).toHaveURL(to);
}

test('Back returns to the step before and keeps what was ticked on both steps', async ({ page, request }) => {
  test.setTimeout(90_000);
  const patient = await invitedPatient(page, request, 'back', 'WizardBack12');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
  // The first step has no step before.
  await expect(page.getByTestId('wizard-back')).toHaveCount(0);

  await page.goto('/first-time-login/allergies');
  await page.getByRole('checkbox', { name: 'No known allergies' }).check();
  await next(page, /\/first-time-login\/medications$/);
  await page.getByRole('checkbox', { name: 'No known medications' }).check();
  await page.getByTestId('wizard-back').click();
  await expect(page).toHaveURL(/\/first-time-login\/allergies$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Allergies' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'No known allergies' })).toBeChecked();
  await next(page, /\/first-time-login\/medications$/);
  await expect(page.getByRole('checkbox', { name: 'No known medications' })).toBeChecked();

  // Social history: Back from its second page shows the first, and from the first the step before.
  await page.goto('/first-time-login/social-history');
  const pageOf = page.getByTestId('social-page');
  const first = (await pageOf.textContent()) ?? '';
  await page.getByTestId('wizard-next').click();
  await expect(pageOf).not.toHaveText(first);
  await page.getByTestId('wizard-back').click();
  await expect(pageOf).toHaveText(first);
  await page.getByTestId('wizard-back').click();
  await expect(page).toHaveURL(/\/first-time-login\/surgical-history$/);
  await expectNoSeriousA11yViolations(page);
});

test('a new patient completes all seven steps with real searches; the profile shows it after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await invitedPatient(page, request, 'wizard', 'WizardJourney1');
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
  await expect(page.getByRole('heading', { level: 1, name: 'First-Time Setup' })).toBeVisible();
  await expect(page.getByTestId('wizard-step-bar').locator('[aria-current="step"]')).toHaveAttribute(
    'data-step',
    'basic-info',
  );
  // Basic information: the profile form; the step advances once the profile is saved.
  const field = (path: string) => page.getByTestId(`field-${path}`);
  const choose = async (path: string, option: string) => {
    await field(path).click({ force: true });
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.keyboard.press('Escape');
  };
  await expect(field('firstName')).toHaveValue('Iris');
  await field('cellPhone').fill('(239) 555-0100');
  await field('address1.streetAddressLn1').fill('12 Main St');
  await field('address1.city').fill('Naples');
  await choose('address1.state', 'Florida');
  await field('address1.zip').fill('34102');
  await choose('preferredLanguageIsoCode', 'English (en)');
  await choose('races', 'White');
  await choose('ethnicities', 'Not Hispanic or Latino');
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/first-time-login\/allergies$/);

  // Allergies: a real allergen with two reactions (the reactions modal opens in add mode).
  await page.getByRole('textbox', { name: 'Search Allergies' }).fill('p');
  await expect(page.getByText('Please enter at least 2 characters...')).toBeVisible();
  const allergy = await pick(page, 'Allergies', 'penicillin', /penicillin/i);
  const reactions = page.getByTestId('reactions-modal');
  await reactions.getByRole('checkbox', { name: 'Hives' }).check();
  await reactions.getByRole('checkbox', { name: 'Anaphylaxis' }).check();
  await reactions.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('checkbox', { name: allergy })).toBeChecked();
  await expect(page.getByTestId('list-ALLERGIES')).toContainText('Anaphylaxis, Hives');
  // A duplicate by name is refused.
  await pick(page, 'Allergies', 'penicillin', new RegExp(`^${allergy}$`, 'i'));
  await expect(page.getByText(`Allergy "${allergy}" is already added to your list.`)).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await next(page, /\/first-time-login\/medications$/);

  // Medications: two drugs, one then discontinued with a reason.
  const kept = await pick(page, 'Medications', 'isotretinoin', /isotretinoin/i);
  const stopped = await pick(page, 'Medications', 'doxycycline', /doxycycline/i);
  await page.getByRole('checkbox', { name: stopped }).click();
  const discontinue = page.getByTestId('discontinue-modal');
  await discontinue.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You must choose a reason for medication discontinuation.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await discontinue.getByRole('radio', { name: 'Drug not taken - side-effects' }).check();
  await discontinue.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('checkbox', { name: kept })).toBeChecked();
  // While a medication is active, a negative answer is refused.
  await page.getByRole('checkbox', { name: 'No known medications' }).click();
  await expect(
    page.getByText('You need to explicitly remove all items that are added to your list.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await next(page, /\/first-time-login\/past-medical-history$/);

  // Past medical history: a negative, then a real item clears it (and the reverse on surgical history).
  await page.getByRole('checkbox', { name: 'No medical history' }).check();
  const problem = await pick(page, 'Past Medical History', 'acne', /acne/i);
  await expect(page.getByRole('checkbox', { name: 'No medical history' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: problem })).toBeChecked();
  await next(page, /\/first-time-login\/family-history$/);

  // Family history: an item with its affected relatives.
  const familyItem = await pick(page, 'Family History', 'psoriasis', /psoriasis/i);
  const relatives = page.getByTestId('relatives-modal');
  await relatives.getByRole('checkbox', { name: 'Mother', exact: true }).check();
  await relatives.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('list-FAMILY_HISTORY')).toContainText('Mother');
  await next(page, /\/first-time-login\/surgical-history$/);

  const surgery = await pick(page, 'Surgical History', 'excision', /excision/i);
  await page.getByRole('checkbox', { name: 'No history of procedure' }).check();
  await expect(page.getByRole('checkbox', { name: surgery })).toHaveCount(0);
  await next(page, /\/first-time-login\/social-history$/);

  // Social history, page 1: the alcohol negative clears the others, and the drug codes exclude each other.
  await expect(page.getByTestId('social-page')).toHaveText('Page 1 of 2');
  await page.getByRole('radio', { name: 'Never smoker' }).check();
  await page.getByRole('checkbox', { name: 'Social drinker' }).check();
  await page.getByRole('checkbox', { name: 'Current non-drinker of alcohol' }).check();
  await expect(page.getByRole('checkbox', { name: 'Social drinker' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Misuses drugs', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Does not misuse drugs' }).check();
  await expect(page.getByRole('checkbox', { name: 'Misuses drugs', exact: true })).not.toBeChecked();
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('social-page')).toHaveText('Page 2 of 2');
  await page.getByRole('radio', { name: 'Married', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Exposure to excess sunlight' }).check();
  await page.getByRole('button', { name: 'Finish' }).click();
  const pharmacies = page.getByTestId('pharmacies-modal');
  await expect(pharmacies).toBeVisible();
  await pharmacies.getByRole('button', { name: 'I will do it later' }).click();
  await expect(page).toHaveURL(/\/my-health-profile$/);

  // After a reload the profile shows what the wizard stored.
  await page.reload();
  const history = page.getByTestId('health-history');
  await expect(history.getByTestId('list-ALLERGIES')).toContainText(allergy);
  await expect(history.getByTestId('list-ALLERGIES')).toContainText('Anaphylaxis, Hives');
  await expect(history.getByTestId('list-MEDICATIONS')).toContainText(kept);
  await history.getByTestId('list-MEDICATIONS').getByText('Inactive').click();
  await history.getByRole('button', { name: `${stopped} (Discontinued)` }).click();
  await expect(page.getByTestId('medication-dialog-reason')).toHaveText('Drug not taken - side-effects');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(history.getByTestId('list-PAST_MEDICAL_HISTORY')).toContainText(problem);
  await expect(history.getByTestId('list-FAMILY_HISTORY')).toContainText(familyItem);
  await expect(history.getByTestId('list-FAMILY_HISTORY')).toContainText('Mother');
  await expect(history.getByRole('checkbox', { name: 'No history of procedure' })).toBeChecked();
  await expect(history.getByTestId('social-summary-SMOKING')).toHaveText('Never smoker');
  await expect(history.getByTestId('social-summary-ALCOHOL')).toHaveText('Current non-drinker of alcohol');
  await expect(history.getByTestId('social-summary-DRUG')).toHaveText('Does not misuse drugs');
  await expect(history.getByTestId('social-summary-MARITAL')).toHaveText('Married');
  await expect(history.getByTestId('social-summary-EXPOSURE')).toHaveText('Exposure to excess sunlight');

  // Set-up is complete: the next sign-in no longer goes to the wizard.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
});

test('a screening for an encounter marks its history finished and leaves first-time setup alone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const patient = await invitedPatient(page, request, 'screening', 'ScreeningVisit1');
  const created = await runCli([
    'encounter:upsert',
    ...['--practice', '1', '--external-id', `VISIT-${patient.externalId}`, '--patient', patient.externalId],
    // Within the 30 days that make a visit's screening "unfinished" (appts-server decision 100).
    ...[
      '--date',
      new Date(Date.now() + 10 * 86_400_000).toISOString(),
      '--provider',
      `DR-${patient.externalId}:Ana:Silva:MD`,
    ],
  ]);
  const encounterId = /Encounter (\d+)/.exec(created)?.[1];
  expect(encounterId).toBeDefined();
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);

  // 'Dear {name}' on the profile: the visit awaits screening; 'Review my profile' opens it.
  await page.goto('/my-health-profile');
  const reminder = page.getByTestId('screening-reminder');
  await expect(reminder.getByText('Dear Iris')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await reminder.getByRole('button', { name: 'Review my profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/screening/${encounterId}/basic-info$`));

  await page.goto(`/screening/${encounterId}/social-history`);
  await expect(page.getByRole('heading', { level: 1, name: 'Screening' })).toBeVisible();
  await page.getByRole('radio', { name: 'Former smoker' }).check();
  await page.getByTestId('wizard-next').click();
  await page.getByRole('button', { name: 'Finish' }).click();
  const pharmacies = page.getByTestId('pharmacies-modal');
  await expect(pharmacies).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await pharmacies.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/pharmacies$/);

  const session = await storedSession(page);
  const headers = { Authorization: `Bearer ${session?.accessToken as string}` };
  const user = session?.user as { id: number; dermisFirstTimeSetupComplete: boolean };
  const answer = await page.request.post('/api/app/encounter/getByFilter', {
    headers,
    data: { patientId: user.id, dateSelection: 'ALL' },
  });
  const { encounters } = (await answer.json()) as { encounters: { id: number; historyFinished: boolean }[] };
  expect(encounters.find((e) => e.id === Number(encounterId))?.historyFinished).toBe(true);
  // The visit is screened: no reminder any more.
  await page.reload();
  await page.goto('/my-health-profile');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Iris');
  await expect(page.getByTestId('documents-block')).toBeVisible();
  await expect(page.getByTestId('screening-reminder')).toHaveCount(0);
  // Only first-time-login completes set-up: this patient is still sent to the wizard.
  expect(user.dermisFirstTimeSetupComplete).toBe(false);
  await page.goto('/logout');
  // Signing out must have run before the next sign-in, or /login still finds this session.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, patient);
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
});
