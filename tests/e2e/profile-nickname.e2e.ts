import { describe, expect, it } from 'vitest';
import zhAccount from '../../src/locales/zh/account.json';
import { setupBrowser } from './support/browser';
import { openUserInfo } from './support/profile';
import { accountMenu } from './support/shell';

/**
 * Edit profile in real Chromium against the built demo, the nickname: changed from the account
 * menu (an invalid one refused in the dialog, with its message), it shows in the header and
 * after a reload.
 */
const { newPage } = setupBrowser();

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
