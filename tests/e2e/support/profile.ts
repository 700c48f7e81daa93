import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import zh from '../../../src/locales/zh/common.json';
import zhAccount from '../../../src/locales/zh/account.json';
import zhMedia from '../../../src/locales/zh/media.json';
import { photoPng } from './png';
import { accountMenu } from './shell';

/**
 * Edit profile as the user reaches it (profile-*.e2e.ts): the user-info dialog from the account
 * menu, the avatar cropper with a real PNG, the header's avatar and the toasts.
 */

export const userInfoDialog = (page: Page) =>
  page.getByRole('dialog', { name: zhAccount.userInfo.title });
export const cropperDialog = (page: Page) =>
  page.getByRole('dialog', { name: zhMedia.cropper.title });
export const headerAvatar = (page: Page) =>
  accountMenu(page).locator('img.avatar:not([data-placeholder])');
export const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

/** Opens the user-info dialog from the account menu of the demo this run serves. */
export async function openUserInfo(page: Page, scenarios = 'signed-in') {
  await page.goto(`${inject('demoUrl')}/dashboard/novels?scenario=${scenarios}`);
  await accountMenu(page).click();
  await page.getByRole('button', { name: zh.auth.editProfile, exact: true }).click();
  const dialog = userInfoDialog(page);
  await dialog.waitFor();
  return dialog;
}

/**
 * Opens the cropper from the user-info dialog (signed in with `scenarios`), chooses the PNG and
 * confirms the 1:1 crop.
 */
export async function cropAndConfirmAvatar(page: Page, scenarios = 'signed-in') {
  const info = await openUserInfo(page, scenarios);
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
