import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
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

// demo.patient is shared with other spec files: whatever happens here, it reads English afterwards.
test.afterAll(async ({ request }) => {
  const token = await apiSignIn(request, demo.patient);
  await request.post('/api/app/profile/changeLanguage', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'en' },
  });
});

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
      await more.scrollIntoViewIfNeeded();
      await expect.poll(() => clipped(page, 'pharmacy-show-more'), `clipped at ${width} px`).toBe(false);
      // The whole button is inside the window's width too.
      const box = await more.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await shoot(page, testInfo, `show-more-${language}-${width}`);
    }
    await page.close();
  });
}
