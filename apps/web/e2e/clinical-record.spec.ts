import { expect, test, type Page } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';
import { e2eApiKey } from './support/cli';
import { screenshots } from './support/screenshots';

/** A calendar day's accessible name, as the picker announces it ("September 1, 2026"). */
async function dayLabel(page: Page, monthsBack: number, day: number): Promise<string> {
  return page.evaluate(
    ([back, d]) => {
      const now = new Date();
      return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(
        new Date(now.getFullYear(), now.getMonth() - back, d),
      );
    },
    [monthsBack, day] as const,
  );
}

async function pickFrom(page: Page, monthsBack: number, day: number) {
  const label = await dayLabel(page, monthsBack, day);
  await page.getByRole('button', { name: 'From date', exact: true }).click();
  for (let i = 0; i < monthsBack; i += 1) await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
}

/** Desktop and phone screenshots, full page, attached to the report. */
async function axeDesktopAndPhone(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Each journey reads several cards in two languages at two sizes, with axe on each: on a loaded
// 2-core machine that can take longer than the default 30 s, so these journeys get three times as long.
test.slow();

test('Maria reads her biopsy report and liver-panel trend, and the sections follow the date range', async ({
  page,
}, testInfo) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/health-information');

  const results = page.getByTestId('record-results');
  await expect(results.getByRole('heading', { name: 'Results' })).toBeVisible();
  // The repeated liver test is drawn over time, the flagged ALT first, with its range and a table.
  const chart = results.getByRole('img', { name: /Alanine aminotransferase \(ALT\) over time/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/4 results.*71 U\/L \(High\).*Reference range 7–35 U\/L/);
  await expect(results.getByTestId('record-trend-table').getByRole('row')).toHaveCount(5);
  await expect(results.getByTestId('record-trend-table')).toContainText('High');
  await expect(results.getByTestId('record-result-new')).toHaveCount(1);

  const biopsy = results.getByRole('button', { name: /Dermatopathology report/ });
  await biopsy.click();
  await expect(results.getByTestId('record-pathology-text')).toContainText(
    'BASAL CELL CARCINOMA, NODULAR TYPE. Margins clear',
  );
  await expect(results.getByTestId('record-pathology')).toContainText('Skin, left upper back, shave biopsy');

  // Opening the new liver panel, the newest result, marks it read. The row is held by its place,
  // not by its "New" mark, which leaves as soon as the read is recorded.
  const newest = results.getByTestId('record-result').first();
  await expect(newest.getByTestId('record-result-new')).toBeVisible();
  await newest.getByRole('button').click();
  await expect(newest.getByTestId('record-observations')).toContainText('Alanine aminotransferase');
  await expect(results.getByTestId('record-result-new')).toHaveCount(0);

  await expect(page.getByTestId('record-vital-set')).toHaveCount(3);
  await expect(page.getByTestId('record-vitals')).toContainText('Blood pressure');
  await expect(page.getByTestId('record-immunization')).toHaveCount(3);
  await expect(page.getByTestId('record-immunizations')).toContainText('Zoster vaccine recombinant');
  await expect(page.getByTestId('record-note')).toHaveCount(3);
  // A note's text is read when it is opened, here from the keyboard.
  const biopsyNote = page.getByTestId('record-note').filter({ hasText: 'Shave biopsy, left upper back' });
  await biopsyNote.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(biopsyNote.getByTestId('record-note-text')).toContainText(
    'The patient tolerated the procedure well',
  );
  await expect(page.getByTestId('record-goals')).toContainText('Liver enzymes within the normal range');
  await expect(page.getByTestId('record-concerns')).toContainText('Psoriasis');
  const status = page.getByTestId('record-health-status');
  await expect(status.getByRole('heading', { name: 'Health status' })).toBeVisible();
  await expect(status).toContainText('Chronically ill');
  await expect(status).toContainText('Recorded by Olivia Bennett, MD, Sunshine Dermatology');
  await axeDesktopAndPhone(page);
  await screenshots(page, testInfo, 'record-en');

  // From the first of the month two months back: the last liver panel (36 days ago) and the last
  // visit (30 days ago) stay; the biopsy (120 days) and the earlier panels leave, and so does the trend.
  await pickFrom(page, 2, 1);
  await expect(page.getByTestId('record-showing')).toContainText('Showing records from');
  await expect(results.getByTestId('record-result')).toHaveCount(1);
  await expect(results.getByRole('button', { name: /Dermatopathology report/ })).toHaveCount(0);
  await expect(results.getByTestId('record-trends')).toHaveCount(0);
  await expect(page.getByTestId('record-vital-set')).toHaveCount(1);
  await expect(page.getByTestId('record-immunization')).toHaveCount(1);
  await expect(page.getByTestId('record-note')).toHaveCount(1);
  await axeDesktopAndPhone(page);
  await screenshots(page, testInfo, 'record-en-narrowed');
});

/** The clinic feeds Emma 22 more immunizations (idempotent by their ids): more than a card first holds. */
async function feedImmunizations(page: Page) {
  for (let i = 0; i < 22; i += 1) {
    const response = await page.request.put(`/api/integration/immunizations/E2E-EMMA-IMM-${i}`, {
      headers: { 'x-api-key': e2eApiKey() },
      data: {
        patientExternalId: 'DEMO-0004',
        cvxCode: '08',
        vaccineName: `Hepatitis B, dose ${i + 1}`,
        occurredAt: `2016-01-${String(i + 1).padStart(2, '0')}`,
        status: 'completed',
        author: { name: 'Olivia Bennett, MD', npi: '1548392012', organization: 'Sunshine Dermatology' },
      },
    });
    expect(response.status()).toBeLessThan(300);
  }
}

test("a responsible person sees Emma's results, and her long immunization list on Show all", async ({
  page,
}, testInfo) => {
  await feedImmunizations(page);
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.getByRole('button', { name: 'Responsible Person' }).click();
  await page.getByRole('menuitem', { name: 'View as Emma Reed' }).click();
  await expect(page).toHaveURL(/\/\d+\/health-information$/);
  const results = page.getByTestId('record-results');
  await expect(results.getByTestId('record-result')).toHaveCount(2);
  const culture = results.getByTestId('record-result').filter({ hasText: 'Skin culture' });
  await culture.getByRole('button').click();
  await expect(culture.getByTestId('record-observations')).toContainText('Staphylococcus aureus');
  await expect(results.getByRole('button', { name: /IgE, total/ })).toBeVisible();
  // The card first holds the newest 20 of 23; Show all, from the keyboard, adds the rest and
  // moves focus to the first one it added.
  const immunizations = page.getByTestId('record-immunization');
  await expect(immunizations).toHaveCount(20);
  await expect(page.getByTestId('record-immunizations')).toContainText('The newest 20 of 23.');
  await axeDesktopAndPhone(page);
  await screenshots(page, testInfo, 'record-emma');
  const showAll = page.getByRole('button', { name: 'Show all (23) Immunizations' });
  await showAll.focus();
  await page.keyboard.press('Enter');
  await expect(immunizations).toHaveCount(23);
  await expect(immunizations.nth(20)).toBeFocused();
  await expect(showAll).toHaveCount(0);
  await axeDesktopAndPhone(page);
  await screenshots(page, testInfo, 'record-emma-all');
});

test('the record reads in Spanish, desktop and phone', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.getByTestId('language-switcher').getByText('Español').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByLabel('Nombre de usuario').fill(demo.patient.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(demo.patient.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/health-information');
  const results = page.getByTestId('record-results');
  await expect(results.getByRole('heading', { name: 'Resultados' })).toBeVisible();
  await expect(results.getByRole('img', { name: /a lo largo del tiempo/ })).toBeVisible();
  await results.getByRole('button', { name: /Dermatopathology report/ }).click();
  await expect(page.getByTestId('record-vitals')).toContainText('Presión arterial');
  await expect(page.getByTestId('record-care-plan')).toContainText('Objetivos');
  await expect(page.getByTestId('record-health-status')).toContainText('Con enfermedad crónica');
  await axeDesktopAndPhone(page);
  await screenshots(page, testInfo, 'record-es');

  // Choosing Spanish at sign-in is stored on Maria's account: back to English for the journeys after.
  await page
    .getByRole('button', { name: new RegExp(`^${demo.patient.firstName}\\b.*menú del perfil$`) })
    .click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('record-results').getByRole('heading', { name: 'Results' })).toBeVisible();
});
