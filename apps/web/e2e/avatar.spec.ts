import { expect, test, type Page } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';

// Avatar (spec 001 §4 "Avatar", §5): upload a JPEG/PNG up to 5 MB, crop it square (at most
// 500x500), save, see it, delete it; wrong type and size answer with the spec's messages.
const host = '/my-health-profile/edit-profile';

/** A real photo-like PNG drawn by the browser itself (wide, so the square crop matters). */
async function pngOf(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#b45309');
      gradient.addColorStop(1, '#0e7490');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(w / 2, h / 2, Math.min(w, h) / 3, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('avatar: wrong type and size refused, upload with crop, shown, edited, deleted', async ({
  page,
}, testInfo) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto(host);
  const editor = page.getByTestId('avatar-editor');
  await expect(editor.getByTestId('avatar-upload')).toBeVisible();
  const chooser = editor.locator('input[type="file"]');

  await chooser.setInputFiles({
    name: 'photo.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a....'),
  });
  await expect(page.getByTestId('error-modal-message')).toHaveText(
    'Image must be in JPEG, JPG or PNG format!',
  );
  await page.getByRole('button', { name: 'OK' }).click();

  await chooser.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByTestId('error-modal-message')).toHaveText('Max allowed image size is 5MB');
  await page.getByRole('button', { name: 'OK' }).click();

  await chooser.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 1200, 800),
  });
  // While cropping only Cancel and Save show.
  const area = editor.getByTestId('avatar-crop-area');
  await expect(area).toBeVisible();
  await expect(editor.getByTestId('avatar-upload')).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await area.focus();
  await page.keyboard.press('ArrowRight');
  await editor.getByRole('slider').focus();
  await page.keyboard.press('ArrowRight');
  await testInfo.attach('avatar-cropping', { body: await page.screenshot(), contentType: 'image/png' });
  await expectNoSeriousA11yViolations(page);

  const registered = page.waitForResponse((r) => r.url().endsWith('/profile/addAvatar'));
  await editor.getByTestId('avatar-save').click();
  const avatar = (await (await registered).json()) as {
    avatarS3Id: string;
    avatarMimeType: string;
    avatarContentLength: number;
  };
  expect(avatar.avatarMimeType).toBe('image/png');

  // Shown through the signed template, square and at most 500 px a side.
  const image = editor.getByTestId('avatar-image').locator('img');
  await expect(image).toHaveAttribute('src', new RegExp(`/api/blobs/avatar/${avatar.avatarS3Id}\\?t=`));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([500, 500]);
  await testInfo.attach('avatar-saved', { body: await page.screenshot(), contentType: 'image/png' });

  // Edit crops the stored photo again.
  await editor.getByTestId('avatar-edit').click();
  await expect(editor.getByTestId('avatar-crop-area')).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await editor.getByTestId('avatar-delete').click();
  const dialog = page.getByRole('dialog', { name: 'Delete' });
  await expect(dialog).toContainText('Are you sure you want to delete your profile photo?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(editor.getByTestId('avatar-delete')).toHaveCount(0);
  await expect(editor.getByTestId('avatar-image').locator('img')).toHaveCount(0);
  // The confirmation's form did not submit the profile form around the editor.
  await expect(page).toHaveURL(new RegExp(`${host}$`));
});
