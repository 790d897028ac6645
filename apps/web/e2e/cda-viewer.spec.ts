import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn, storedSession } from './support/app';

// The complete-record viewer in real Chromium: Maria's demo outside document
// through the real patient/viewCCDADocument, then every shared C-CDA fixture and every synthetic
// safety case served in place of that call. A page-level trap proves no script from a document
// runs and no dialog opens; no request leaves the portal's origin; no console error; axe is clean.
// The fixture runs need ../shared/fixtures next to the repository and fail saying so when absent.

const repoRoot = resolve(import.meta.dirname, '../../..');
const shared =
  [resolve(repoRoot, '../shared/fixtures'), resolve(repoRoot, '../../shared/fixtures')].find((dir) =>
    existsSync(dir),
  ) ?? resolve(repoRoot, '../shared/fixtures');

function fixtureFiles(dir: string): string[] {
  if (!existsSync(dir))
    throw new Error(`This test needs the shared fixtures at ${dir} (../shared next to the repository).`);
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(xml|ccd)$/i.test(entry.name)) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/** A hostile document of our own: every way a CDA could try to run script or fetch elsewhere. */
const hostile = `<?xml version="1.0"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<title>&lt;img src=x onerror="window.__pwned='title'"&gt;</title>
<effectiveTime value="20240102101500-0500"/>
<recordTarget><patientRole><id root="1"/><patient><name><given>&lt;script&gt;window.__pwned='name'&lt;/script&gt;</given><family>X</family></name></patient></patientRole></recordTarget>
<component><structuredBody>
<component><section><title>One</title><text>
<paragraph>&lt;script&gt;alert(1)&lt;/script&gt;<xhtml:script>window.__pwned='xhtml'</xhtml:script></paragraph>
<content styleCode="Bold" ID="c1" onclick="window.__pwned='onclick'">click</content>
<linkHtml href="javascript:window.__pwned='link'">a link</linkHtml>
<linkHtml href="https://evil.example.com/track">outside link</linkHtml>
<renderMultiMedia referencedObject="OM1"/>
</text>
<entry><observationMedia ID="OM1" classCode="OBS" moodCode="EVN"><value mediaType="image/gif"><reference value="https://evil.example.com/pixel.gif"/></value></observationMedia></entry>
</section></component>
<component><section><title>Two</title><text><table><tbody><tr><td valign="top" onmouseover="window.__pwned='td'">cell</td></tr></tbody></table></text></section></component>
</structuredBody></component>
</ClinicalDocument>`;

interface Watch {
  errors: string[];
  outside: string[];
  dialogs: string[];
}

/** Console errors, requests to any other origin, and dialogs, from the moment it is called. */
function watch(page: Page, origin: string): Watch {
  const seen: Watch = { errors: [], outside: [], dialogs: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
      seen.outside.push(url);
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** The trap: any script a document managed to run would set window.__pwned or call alert. */
async function setTrap(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.alert = () => {
      w.__pwned = 'alert';
    };
  });
}

async function pwned(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as Record<string, unknown>).__pwned);
}

async function mariaAndVisit(page: Page): Promise<{ patientId: number; encounterId: number }> {
  const session = await storedSession(page);
  const headers = { Authorization: `Bearer ${session?.accessToken as string}` };
  const user = session?.user as { id: number };
  const answer = await page.request.post('/api/app/encounter/getByFilter', {
    headers,
    data: { patientId: user.id, dateSelection: 'ALL' },
  });
  const { encounters } = (await answer.json()) as { encounters: { id: number; dateOfService: string }[] };
  const past = encounters.filter((e) => new Date(e.dateOfService) < new Date());
  for (const visit of past.reverse()) {
    const probe = await page.request.post('/api/app/patient/viewCCDADocument', {
      headers,
      data: { patientId: user.id, encounterId: visit.id },
    });
    if (probe.ok()) return { patientId: user.id, encounterId: visit.id };
  }
  throw new Error('the demo gives none of Maria’s past visits a clinical document');
}

test('Maria’s outside document: rendered from the real call, in the activity log, axe-clean, desktop and phone', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await setTrap(page);
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const { patientId, encounterId } = await mariaAndVisit(page);
  const seen = watch(page, baseURL ?? '');

  await page.goto(`/health-information/view/${patientId}/${encounterId}`);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Gulf Coast Community Hospital - Continuity of Care Document',
    }),
  ).toBeVisible();
  await expect(page.getByText('Methotrexate 2.5 MG Oral Tablet')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Table of Contents' })).toBeVisible();
  await expect(page).toHaveTitle(/Continuity of Care Document/);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await testInfo.attach('cda-viewer-desktop', {
    path: await shot(page, testInfo.outputPath('cda-viewer-desktop.png')),
    contentType: 'image/png',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await testInfo.attach('cda-viewer-phone', {
    path: await shot(page, testInfo.outputPath('cda-viewer-phone.png')),
    contentType: 'image/png',
  });
  await expectNoSeriousA11yViolations(page);

  await page.goto('/account/activity-log');
  await expect(page.getByText('Viewed health information').first()).toBeVisible();

  expect(seen).toEqual({ errors: [], outside: [], dialogs: [] });
  expect(await pwned(page)).toBeUndefined();

  // An encounter without a document, and a malformed address, say so instead of a blank window
  // (Chromium logs the 404 answer itself as a console error).
  await page.goto(`/health-information/view/${patientId}/999999`);
  await expect(page.getByRole('alert')).toContainText('There is no clinical document for this visit.');
  await page.goto(`/health-information/view/${patientId}/abc`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page not found');
  expect(seen.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});

async function shot(page: Page, path: string): Promise<string> {
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** Serves `xml` as the answer of patient/viewCCDADocument and opens the viewer. */
async function openWithDocument(page: Page, xml: string): Promise<void> {
  await page.route('**/api/app/patient/viewCCDADocument', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ xml }) }),
  );
  const session = await storedSession(page);
  const user = session?.user as { id: number };
  await page.goto(`/health-information/view/${user.id}/1`);
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('alert')).first()).toBeVisible();
}

test('every shared C-CDA fixture and synthetic case renders with no script, no dialog, no outside request, no console error', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const files = [...fixtureFiles(join(shared, 'ccda')), ...fixtureFiles(join(shared, 'ccda-synthetic'))];
  expect(files.length).toBeGreaterThan(30);
  await setTrap(page);
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const seen = watch(page, baseURL ?? '');
  for (const file of files) {
    await openWithDocument(page, readFileSync(file, 'utf8'));
    const name = file.slice(shared.length + 1);
    expect(seen, name).toEqual({ errors: [], outside: [], dialogs: [] });
    expect(await pwned(page), name).toBeUndefined();
    if (!name.includes('tbl-js-attr')) await expect(page.locator('article.cda-document'), name).toBeVisible();
    await page.unroute('**/api/app/patient/viewCCDADocument');
  }
  // HL7's own CCD example is axe-clean too.
  await openWithDocument(
    page,
    readFileSync(join(shared, 'ccda/hl7-cda-ccda-2.1/C-CDA_R2-1_CCD.xml'), 'utf8'),
  );
  await expectNoSeriousA11yViolations(page);
});

test('a hostile document runs nothing, fetches nothing, and a non-CDA answer gets a clear message', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await setTrap(page);
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const seen = watch(page, baseURL ?? '');
  await openWithDocument(page, hostile);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '<img src=x onerror="window.__pwned=\'title\'">',
  );
  await expect(
    page.getByText('WARNING: non-local image found https://evil.example.com/pixel.gif'),
  ).toBeVisible();
  await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
  // In the body, where the document is rendered: the page's own inline script (the early preload,
  // allowed by its hash) is in the head.
  await expect(page.locator('body [onclick], body [onmouseover], body script:not([src])')).toHaveCount(0);
  await page.getByText('click', { exact: true }).click();
  await page.getByText('cell', { exact: true }).hover();
  await page.getByText('a link').click();
  await testInfo.attach('cda-viewer-hostile', {
    path: await shot(page, testInfo.outputPath('cda-viewer-hostile.png')),
    contentType: 'image/png',
  });
  expect(await pwned(page)).toBeUndefined();
  expect(seen).toEqual({ errors: [], outside: [], dialogs: [] });
  await page.unroute('**/api/app/patient/viewCCDADocument');

  await openWithDocument(page, '<html><body>not a clinical document</body></html>');
  await expect(page.getByRole('alert')).toContainText('The clinical document could not be read');
  await expectNoSeriousA11yViolations(page);
});
