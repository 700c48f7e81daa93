import { describe, expect, inject, it } from 'vitest';
import zhMedia from '../../src/locales/zh/media.json';
import zhWorlds from '../../src/locales/zh/worlds.json';
import { setupBrowser } from './support/browser';
import { photoPng } from './support/png';

/**
 * The cropper's 1:2 output in real Chromium, through a world cover: a real PNG cropped in a
 * 209 × 418 box on a real canvas, uploaded, and stored as a 1080 × 2160 JPEG.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

// ---- the cropper's 1:2 output, through a world cover ----------------------------------------

describe('cropper output at 1:2', () => {
  it('a world cover is cropped in a 209 × 418 box to a 1080 × 2160 JPEG', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/worlds/w_3b867cpvh0?scenario=signed-in`);
    await page.getByRole('button', { name: zhMedia.field.upload, exact: true }).click();
    const cropper = page.getByRole('dialog', { name: zhWorlds.fields.coverCropperTitle });
    await cropper.getByLabel(zhMedia.cropper.fileInput).setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: photoPng(),
    });
    await cropper.locator('.cropper-stage[data-ready="true"]').waitFor();
    const tall = cropper.getByRole('button', { name: '1:2' });
    expect(await tall.getAttribute('aria-pressed')).toBe('true');
    const box = await cropper
      .locator('cropper-selection')
      .evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight]);
    expect(box).toEqual([209, 418]);
    await cropper.getByRole('button', { name: zhMedia.cropper.confirm }).click();
    await cropper.waitFor({ state: 'detached', timeout: 20_000 });

    const cover = page.getByRole('img', { name: zhWorlds.fields.cover, exact: true });
    const src = await cover.getAttribute('src');
    const stored = await page.evaluate(async (url) => {
      const blob = await (await fetch(url)).blob();
      const bitmap = await createImageBitmap(blob);
      return { type: blob.type, width: bitmap.width, height: bitmap.height, bytes: blob.size };
    }, src!);
    expect(stored).toMatchObject({ type: 'image/jpeg', width: 1080, height: 2160 });
    console.info(
      `[cropper-cover.e2e] cover JPEG 1080x2160 from an 800x600 PNG: ${stored.bytes} bytes`,
    );
  });
});
