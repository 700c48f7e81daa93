import { describe, expect, it } from 'vitest';
import zhMedia from '../../src/locales/zh/media.json';
import { setupBrowser } from './support/browser';
import { cropAndConfirmAvatar, headerAvatar, toast } from './support/profile';

/**
 * Edit profile in real Chromium against the built demo, the avatar upload's faults: an image
 * the audit refuses (`upload-sensitive`: its message, the cropper kept for another try, the
 * avatar unchanged) and one the storage host refuses as too large (`upload-too-large`).
 */
const { newPage } = setupBrowser();

describe('avatar', () => {
  it('upload-sensitive: the refused image shows the sensitive message and the avatar stays', async () => {
    const page = await newPage();
    const cropper = await cropAndConfirmAvatar(page, 'signed-in,upload-sensitive');
    await toast(page, zhMedia.errors.sensitive).waitFor();
    // The loader closed; the cropper stays so the user can try another image.
    expect(await page.locator('.loading-overlay').count()).toBe(0);
    expect(await cropper.isVisible()).toBe(true);
    expect(await headerAvatar(page).count()).toBe(0);
  });

  it('upload-too-large: the storage host refuses the image as too large', async () => {
    const page = await newPage();
    await cropAndConfirmAvatar(page, 'signed-in,upload-too-large');
    await toast(page, zhMedia.errors.tooLarge).waitFor();
    expect(await page.locator('.loading-overlay').count()).toBe(0);
  });
});
