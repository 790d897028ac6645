import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiProfile } from './account-api';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';
import { screenshots } from './support/screenshots';

/** A calendar day's accessible name, as the picker announces it ("November 26, 2026"). */
async function dayLabel(page: Page, monthsBack: number, day: number | 'today'): Promise<string> {
  return page.evaluate(
    ([back, d]) => {
      const now = new Date();
      const date =
        d === 'today' ? now : new Date(now.getFullYear(), now.getMonth() - Number(back), Number(d));
      return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
    },
    [monthsBack, day] as const,
  );
}

async function pick(page: Page, field: 'From date' | 'To date', monthsBack: number, day: number | 'today') {
  const label = await dayLabel(page, monthsBack, day);
  await page.getByRole('button', { name: field, exact: true }).click();
  for (let i = 0; i < monthsBack; i += 1) await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
}

async function download(page: Page, button: string, testInfo: TestInfo) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

/** The document element of an XML file, parsed by the browser's own parser (null when it does not parse). */
async function xmlRoot(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) return null;
    return { name: doc.documentElement.localName, ns: doc.documentElement.namespaceURI };
  }, xml);
}

// Each journey views, downloads and transmits whole records and checks each act's log: on a loaded
// 2-core machine that can take longer than the default 30 s, so these journeys get three times as long.
test.slow();

test('a patient views, downloads and transmits their health information, each act logged', async ({
  page,
}, testInfo) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/health-information');
  await expect(page).toHaveTitle('Dermis - Health Information');
  await expect(page.getByRole('heading', { level: 1, name: 'Health Information' })).toBeVisible();
  await expect(page.getByTestId('acting-for-banner')).toHaveCount(0);
  for (const section of [
    'Demographics',
    'Allergies',
    'Medical Problem List',
    'Active Medications',
    'Smoking Status',
  ])
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  await expect(page.getByTestId('health-info-demographics')).toContainText('Maria Lopez');
  // Maria holds a FHIR invite (demo seed): the block shows the server address and her code.
  await expect(page.getByTestId('health-info-fhir-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByTestId('health-info-fhir-url')).toHaveText(/\/fhir\/r4$/);
  await expect(page.getByRole('link', { name: 'Manage connected apps' })).toHaveAttribute(
    'href',
    '/account/connected-apps',
  );
  await expectNoSeriousA11yViolations(page);

  // View health info: her visits of the past year, newest first, each opening the viewer in a new window.
  await page.getByRole('button', { name: 'View health info' }).click();
  const visits = page.getByTestId('health-info-encounter');
  // The demo's three visits of the past year lead; journeys that ran earlier may have fed older ones,
  // and booked (future) visits are never part of the record.
  await expect(visits.nth(2)).toBeVisible();
  const shown = (await visits.evaluateAll((links) => links.map((link) => link.textContent ?? ''))).map(
    (label) => {
      const [, month, day, year] = /(\d{2})\/(\d{2})\/(\d{4})/.exec(label) ?? [];
      return new Date(Number(year), Number(month) - 1, Number(day)).getTime();
    },
  );
  const yearAgo = Date.now() - 366 * 24 * 3600 * 1000;
  expect(shown.slice(0, 3).every((time) => time > yearAgo && time <= Date.now())).toBe(true);
  expect(shown.slice(3).every((time) => time <= yearAgo)).toBe(true);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));
  await expect(visits.first()).toHaveAttribute('target', '_blank');
  await expect(visits.first()).toHaveAttribute('href', /^\/health-information\/view\/\d+\/\d+$/);
  const [viewer] = await Promise.all([page.waitForEvent('popup'), visits.first().click()]);
  await expect(viewer).toHaveURL(/\/health-information\/view\/\d+\/\d+$/);
  await viewer.close();
  await screenshots(page, testInfo, 'health-information');

  // Download CCDA: a file that parses as XML with the ClinicalDocument root.
  const ccda = await download(page, 'Download CCDA', testInfo);
  expect(ccda.name).toBe('Maria_Lopez_Health_Summary.xml');
  expect(await xmlRoot(page, ccda.bytes.toString('utf8'))).toEqual({
    name: 'ClinicalDocument',
    ns: 'urn:hl7-org:v3',
  });
  await expect(page.getByTestId('health-info-saved')).toHaveText('Maria_Lopez_Health_Summary.xml was saved.');

  // Download PDF.
  const pdf = await download(page, 'Download PDF', testInfo);
  expect(pdf.name).toBe('Maria_Lopez_Health_Summary.pdf');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Transmit, failing: today alone holds no visit of hers, so the information is not available.
  await pick(page, 'From date', 0, 'today');
  await pick(page, 'To date', 0, 'today');
  await page.getByRole('button', { name: 'View health info' }).click();
  await expect(page.getByText('List is empty')).toBeVisible();
  await page.getByRole('button', { name: 'Transmit health info' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('health-info-error')).toHaveText('Health Information is not available');
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/health-information$/);

  // Date validation: a start after the end blocks every action.
  await pick(page, 'To date', 1, 15);
  await expect(page.getByText('Start date must be before end date')).toBeVisible();
  for (const action of ['View health info', 'Download CCDA', 'Download PDF', 'Transmit health info'])
    await expect(page.getByRole('button', { name: action })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, testInfo, 'health-information-invalid-range');

  // Clearing the dates: transmit passes with her visits and goes to the transmit screen.
  await page.getByRole('button', { name: 'Clear From date' }).click();
  await page.getByRole('button', { name: 'Clear To date' }).click();
  await expect(page.getByText('Start date must be before end date')).toHaveCount(0);
  await page.getByRole('button', { name: 'Transmit health info' }).click();
  await expect(page).toHaveURL(/\/messages\/transmit$/);

  // The activity log holds each act, newest first.
  await page.goto('/account/activity-log');
  const rows = page.getByTestId('activity-log-table').locator('tbody tr').filter({ hasNotText: 'Signed in' });
  await expect(rows.nth(0)).toContainText('Viewed health information');
  await expect(rows.nth(1)).toContainText('Downloaded health information in PDF format');
  await expect(rows.nth(2)).toContainText('Downloaded health information in C-CDA format');
  await expect(rows.nth(3)).toContainText('Viewed health information');
});

test('transmit with dates carries them to the transmit screen', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/health-information');
  await pick(page, 'From date', 11, 1);
  const end = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;
  });
  await pick(page, 'To date', 0, 'today');
  await page.getByRole('button', { name: 'Transmit health info' }).click();
  await expect(page).toHaveURL(/\/messages\/transmit\?startDate=\d{2}%2F01%2F\d{4}&endDate=/);
  expect(new URL(page.url()).searchParams.get('endDate')).toBe(end);
});

test('a responsible person views, downloads and transmits the minor’s health information', async ({
  page,
  request,
}, testInfo) => {
  const guardian = await apiProfile(request, demo.guardian);
  const emma = guardian.responsibleForPatients.find((p) => p.firstName === 'Emma');
  expect(emma).toBeDefined();
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto(`/${emma?.id}/health-information`);
  await expect(page.getByRole('heading', { level: 1, name: 'Health Information' })).toBeVisible();
  await expect(page.getByTestId('acting-for-banner')).toContainText('Viewing the account of: Emma Reed');
  await expect(page.getByTestId('health-info-demographics')).toContainText('Emma Reed');
  // Emma holds a FHIR invite (demo seed): her code, and her Connected apps under the guardian's View as.
  await expect(page.getByTestId('health-info-fhir-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByRole('link', { name: 'Manage connected apps' })).toHaveAttribute(
    'href',
    `/${emma?.id}/connected-apps`,
  );
  await expect(page.getByTestId('health-info-allergies')).toContainText(
    'There are no elements for this section',
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'View health info' }).click();
  const visits = page.getByTestId('health-info-encounter');
  await expect(visits).toHaveCount(2);
  await expect(visits.first()).toHaveAttribute(
    'href',
    new RegExp(`^/health-information/view/${emma?.id}/\\d+$`),
  );
  await screenshots(page, testInfo, 'health-information-acting-for');

  const ccda = await download(page, 'Download CCDA', testInfo);
  expect(ccda.name).toBe('Emma_Reed_Health_Summary.xml');
  expect(await xmlRoot(page, ccda.bytes.toString('utf8'))).toEqual({
    name: 'ClinicalDocument',
    ns: 'urn:hl7-org:v3',
  });
  const pdf = await download(page, 'Download PDF', testInfo);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Transmit fails for today alone, then passes without dates, to the acting-for transmit route.
  await pick(page, 'From date', 0, 'today');
  await page.getByRole('button', { name: 'Transmit health info' }).click();
  await expect(page.getByRole('dialog').getByTestId('health-info-error')).toHaveText(
    'Health Information is not available',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await pick(page, 'To date', 1, 15);
  await expect(page.getByText('Start date must be before end date')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transmit health info' })).toBeDisabled();
  await page.getByRole('button', { name: 'Clear From date' }).click();
  await page.getByRole('button', { name: 'Clear To date' }).click();
  await page.getByRole('button', { name: 'Transmit health info' }).click();
  await expect(page).toHaveURL(new RegExp(`/${emma?.id}/messages/transmit$`));

  await page.goto(`/${emma?.id}/activity-log`);
  const rows = page.getByTestId('activity-log-table').locator('tbody tr');
  await expect(rows.nth(0)).toContainText('Daniel Reed');
  await expect(rows.nth(0)).toContainText('Downloaded health information in PDF format');
  await expect(rows.nth(1)).toContainText('Downloaded health information in C-CDA format');
  await expect(rows.nth(2)).toContainText('Viewed health information');
});
