import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn, storedSession } from './support/app';
import { e2eApiKey } from './support/cli';
import {
  clinic,
  consentText,
  feedAppointments,
  longEducation,
  upcomingVisit,
} from './support/appointments-data';

// Maria's appointments (calendar file, consent signing, education, Load More),
// Samuel's unfinished screening (start-up modal and notification, both answers), the phone message.
// The visits are fed through the integration API (support/appointments-data.ts), so the journeys
// know every field they check.

let mariaVisitId = 0;
let samuelVisitId = 0;

test.beforeAll(async ({ request }) => {
  ({ mariaVisitId, samuelVisitId } = await feedAppointments(request));
});

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Unfolds RFC 5545 lines into name → value, as a calendar reads them. */
function parseCalendar(content: string): { lines: string[]; fields: Map<string, string> } {
  const lines = content
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const fields = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (!fields.has(line.slice(0, colon))) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return { lines, fields };
}

const icsUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Whether the signature canvas shows any ink. */
function inked(page: Page) {
  return page.getByTestId('signature-canvas').evaluate((c: HTMLCanvasElement) => {
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });
}

/** Draws a short stroke-by-stroke signature with the mouse inside the canvas. */
async function drawSignature(page: Page) {
  // The pad loads with the modal (its own chunk): strokes before it is ready draw nothing, and Clear
  // is enabled once it is.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Clear' })).toBeEnabled();
  const canvas = page.getByTestId('signature-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + 60, box.y + 180);
  await page.mouse.down();
  for (const [x, y] of [
    [110, 90],
    [160, 190],
    [220, 80],
    [280, 170],
    [360, 120],
    [440, 160],
  ] as const) {
    await page.mouse.move(box.x + x, box.y + y, { steps: 8 });
  }
  await page.mouse.up();
  expect(await inked(page)).toBe(true);
}

test.describe('Maria', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('imports the visit into a calendar, signs a consent by drawing, and it stays signed', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, demo.patient);
    // A loaded machine may take a while to sign in and redirect.
    await expect(page).toHaveURL(/\/my-health-profile$/, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Appointments', exact: true }).first().click();
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Upcoming Appointments' });
    const row = table.getByRole('row').filter({ hasText: clinic.name });
    await expect(row.getByText('Ana Silva, MD')).toBeVisible();
    await expect(row.getByText('(239) 555-0147')).toBeVisible();
    await expect(row.getByRole('link', { name: /Gulf Coast Dermatology \(E2E\) website/ })).toHaveAttribute(
      'href',
      'https://gulfcoast-derm.example/',
    );
    // 'MMM DD, Y @ hh : mm A' in the browser's zone.
    await expect(row.getByTestId('visit-date')).toHaveText(
      /^[A-Z][a-z]{2} \d{2}, \d{4} @ \d{2} : \d{2} [AP]M$/,
    );
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'appointments-desktop');

    await test.step('the calendar file', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: /^Import VCS File/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('appointment-calendar-event.vcs');
      const content = fs.readFileSync(await download.path(), 'utf8');
      expect(content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const { lines, fields } = parseCalendar(content);
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines.at(-1)).toBe('END:VCALENDAR');
      expect(fields.get('VERSION')).toBe('2.0');
      expect(fields.get('PRODID')).toBeTruthy();
      expect(fields.get('UID')).toContain(`encounter-${mariaVisitId}-`);
      expect(fields.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
      expect(fields.get('DTSTART')).toBe(icsUtc(upcomingVisit));
      expect(fields.get('DTEND')).toBe(icsUtc(new Date(upcomingVisit.getTime() + 45 * 60_000)));
      expect(fields.get('SUMMARY')).toBe('Appointment with Ana Silva\\, MD');
      expect(fields.get('LOCATION')).toBe('850 Fifth Ave S\\, Suite 3\\, Naples\\, FL 34102');
    });

    await test.step('sign the photography consent', async () => {
      await row.getByRole('button', { name: 'Sign Photography consent' }).click();
      const modal = page.getByRole('dialog', { name: 'Sign Consent: Photography consent' });
      await expect(modal.getByText(consentText)).toBeVisible();
      const canvas = modal.getByRole('img', { name: 'Signature area: sign here' });
      await expect(canvas).toBeVisible();
      // Drawn at 1080x524, shown at 540x262.
      expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([1080, 524]);
      const box = await canvas.boundingBox();
      expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([540, 262]);
      await expectNoSeriousA11yViolations(page);
      // Clear empties the drawing: Save then just closes, nothing is signed.
      await drawSignature(page);
      await modal.getByRole('button', { name: 'Clear' }).click();
      await modal.getByRole('button', { name: 'Save' }).click();
      await expect(modal).toBeHidden();
      await expect(row.getByRole('button', { name: 'Sign Photography consent' })).toBeVisible();

      await row.getByRole('button', { name: 'Sign Photography consent' }).click();
      await expect(modal).toBeVisible();
      await drawSignature(page);
      // The window resized between the strokes and Save (a full-page screenshot resizes it, a tablet
      // turned, a window narrowed to a phone's width and widened again): the drawing is still there
      // and is what Save sends. Before the fix the pad came back empty and Save only closed.
      await screenshot(page, testInfo, 'consent-modal-desktop');
      expect(await inked(page)).toBe(true);
      await page.setViewportSize({ width: 1024, height: 700 });
      await page.setViewportSize({ width: 600, height: 960 });
      await expect(modal.getByText('To be able to sign consent larger device is needed')).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(modal.getByRole('button', { name: 'Clear' })).toBeEnabled();
      expect(await inked(page)).toBe(true);
      const [update] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/consent/update')),
        modal.getByRole('button', { name: 'Save' }).click(),
      ]);
      const sent = update.postDataJSON() as {
        consent: { status: string; cosigners: { type: string; signature: string }[] };
      };
      expect(sent.consent.status).toBe('PENDING');
      const signature =
        sent.consent.cosigners.find((c) => c.type === 'PATIENT_OR_LEGAL_GUARDIAN')?.signature ?? '';
      expect(signature.startsWith('data:')).toBe(false);
      // A real PNG of the drawn size: the signature image's header.
      const png = Buffer.from(signature, 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 524]);
      await expect(modal).toBeHidden();
      await expect(row.getByRole('button', { name: 'Sign Photography consent' })).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Sign Biopsy consent' })).toBeVisible();
    });

    await page.reload();
    const rowAgain = page.getByRole('table', { name: 'Upcoming Appointments' }).getByRole('row').filter({
      hasText: clinic.name,
    });
    await expect(rowAgain.getByRole('button', { name: 'Sign Biopsy consent' })).toBeVisible();
    await expect(rowAgain.getByRole('button', { name: 'Sign Photography consent' })).toHaveCount(0);
  });

  test('reads and prints patient education, and loads past visits 2 at a time', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, demo.patient);
    await expect(page).toHaveURL(/\/my-health-profile$/);
    const lists: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/encounter/getByFilter')) lists.push(request.postData() ?? '');
    });
    await page.goto('/appointments');
    const past = page.getByRole('list', { name: 'Past Visits' });
    await expect(past.getByTestId('past-visit')).toHaveCount(2);
    await expect(page.getByTestId('upcoming-appointments')).toBeVisible();
    // The page's inline script sent both lists with the instant it recorded, and the app, taking that
    // instant as "now", took their answers instead of asking again (decision 331).
    const pageNow = await page.evaluate(
      () => (window as unknown as { __dermisEarlyNow?: { at: string; taken?: string[] } }).__dermisEarlyNow,
    );
    expect(pageNow?.taken?.toSorted()).toEqual(['appointments.past', 'appointments.upcoming']);
    expect(lists).toHaveLength(2);
    for (const body of lists) expect(body).toContain(`"${pageNow?.at}"`);

    const session = await storedSession(page);
    const user = session?.user as { id: number };
    const answer = await page.request.post('/api/app/encounter/getByFilter', {
      headers: { Authorization: `Bearer ${session?.accessToken as string}` },
      data: {
        patientId: user.id,
        dateSelection: 'SPECIFY_RANGE',
        dateOfServiceRangeHigh: new Date().toISOString(),
        sortOrder: 'DESC',
        limit: 2,
      },
    });
    const { total } = (await answer.json()) as { total: number };
    expect(total).toBeGreaterThanOrEqual(5);
    // Load More adds 2 each time and goes away once every visit is shown.
    let shown = 2;
    while (shown < total) {
      await page.getByRole('button', { name: 'Load More' }).click();
      shown = Math.min(total, shown + 2);
      await expect(past.getByTestId('past-visit')).toHaveCount(shown);
    }
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
    await expect(page.getByTestId('past-count')).toHaveText(`Showing ${total} of ${total} past visits`);

    const visit = past.getByTestId('past-visit').filter({ hasText: 'END-OF-EDUCATION' });
    await expect(visit).toHaveCount(0);
    const withPreview = past.getByTestId('past-visit').filter({ hasText: longEducation.slice(0, 60) });
    await expect(withPreview.getByTestId('education-preview')).toHaveText(
      `${longEducation.slice(0, 200)} ... More...`,
    );
    await withPreview.getByRole('button', { name: /^More\.\.\./ }).click();
    const modal = page.getByRole('dialog', { name: 'Patient Education' });
    await expect(modal.getByTestId('education-text')).toHaveText(longEducation);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'education-modal-desktop');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      modal.getByRole('button', { name: 'Print' }).click(),
    ]);
    // The new window holds the text alone: no portal navigation, no modal.
    await expect(popup.locator('body')).toContainText('END-OF-EDUCATION');
    await expect(popup.getByRole('navigation')).toHaveCount(0);
    await popup.close();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });
});

test.describe('Daniel, acting for Emma', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signs her consent, and the clinic reads him back as the responsible person who signed', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, demo.guardian);
    await expect(page).toHaveURL(/\/my-health-profile$/);
    await page.getByRole('button', { name: 'Responsible Person' }).click();
    await page.getByRole('menuitem', { name: 'View as Emma Reed' }).click();
    await expect(page).toHaveURL(/\/\d+\/health-information$/);
    const emmaId = /\/(\d+)\/health-information$/.exec(page.url())?.[1] ?? '';
    await page.getByRole('link', { name: 'Appointments', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${emmaId}/appointments$`));
    await expect(page.getByTestId('acting-for-banner')).toContainText('Emma Reed');
    // The sub-header speaks of Emma, not of the guardian.
    await expect(
      page.getByText("Emma Reed's upcoming appointments, the consents to sign before them and past visits."),
    ).toBeVisible();

    // The demo's upcoming visit of Emma (DEMO-ENC-UP-EMMA) with its consents unsigned.
    const table = page.getByRole('table', { name: 'Upcoming Appointments' });
    const sign = table.getByRole('button', { name: 'Sign Clinical Photography' });
    await sign.click();
    const modal = page.getByRole('dialog', { name: 'Sign Consent: Clinical Photography' });
    await expect(modal.getByText('You are signing on behalf of Emma Reed.')).toBeVisible();
    await drawSignature(page);
    await screenshot(page, testInfo, 'consent-acting-for');
    const [update] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/consent/update')),
      modal.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(update.status()).toBe(200);
    const sent = update.request().postDataJSON() as {
      consent: { cosigners: { type: string; signature: string }[] };
    };
    await expect(modal).toBeHidden();
    await expect(sign).toHaveCount(0);

    // The clinic's read-back (integration API): Emma's consent, signed by Daniel as her responsible person.
    const answer = await request.get('/api/integration/encounters/DEMO-ENC-UP-EMMA/consents', {
      headers: { 'X-Api-Key': e2eApiKey() },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { consents } = (await answer.json()) as {
      consents: {
        consentProfileExternalId: string;
        status: string;
        evidence: {
          patientExternalId: string;
          title: string;
          signaturePng: string;
          signer: {
            kind: string;
            username: string;
            firstName: string;
            lastName: string;
            patientExternalId: string;
          };
        } | null;
      }[];
    };
    const photo = consents.find((c) => c.consentProfileExternalId === 'DEMO-CONSENT-PHOTO');
    expect(photo).toMatchObject({
      status: 'SIGNED',
      evidence: {
        patientExternalId: 'DEMO-0004',
        title: 'Clinical Photography',
        signer: {
          kind: 'RESPONSIBLE_PERSON',
          username: demo.guardian.username,
          firstName: 'Daniel',
          lastName: 'Reed',
          patientExternalId: 'DEMO-0003',
        },
      },
    });
    expect(photo?.evidence?.signaturePng).toBe(
      sent.consent.cosigners.find((c) => c.type === 'PATIENT_OR_LEGAL_GUARDIAN')?.signature,
    );
    // The other consent is still Emma's to sign.
    expect(consents.find((c) => c.consentProfileExternalId === 'DEMO-CONSENT-HIPAA')).toMatchObject({
      status: 'PENDING',
      evidence: null,
    });
  });
});

test('on a phone the consent asks for a larger device', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/appointments');
  // A phone shows each upcoming visit as a card.
  const card = page.getByRole('list', { name: 'Upcoming Appointments' }).getByRole('listitem').filter({
    hasText: clinic.name,
  });
  await card.getByRole('button', { name: 'Sign Biopsy consent' }).click();
  const modal = page.getByRole('dialog', { name: 'Sign Consent: Biopsy consent' });
  await expect(modal.getByText('To be able to sign consent larger device is needed')).toBeVisible();
  await expect(modal.getByTestId('signature-canvas')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'consent-phone');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, 'appointments-phone');
  await context.close();
});

test('Samuel is asked to review his profile before the visit, and takes both answers', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const entry = 'Review your medical profile before visiting Lena Webb';
  await signIn(page, demo.newPatient);
  // First-time setup comes first; the question waits for the next page.
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
  await expect(page.getByTestId('screening-reminder')).toHaveCount(0);
  await page.goto('/appointments');
  const modal = page.getByRole('dialog', { name: 'Dear Samuel' });
  await expect(modal).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'startup-modal');
  await modal.getByRole('button', { name: 'Review my profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/screening/${samuelVisitId}/basic-info$`));

  // The notification stays until the screening is done; it opens the same screening.
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(modal).toHaveCount(0);
  // The name reads as one phrase: no stray space before the comma.
  const bell = page.getByRole('button', { name: /^Notifications \d+ new$/ });
  await bell.click();
  const item = page.getByRole('menuitem', { name: entry });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/screening/${samuelVisitId}/basic-info$`));

  // Next sign-in: 'My profile is up to date' finishes the visit's history; the notification is gone.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, demo.newPatient);
  await expect(page).toHaveURL(/\/first-time-login\/basic-info$/);
  await page.goto('/appointments');
  await expect(modal).toBeVisible();
  const [finished] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/encounter/setHistoryFinished')),
    modal.getByRole('button', { name: 'My profile is up to date' }).click(),
  ]);
  const done = (await finished.json()) as { id: number; historyFinished: boolean };
  expect(done).toMatchObject({ id: samuelVisitId, historyFinished: true });
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: entry })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(modal).toHaveCount(0);
});
