import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import exploration from '../../src/locales/zh/exploration.json';
import worlds from '../../src/locales/zh/worlds.json';
import seed from '../../mocks/seed.gen.json';
import { sessionFetch } from '../../scripts/bench-chat.mjs';
import { setupBrowser } from './support/browser';
import { openLatestChat } from './support/chat';

/**
 * No silent last write (src/components/conflict/save-with-base.ts): two tabs edit one text,
 * both save; the second is refused for the first one's newer version (40920), compares the two
 * (`ConflictDialog`, fitting a phone's width with the notice before it) and keeps both. Each tab types a counted character found nowhere else;
 * the server must hold every one of both, and the text both started from exactly once.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

/** Characters of CJK Extension A: in no seeded text, no string of the app. */
const A = '㒀';
const B = '㒁';
const count = (text: string, ch: string) => text.split(ch).length - 1;

async function typeAtEnd(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Tab B on the same session as tab A (signed in already, so B's first screen is too). */
async function secondTab(a: Page, path: string) {
  const b = await a.context().newPage();
  b.on('dialog', (d) => void d.accept());
  await b.goto(demo + path);
  return b;
}

/**
 * What `box` shows fits the page's width: nothing wider than the viewport, and every button
 * inside it on screen with its label on one line.
 */
async function fitsWidth(page: Page, box: Locator) {
  const found = await box.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways');
    for (const button of root.querySelectorAll('button')) {
      const r = button.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(button);
      const lines = new Set([...range.getClientRects()].map((q) => Math.round(q.top))).size;
      if (r.left < 0 || r.right > width) problems.push(`${button.textContent} off screen`);
      if (lines > 1) problems.push(`${button.textContent} on ${lines} lines`);
    }
    return problems;
  });
  expect(found, `at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** B's save was refused for A's version: the two are compared; keep both. */
async function keepBoth(b: Page) {
  const dialog = b.getByRole('dialog', { name: common.conflict.title, exact: true });
  await dialog.waitFor();
  await fitsWidth(b, dialog);
  const both = dialog.getByRole('button', { name: common.conflict.keepBoth, exact: true });
  // The safe choice has the focus: Enter keeps both.
  await expect.poll(() => both.evaluate((el) => el === document.activeElement)).toBe(true);
  await b.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

// Worlds the other e2e files leave alone.
const world = seed.worlds.filter((w) => w.uid === 'u_author')[2]!;
const background = (page: Page) =>
  page.getByRole('textbox', { name: worlds.fields.background, exact: true });

describe('two tabs save one text: nothing is overwritten', () => {
  it('a world background: both tabs typed 80, both saved; the server holds 80 + 80', async () => {
    const a = await newPage();
    a.on('dialog', (d) => void d.accept());
    await a.goto(`${demo}/dashboard/worlds/${world.id}?scenario=signed-in`);
    await a.getByRole('button', { name: common.auth.account }).waitFor();
    await background(a).waitFor();
    const b = await secondTab(a, `/dashboard/worlds/${world.id}`);
    await background(b).waitFor();

    await typeAtEnd(a, background(a), A.repeat(80));
    await typeAtEnd(b, background(b), B.repeat(80));
    const save = (page: Page) =>
      page.getByRole('button', { name: worlds.editor.saveInfo, exact: true }).click();
    await save(a);
    await a.getByText(worlds.editor.saved, { exact: true }).first().waitFor();
    // Tab B on a phone: told of A's save beside the text, then the comparison; both fit.
    await b.setViewportSize({ width: 390, height: 844 });
    const notice = b.locator('.draft-offer').filter({ hasText: common.conflict.compare });
    await notice.waitFor();
    await fitsWidth(b, notice);
    await save(b);
    await keepBoth(b);
    await b.getByText(worlds.editor.saved, { exact: true }).first().waitFor();

    const answer = await sessionFetch(b, `/api/v1/universes/${world.id}`);
    const saved = (answer.body as { background?: string } | null)?.background ?? '';
    expect([count(saved, A), count(saved, B)]).toEqual([80, 80]);
    expect(saved.split(world.background)).toHaveLength(2);
    expect(await background(b).inputValue()).toBe(saved);
  });

  it('a glossary entry: both tabs typed 15 in its dialog, both saved; the server holds 15 + 15', async () => {
    const own = seed.entries.filter((e) => e.universe_id === world.id);
    const entry = own.find((e) => own.filter((x) => x.name === e.name).length === 1)!;
    const fill = (template: string) => template.replace('{{name}}', entry.name);
    const openEntry = async (page: Page) => {
      await page.getByRole('button', { name: fill(worlds.glossary.edit), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: fill(worlds.entry.editTitle), exact: true });
      const description = dialog.getByRole('textbox', {
        name: worlds.entry.description,
        exact: true,
      });
      await description.waitFor();
      return { dialog, description };
    };
    const a = await newPage();
    await a.goto(`${demo}/dashboard/worlds/${world.id}?scenario=signed-in`);
    await a.getByRole('button', { name: common.auth.account }).waitFor();
    await background(a).waitFor();
    const b = await secondTab(a, `/dashboard/worlds/${world.id}`);
    await background(b).waitFor();
    const inA = await openEntry(a);
    const inB = await openEntry(b);

    // Short: both versions and their marks fit the server's description limit together.
    await typeAtEnd(a, inA.description, A.repeat(15));
    await typeAtEnd(b, inB.description, B.repeat(15));
    await inA.dialog.getByRole('button', { name: common.actions.save, exact: true }).click();
    await inA.dialog.waitFor({ state: 'detached' });
    await inB.dialog.getByRole('button', { name: common.actions.save, exact: true }).click();
    await keepBoth(b);
    await inB.dialog.waitFor({ state: 'detached' });

    const answer = await sessionFetch(b, `/api/v1/universes/${world.id}/entries?per_page=100`);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const list = (answer.body as { data?: { id: string; description: string }[] } | null)?.data;
    const saved = list?.find((e) => e.id === entry.id)?.description ?? '';
    expect([count(saved, A), count(saved, B)]).toEqual([15, 15]);
    expect(saved.split(entry.description)).toHaveLength(2);
  });

  it('a chat message: both tabs edited it, both saved; the message holds both edits', async () => {
    const a = await newPage();
    const url = await openLatestChat(a, demo, 'signed-in');
    const b = await secondTab(a, url.slice(demo.length));
    await b.getByTestId('chat-input').waitFor();
    const mine = (page: Page) =>
      page.getByTestId('chat-log').locator('article.chat-message--player').last();
    const startEdit = async (page: Page) => {
      await mine(page).hover();
      await mine(page)
        .getByRole('button', {
          name: exploration.messages.edit.replace('{{who}}', exploration.messages.you),
        })
        .click();
      return mine(page).getByRole('textbox', { name: exploration.messages.editLabel });
    };
    await typeAtEnd(a, await startEdit(a), A.repeat(40));
    await typeAtEnd(b, await startEdit(b), B.repeat(40));
    const saveEdit = (page: Page) =>
      mine(page).getByRole('button', { name: exploration.messages.saveEdit }).click();
    await saveEdit(a);
    await expect.poll(async () => count(await mine(a).innerText(), A)).toBe(40);
    await saveEdit(b);
    await keepBoth(b);
    await expect.poll(async () => count(await mine(b).innerText(), B)).toBe(40);
    const text = await mine(b).locator('.chat-message__text').innerText();
    expect([count(text, A), count(text, B)]).toEqual([40, 40]);
  });
});
