import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { apiSignIn } from './account-api';
import { demo, signIn } from './support/app';

// The pharmacies map and list as Maria (home ZIP 34102, Naples, FL) sees them (decisions 088, 160,
// 182): the offline map is readable (county lines, town names, water) with no request leaving the
// portal, a practice's own PMTiles file replaces it, and the list's "Show more" is readable on a
// 1366 px screen in English and Spanish.

// The page loads the nearest pharmacies and the map's chunk; on a busy machine that takes a while.
const expect = baseExpect.configure({ timeout: 20_000 });

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** Maria's account back in English (demo.patient is shared with other spec files). */
async function accountInEnglish(request: APIRequestContext): Promise<void> {
  const token = await apiSignIn(request, demo.patient);
  await request.post('/api/app/profile/changeLanguage', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'en' },
  });
}

test.afterAll(async ({ request }) => accountInEnglish(request));

/** Whether an element's text is cut off (wider or taller than its box, which hides the overflow). */
function clipped(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((button) => {
    const parts = [button, ...button.querySelectorAll<HTMLElement>('*')];
    return parts.some(
      (part) => part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1,
    );
  });
}

/** Signs Maria in with the language chosen on the sign-in page and opens her pharmacies. */
async function openPharmacies(page: Page, language: 'en' | 'es'): Promise<void> {
  await page.goto('/login');
  if (language === 'es') {
    await page.getByTestId('language-switcher').getByText('Español').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByLabel('Nombre de usuario').fill(demo.patient.username);
    await page.getByLabel('Contraseña', { exact: true }).fill(demo.patient.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  } else {
    // An earlier test may have left her account in Spanish, which the sign-in would restore.
    await accountInEnglish(page.request);
    await signIn(page, demo.patient);
  }
  await expect(page).toHaveURL(/\/my-health-profile$/, { timeout: 30_000 });
  await page.goto('/pharmacies');
}

for (const language of ['en', 'es'] as const) {
  test(`"Show more pharmacies" is whole at 1366 px and on a phone (${language})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await openPharmacies(page, language);
    const more = page.getByTestId('pharmacy-show-more');
    await expect(more).toHaveAccessibleName(
      language === 'en' ? 'Show more pharmacies (30 left)' : 'Mostrar más farmacias (quedan 30)',
    );
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      // The list re-renders as the layout changes width: scroll once the button is the settled one.
      await expect(async () => await more.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
      await expect.poll(() => clipped(page, 'pharmacy-show-more'), `clipped at ${width} px`).toBe(false);
      // The whole button is inside the window's width too.
      const box = await more.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await shoot(page, testInfo, `show-more-${language}-${width}`);
    }
    await page.close();
  });
}

test('the offline map around Naples names the towns and draws county lines, with nothing fetched from outside', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return; // data: and blob: stay in the page
    if (url.hostname !== '127.0.0.1') outside.push(request.url());
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPharmacies(page, 'en');
  const map = page.getByTestId('pharmacy-map');
  await expect(page.getByTestId('pharmacy-map-home')).toBeVisible();
  const towns = map.locator('.pharmacy-map-town-name');
  const counties = map.locator('.leaflet-pharmacy-map-counties-pane path');

  // The home view (zoom 6): the region's cities, Florida's county lines, the land against the water.
  // Her own town is always named; around it the larger ones, where there is room.
  await expect(towns.filter({ hasText: /^Naples$/ })).toBeVisible();
  await expect(towns.filter({ hasText: /^Tampa$/ })).toBeVisible();
  expect(await towns.count()).toBeGreaterThan(8);
  await expect(counties.first()).toBeAttached();
  await expect(map.locator('.leaflet-pharmacy-map-land-pane path')).toHaveCount(1);
  // The names are for the eye: the list beside the map is what a screen reader reads.
  await expect(map.locator('.leaflet-pharmacy-map-towns-pane')).toHaveAttribute('aria-hidden', 'true');
  await shoot(page, testInfo, 'offline-map-home-1366');

  // Closer in, the towns around the pharmacies are named, Naples among them, and no name covers
  // another or a pin.
  await expect(map).toHaveAttribute('data-zoom', '6');
  for (const zoom of [7, 8, 9, 10]) {
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await expect(map).toHaveAttribute('data-zoom', String(zoom));
  }
  await expect(towns.filter({ hasText: /^Naples$/ })).toBeVisible();
  await expect(towns.filter({ hasText: /^Golden Gate$/ })).toBeVisible();
  const boxes = await towns.evaluateAll((names) =>
    names.map((name) => name.getBoundingClientRect().toJSON() as DOMRect),
  );
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap).toBe(false);
    }
  }
  await shoot(page, testInfo, 'offline-map-naples-1366');

  await page.setViewportSize({ width: 390, height: 844 });
  await map.scrollIntoViewIfNeeded();
  await expect(towns.filter({ hasText: /^Naples$/ })).toBeVisible();
  await shoot(page, testInfo, 'offline-map-naples-390');
  expect(outside, 'requests outside the portal').toEqual([]);
});

/**
 * The smallest PMTiles version 3 archive: its 127-byte header, an empty root directory and empty
 * metadata. The reader finds no tile in it, so each tile is the basemap style's background.
 */
function emptyPmtiles(): Buffer {
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const rootDirectory = Buffer.from([0]); // no entries
  const metadata = Buffer.from('{}');
  header.writeBigUInt64LE(127n, 8);
  header.writeBigUInt64LE(BigInt(rootDirectory.length), 16);
  header.writeBigUInt64LE(128n, 24);
  header.writeBigUInt64LE(BigInt(metadata.length), 32);
  header.writeBigUInt64LE(130n, 40);
  header.writeBigUInt64LE(0n, 48);
  header.writeBigUInt64LE(130n, 56);
  header.writeBigUInt64LE(0n, 64);
  header[96] = 1; // clustered
  header[97] = 1; // directories not compressed
  header[98] = 1; // tiles not compressed
  header[99] = 1; // vector tiles
  header[100] = 0;
  header[101] = 14;
  header.writeInt32LE(-1800000000, 102);
  header.writeInt32LE(-850000000, 106);
  header.writeInt32LE(1800000000, 110);
  header.writeInt32LE(850000000, 114);
  header[118] = 6;
  header.writeInt32LE(-817900000, 119);
  header.writeInt32LE(261400000, 123);
  return Buffer.concat([header, rootDirectory, metadata]);
}

test("a practice's own PMTiles file is drawn instead of the bundled data, read in byte ranges from the portal", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The server's side (MAP_PMTILES_FILE, ranges, /api/config) has its own API tests; here the
  // browser is given the answers a server with the file would give.
  const archive = emptyPmtiles();
  const ranges: string[] = [];
  await page.route('**/api/config', async (route) => {
    const answer = await route.fetch();
    const body = {
      ...((await answer.json()) as object),
      mapPmtilesUrl: '/map/basemap.pmtiles',
      mapTileAttribution: 'Practice map',
    };
    await route.fulfill({ response: answer, json: body });
  });
  await page.route('**/map/basemap.pmtiles', async (route) => {
    const range = route.request().headers().range ?? '';
    ranges.push(range);
    const [, from, to] = /^bytes=(\d+)-(\d+)$/.exec(range) ?? [];
    const start = Number(from ?? 0);
    const end = Math.min(Number(to ?? archive.length - 1), archive.length - 1);
    await route.fulfill({
      status: 206,
      headers: {
        'Content-Type': 'application/vnd.pmtiles',
        'Content-Range': `bytes ${start}-${end}/${archive.length}`,
        'Accept-Ranges': 'bytes',
        ETag: '"naples-1"',
      },
      body: archive.subarray(start, end + 1),
    });
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['http:', 'https:'].includes(url.protocol) && url.hostname !== '127.0.0.1')
      outside.push(request.url());
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await openPharmacies(page, 'en');
  const map = page.getByTestId('pharmacy-map');
  await expect(page.getByTestId('pharmacy-map-home')).toBeVisible();
  // protomaps-leaflet's canvas tiles, drawn from the archive.
  await expect(map.locator('canvas.leaflet-tile.leaflet-tile-loaded').first()).toBeAttached();
  expect(ranges[0]).toMatch(/^bytes=0-\d+$/);
  await expect(map.locator('.leaflet-control-attribution')).toContainText('Practice map');
  // The bundled layers are not drawn under it.
  await expect(map.locator('.leaflet-pharmacy-map-land-pane')).toHaveCount(0);
  await expect(map.locator('.pharmacy-map-town-name')).toHaveCount(0);
  // The home view, as with the bundled data (spec 001 §2: zoom 6).
  await expect(map).toHaveAttribute('data-zoom', '6');
  expect(outside, 'requests outside the portal').toEqual([]);
});
