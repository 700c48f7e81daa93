import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import zh from '../../src/locales/zh/common.json';
import zhAccount from '../../src/locales/zh/account.json';
import zhMedia from '../../src/locales/zh/media.json';
import zhWorlds from '../../src/locales/zh/worlds.json';
import { axe, formatViolations, setupBrowser } from './support/browser';

/**
 * Edit profile in real Chromium against the built demo: the nickname change, the avatar change
 * through the cropper (a real PNG chosen with setInputFiles, cropped on a real canvas, posted by
 * XHR, polled until the audit passes), what survives a reload, and the upload fault scenarios.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

// ---- a real image -----------------------------------------------------------------------

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 800 × 600 RGB PNG with gradients, so the JPEG has real content. */
function photoPng(width = 800, height = 600): Buffer {
  const raw = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const o = row + 1 + x * 3;
      raw[o] = (x * 255) / width;
      raw[o + 1] = (y * 255) / height;
      raw[o + 2] = ((x ^ y) & 0xff) / 2;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- the user's vocabulary ------------------------------------------------------------

const accountMenu = (page: Page) =>
  page.getByRole('button', { name: zh.auth.account, exact: false });
const userInfoDialog = (page: Page) => page.getByRole('dialog', { name: zhAccount.userInfo.title });
const cropperDialog = (page: Page) => page.getByRole('dialog', { name: zhMedia.cropper.title });
const headerAvatar = (page: Page) =>
  accountMenu(page).locator('img.avatar:not([data-placeholder])');
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

async function openUserInfo(page: Page, scenarios = 'signed-in') {
  await page.goto(`${demo}/dashboard/novels?scenario=${scenarios}`);
  await accountMenu(page).click();
  await page.getByRole('button', { name: zh.auth.editProfile, exact: true }).click();
  const dialog = userInfoDialog(page);
  await dialog.waitFor();
  return dialog;
}

/** Opens the cropper from the user-info dialog, chooses the PNG and confirms the 1:1 crop. */
async function cropAndConfirmAvatar(page: Page) {
  const info = await openUserInfo(page, currentScenarios);
  await info.getByRole('button', { name: zhAccount.userInfo.changeAvatar }).click();
  const cropper = cropperDialog(page);
  await cropper.waitFor();
  await cropper.getByLabel(zhMedia.cropper.fileInput).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: photoPng(),
  });
  await cropper.locator('.cropper-stage[data-ready="true"]').waitFor();
  // Head images are 1:1 only: no ratio tabs, and the crop box is 418 × 418 (spec 1 §9).
  expect(await cropper.getByRole('button', { name: '1:2' }).count()).toBe(0);
  const box = await cropper
    .locator('cropper-selection')
    .evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight]);
  expect(box).toEqual([418, 418]);
  await cropper.getByRole('button', { name: zhMedia.cropper.zoomIn }).click();
  await cropper.getByRole('button', { name: zhMedia.cropper.confirm }).click();
  return cropper;
}

let currentScenarios = 'signed-in';

// ---- nickname ---------------------------------------------------------------------------

describe('nickname', () => {
  it('changes the nickname from the account menu; it shows in the header and after reload', async () => {
    const page = await newPage();
    const info = await openUserInfo(page);
    await info.getByRole('button', { name: zhAccount.userInfo.changeNickname }).click();
    const dialog = page.getByRole('dialog', { name: zhAccount.nickname.title });
    const field = dialog.getByLabel(zhAccount.nickname.label);
    await field.fill('ink!');
    await dialog.getByRole('button', { name: zhAccount.save }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('青衣 新名_1');
    await dialog.getByRole('button', { name: zhAccount.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => accountMenu(page).textContent()).toContain('青衣 新名_1');
    await page.reload();
    await expect.poll(() => accountMenu(page).textContent()).toContain('青衣 新名_1');
  });
});

// ---- avatar -----------------------------------------------------------------------------

describe('avatar', () => {
  it('crops a real PNG to a 1080 × 1080 JPEG, uploads it and shows it everywhere, also after reload', async () => {
    currentScenarios = 'signed-in';
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
    console.info(`[profile.e2e] avatar JPEG 1080x1080 from an 800x600 PNG: ${stored.bytes} bytes`);

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

  it('upload-sensitive: the refused image shows the sensitive message and the avatar stays', async () => {
    currentScenarios = 'signed-in,upload-sensitive';
    const page = await newPage();
    const cropper = await cropAndConfirmAvatar(page);
    await toast(page, zhMedia.errors.sensitive).waitFor();
    // The loader closed; the cropper stays so the user can try another image.
    expect(await page.locator('.loading-overlay').count()).toBe(0);
    expect(await cropper.isVisible()).toBe(true);
    expect(await headerAvatar(page).count()).toBe(0);
  });

  it('upload-too-large: the storage host refuses the image as too large', async () => {
    currentScenarios = 'signed-in,upload-too-large';
    const page = await newPage();
    await cropAndConfirmAvatar(page);
    await toast(page, zhMedia.errors.tooLarge).waitFor();
    expect(await page.locator('.loading-overlay').count()).toBe(0);
  });
});

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
    console.info(`[profile.e2e] cover JPEG 1080x2160 from an 800x600 PNG: ${stored.bytes} bytes`);
  });
});
