import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support/app';
import { e2eApiKey, runCli } from './support/cli';
import { invitedPatient, type InvitedPatient } from './support/invited-patient';

// Edit profile (spec 001 §2, §4, §5, §8) on a patient of its own, invited here, so
// no other journey's demo person changes: every validation message reached, the Save label while
// saving, a failed save that keeps what was typed, the LK and imported notices, the e-mail statuses.

const editProfile = '/my-health-profile/edit-profile';
const field = (page: Page, path: string) => page.getByTestId(`field-${path}`);

/** The clinic system renames the patient (names are the practice's: read-only in the form). */
async function renamePatient(externalId: string, email: string, firstName: string) {
  await runCli([
    ...['patient:upsert', '--practice', '1', '--external-id', externalId, '--first-name', firstName],
    ...['--last-name', 'Vale', '--dob', '1988-09-14', '--email', email],
  ]);
}

/** The clinic sets the profile's flags through the integration API (what its system would do). */
async function setFlags(
  page: Page,
  externalId: string,
  flags: { lkPatient?: boolean; demographicsImported?: boolean; nonUsa?: boolean },
) {
  const response = await page.request.put(`/api/integration/patients/${externalId}/profile-flags`, {
    headers: { 'x-api-key': e2eApiKey() },
    data: flags,
  });
  expect(response.status()).toBe(200);
}

/** Signs in and waits until the app has left /login (the patient is sent into first-time setup). */
async function signedIn(page: Page) {
  await signIn(page, patient);
  await expect(page).not.toHaveURL(/\/login/);
}

async function pick(page: Page, path: string, option: string) {
  await field(page, path).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

let patient: InvitedPatient & { externalId: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await browser.newPage();
  const invited = await invitedPatient(page, page.request, 'profile', 'EditProfile123');
  // invitedPatient names the patient PROFILE-<stamp> and mails prefix-stamp@example.org.
  patient = { ...invited, externalId: invited.email.replace('@example.org', '').toUpperCase() };
  await page.close();
});

test('every validation message, the Save label, a changed e-mail pending verification', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page);
  // A name the practice spelled against the name rule: the form shows the rule's message.
  await renamePatient(patient.externalId, patient.email, 'Ir1s');
  await page.goto(editProfile);
  await expect(field(page, 'firstName')).toHaveValue('Ir1s');
  await page.getByTestId('save-profile').click();
  await expect(
    page.getByText("Field can contain only letter and characters ' and - .", { exact: true }),
  ).toBeVisible();
  await renamePatient(patient.externalId, patient.email, 'Iris');
  await page.reload();
  await expect(page).toHaveTitle('Dermis - Edit Profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(field(page, 'firstName')).toHaveValue('Iris');
  await expect(field(page, 'lastName')).toHaveValue('Vale');
  await expect(field(page, 'dateOfBirth')).toHaveValue('09/14/1988');
  await expect(field(page, 'userEmail')).toHaveValue(patient.email);
  await expect(page.getByTestId('email-status')).toHaveText(/^(Verified|Not verified)$/);
  await expect(page.getByTestId('lk-notice')).toHaveCount(0);
  await expect(page.getByTestId('imported-notice')).toHaveCount(0);

  // Nothing filled in yet: the required messages (the preferred phone too) and the demographics.
  await page.getByTestId('save-profile').click();
  // Address messages say which address they are about.
  const errors = [
    'Primary address: Field Street Address is required!',
    'Primary address: Field City is required!',
    'Primary address: Field Zip Code is required!',
    "Primary address: You've selected a country for which state/province is required.",
    'Field Cell Phone is required!',
    'Field Race is required!',
    'Field Ethnicity is required!',
    'Field Preferred Language is required!',
  ];
  for (const text of errors) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${editProfile}$`));

  // Every format rule, each with its message.
  await field(page, 'suffix').fill('x'.repeat(251));
  await field(page, 'dateOfBirth').fill('02/30/1988');
  await field(page, 'driversLicenceNumber').fill('AB#123');
  await field(page, 'userEmail').fill('iris@');
  await field(page, 'cellPhone').fill('555-0100');
  await field(page, 'workPhoneExt').fill('12a');
  await field(page, 'fax').fill('(123) 555-0100');
  await field(page, 'address1.streetAddressLn1').fill('12 Main St #4');
  await field(page, 'address1.city').fill('N4ples');
  await field(page, 'address1.zip').fill('3410');
  await field(page, 'address2.city').fill('Ottawa');
  await page.getByTestId('save-profile').click();
  for (const text of [
    'This field can not contain more than 250 characters',
    'Date is not valid',
    "Driver's License Number is not valid",
    'Email is not valid',
    'Phone is not valid',
    'Field can contain only numbers',
    'Fax is not valid',
    'Primary address: Street address can contain only letters, numbers, dashes, slashes, apostrophes, full stops and spaces.',
    'Primary address: City is not valid.',
    'Primary address: Zip code is not valid.',
    'Secondary address: Field Street Address is required!',
    'Secondary address: Field Country is required!',
  ])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Names are read-only.
  await expect(field(page, 'firstName')).toHaveAttribute('readonly', '');

  // Fix everything; Canada's zip rule and the country change that clears the state.
  await field(page, 'suffix').fill('Jr');
  await field(page, 'dateOfBirth').fill('09/14/1988');
  await field(page, 'driversLicenceNumber').fill('V123-456');
  await field(page, 'userEmail').fill(`new.${patient.email}`);
  await field(page, 'cellPhone').fill('(239) 555-0100');
  await field(page, 'workPhoneExt').fill('12');
  await field(page, 'fax').fill('(239) 555-0101');
  await field(page, 'address1.streetAddressLn1').fill('12 Main St');
  await field(page, 'address1.city').fill('Naples');
  await pick(page, 'address1.state', 'Florida');
  await field(page, 'address1.zip').fill('34102');
  await field(page, 'address2.streetAddressLn1').fill('9 Bay Rd');
  await pick(page, 'address2.country', 'Canada');
  await pick(page, 'address2.state', 'Ontario');
  await field(page, 'address2.zip').fill('D1A 0B1');
  await pick(page, 'address2.country', 'United States');
  await expect(field(page, 'address2.state')).toHaveValue('');
  await pick(page, 'address2.country', 'Canada');
  await pick(page, 'address2.state', 'Ontario');
  await page.getByTestId('save-profile').click();
  await expect(page.getByText('Secondary address: Zip code is not valid.', { exact: true })).toBeVisible();
  await field(page, 'address2.zip').fill('K1A 0B1');
  await pick(page, 'preferredLanguageIsoCode', 'English (en)');
  await field(page, 'races').click({ force: true });
  await page.getByRole('option', { name: 'White', exact: true }).click();
  await page.getByRole('option', { name: 'Asian', exact: true }).click();
  await page.keyboard.press('Escape');
  // A group's detailed codes; unselecting the group drops them (spec 001 §4).
  const asianDetails = page.getByRole('combobox', { name: 'Details for Asian' });
  await asianDetails.click({ force: true });
  await page.getByRole('option', { name: 'Japanese', exact: true }).click();
  await page.keyboard.press('Escape');
  await field(page, 'races').click({ force: true });
  await page.getByRole('option', { name: 'Asian', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(asianDetails).toHaveCount(0);
  await field(page, 'ethnicities').click({ force: true });
  await page.getByRole('option', { name: 'Not Hispanic or Latino', exact: true }).click();
  await page.keyboard.press('Escape');
  // OTHER reveals its free text; choosing another identity hides it again.
  await pick(page, 'genderIdentity', 'Other');
  await field(page, 'genderIdentityOther').fill('Two-spirit');
  await pick(page, 'genderIdentity', 'Female');
  await expect(field(page, 'genderIdentityOther')).toHaveCount(0);
  // Sex assigned at birth: not given until chosen; "Unknown" is an answer of its own.
  await expect(field(page, 'birthSex')).toHaveValue('');
  await expect(field(page, 'birthSex')).toHaveAttribute('placeholder', 'Not given');
  await pick(page, 'birthSex', 'Unknown');

  // The Save label while the (real) request is under way.
  let sawSaving = false;
  await page.route('**/api/app/patient/update', async (route) => {
    await expect(page.getByTestId('save-profile')).toHaveText('Saving...');
    sawSaving = true;
    await route.continue();
  });
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/my-health-profile$/);
  expect(sawSaving).toBe(true);
  await page.unroute('**/api/app/patient/update');

  await page.goto(editProfile);
  await expect(field(page, 'userEmail')).toHaveValue(`new.${patient.email}`);
  await expect(page.getByTestId('email-status')).toHaveText(
    'Pending verification. Please check your inbox for the verification email.',
  );
  await expect(field(page, 'suffix')).toHaveValue('Jr');
  await expect(field(page, 'birthSex')).toHaveValue('Unknown');
  await expect(field(page, 'address2.city')).toHaveValue('Ottawa');
  await expect(field(page, 'address2.zip')).toHaveValue('K1A 0B1');
  await expect(field(page, 'address2.state')).toHaveValue('Ontario');

  // Address 2 is removed by clearing what was typed; Canada and Ontario stay picked (spec 001 §4).
  await field(page, 'address2.streetAddressLn1').fill('');
  await field(page, 'address2.city').fill('');
  await field(page, 'address2.zip').fill('');
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto(editProfile);
  await expect(field(page, 'address1.city')).toHaveValue('Naples');
  for (const path of ['streetAddressLn1', 'city', 'zip', 'country'])
    await expect(field(page, `address2.${path}`)).toHaveValue('');
});

test('a failed save keeps what was typed; LK read-only; imported demographics locked', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page);
  await page.goto(editProfile);
  await expect(field(page, 'suffix')).toHaveValue('Jr');

  // The practice makes the profile LK while the page is open: the save fails on the server.
  await field(page, 'suffix').fill('Sr');
  await field(page, 'previousName').fill('Iris Stone');
  await setFlags(page, patient.externalId, { lkPatient: true });
  await page.getByTestId('save-profile').click();
  const modal = page.getByRole('dialog');
  // The server's reason, not only that the save failed.
  await expect(modal.getByTestId('edit-profile-error')).toHaveText('This profile is read-only.');
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`${editProfile}$`));
  await expect(field(page, 'suffix')).toHaveValue('Sr');
  await expect(field(page, 'previousName')).toHaveValue('Iris Stone');

  // On reload the LK profile is read-only with its red notice and no description; Save disabled.
  await page.reload();
  await expect(page.getByTestId('lk-notice')).toBeVisible();
  await expect(page.getByText('Keep your details up to date', { exact: false })).toHaveCount(0);
  await expect(page.getByTestId('save-profile')).toBeDisabled();
  await expect(field(page, 'suffix')).toBeDisabled();
  await expect(field(page, 'suffix')).toHaveValue('Jr');

  // An imported profile: its notice, demographics locked, the rest editable.
  await setFlags(page, patient.externalId, { lkPatient: false, demographicsImported: true });
  await page.reload();
  await expect(page.getByTestId('imported-notice')).toHaveText(
    'Your profile is imported from an external Practice Management System. Consequently, the demographics data is uneditable.',
  );
  await expect(field(page, 'dateOfBirth')).toBeDisabled();
  await expect(field(page, 'gender')).toBeDisabled();
  await expect(field(page, 'suffix')).toBeEnabled();
  await field(page, 'suffix').fill('II');
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto(editProfile);
  await expect(field(page, 'suffix')).toHaveValue('II');

  // Cancel returns to My Health Profile without saving.
  await field(page, 'suffix').fill('III');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await setFlags(page, patient.externalId, { demographicsImported: false });
});

test('the profile photo is placed on the page: upload, crop, delete', async ({ page }) => {
  await signedIn(page);
  await page.goto(editProfile);
  await expect(page.getByRole('heading', { name: 'Profile photo' })).toBeVisible();
  // A real 4x4 PNG; the editor crops it square and uploads the result.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM44OAARwzEcQAQUhQBWMqgJAAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('avatar-upload')).toHaveCount(0);
  await page.getByTestId('avatar-save').click();
  await expect(page.getByRole('img', { name: 'Profile photo of Iris Vale' })).toBeVisible();
  // The profile form did not submit: still on the page.
  await expect(page).toHaveURL(new RegExp(`${editProfile}$`));
  await page.getByTestId('avatar-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('avatar-delete')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${editProfile}$`));
});
