import { describe, expect, it } from 'vitest';
import zhAccount from '../../src/locales/zh/account.json';
import zhMedia from '../../src/locales/zh/media.json';
import { axe, formatViolations, setupBrowser } from './support/browser';
import { photoPng } from './support/png';
import {
  cropAndConfirmAvatar,
  cropperDialog,
  headerAvatar,
  openUserInfo,
  toast,
  userInfoDialog,
} from './support/profile';

/**
 * Edit profile in real Chromium against the built demo, the avatar: a real PNG chosen with
 * setInputFiles, cropped 1:1 on a real canvas to a 1080 × 1080 JPEG, posted by XHR and polled
 * until the audit passes, then shown in the header and the user-info dialog, also after a
 * reload; axe on the cropper while cropping.
 */
const { newPage } = setupBrowser();

describe('avatar', () => {
  it('crops a real PNG to a 1080 × 1080 JPEG, uploads it and shows it everywhere, also after reload', async () => {
    const page = await newPage();
    const cropper = await cropAndConfirmAvatar(page);
    // The loader shows while uploading and checking.
    const overlay = page.locator('.loading-overlay');
    await overlay.waitFor();
    expect(await overlay.textContent()).toMatch(/正在/);
    await cropper.waitFor({ state: 'detached', timeout: 20_000 });
    await toast(page, zhAccount.userInfo.avatarSaved).waitFor();

    const src = await headerAvatar(page).getAttribute('src');
    expect(src).toMatch(/\/mock-oss\/files\/img_/);
    const stored = await page.evaluate(async (url) => {
      const blob = await (await fetch(url)).blob();
      const bitmap = await createImageBitmap(blob);
      return { type: blob.type, width: bitmap.width, height: bitmap.height, bytes: blob.size };
    }, src!);
    expect(stored).toMatchObject({ type: 'image/jpeg', width: 1080, height: 1080 });
    expect(stored.bytes).toBeLessThan(1024 * 1024);
    console.info(
      `[profile-avatar.e2e] avatar JPEG 1080x1080 from an 800x600 PNG: ${stored.bytes} bytes`,
    );

    // The user-info dialog shows the new avatar and one change used.
    const info = userInfoDialog(page);
    await expect
      .poll(() => info.getByRole('img', { name: zhAccount.userInfo.avatarAlt }).getAttribute('src'))
      .toBe(src);
    await expect.poll(() => info.getByTestId('avatar-remaining').textContent()).toContain('4');

    await page.reload();
    await expect.poll(() => headerAvatar(page).getAttribute('src')).toBe(src);
    await expect
      .poll(() => headerAvatar(page).evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1080);
  });

  it('the cropper dialog has no accessibility violations while cropping', async () => {
    const page = await newPage();
    const info = await openUserInfo(page);
    await info.getByRole('button', { name: zhAccount.userInfo.changeAvatar }).click();
    const cropper = cropperDialog(page);
    await cropper.getByLabel(zhMedia.cropper.fileInput).setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: photoPng(),
    });
    await cropper.locator('.cropper-stage[data-ready="true"]').waitFor();
    const serious = (await axe(page, cropper)).filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious, formatViolations(serious)).toEqual([]);
  });
});
