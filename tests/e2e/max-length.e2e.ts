import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import zh from '../../src/locales/zh/common.json';
import zhAccount from '../../src/locales/zh/account.json';
import zhWorlds from '../../src/locales/zh/worlds.json';
import { setupBrowser } from './support/browser';

/**
 * The max-length input behaviour in real Chromium (real keys, real beforeinput, a real IME
 * composition through the DevTools protocol): typing stops at a counted field's limit and the
 * counter stays there; a composition past the limit is trimmed when it ends.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (n: number, s: string) => s.repeat(n);

async function openCreateWorld(page: Page): Promise<Locator> {
  await page.goto(`${demo}/dashboard/worlds?scenario=signed-in`);
  await page.getByRole('list', { name: zhWorlds.list.label }).waitFor();
  await page.getByRole('button', { name: zhWorlds.list.create, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: zhWorlds.create.title });
  await dialog.waitFor();
  return dialog;
}

const worldCount = (used: number) =>
  zhWorlds.count.replace('{{used}}', String(used)).replace('{{limit}}', '20');

describe('max-length fields', () => {
  it('world title: typed keys past 20 are blocked, the count stays 20/20', async () => {
    const page = await newPage();
    const dialog = await openCreateWorld(page);
    const title = dialog.getByLabel(zhWorlds.fields.title, { exact: true });
    await title.click();
    await page.keyboard.type(fill(23, '星'));
    expect(await title.inputValue()).toBe(fill(20, '星'));
    await dialog.getByText(worldCount(20), { exact: true }).waitFor();
    await dialog.getByText(zh.maxLength.typing.replace('{{max}}', '20'), { exact: true }).waitFor();

    // An IME composition is left alone while it runs and trimmed when it ends.
    await title.fill(fill(18, '星'));
    await title.press('End');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', {
      text: 'yunhai',
      selectionStart: 6,
      selectionEnd: 6,
    });
    await cdp.send('Input.imeSetComposition', {
      text: '云海天',
      selectionStart: 3,
      selectionEnd: 3,
    });
    await cdp.send('Input.insertText', { text: '云海天' });
    await expect.poll(() => title.inputValue()).toBe(`${fill(18, '星')}云海`);
    await dialog.getByText(worldCount(20), { exact: true }).waitFor();
  });

  it('nickname: typed keys past 30 are blocked, the count stays 30/30', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await page.getByRole('button', { name: zh.auth.account, exact: false }).click();
    await page.getByRole('button', { name: zh.auth.editProfile, exact: true }).click();
    const info = page.getByRole('dialog', { name: zhAccount.userInfo.title });
    await info.getByRole('button', { name: zhAccount.userInfo.changeNickname }).click();
    const dialog = page.getByRole('dialog', { name: zhAccount.nickname.title });
    const field = dialog.getByLabel(zhAccount.nickname.label);
    await field.fill('');
    await page.keyboard.type(fill(31, '墨'));
    expect(await field.inputValue()).toBe(fill(30, '墨'));
    await dialog.getByText('30/30', { exact: true }).waitFor();
  });
});
