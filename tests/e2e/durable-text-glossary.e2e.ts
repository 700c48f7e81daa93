import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import worlds from '../../src/locales/zh/worlds.json';
import seed from '../../mocks/seed.gen.json';
import { sessionFetch } from '../../scripts/bench-chat.mjs';
import { axe, formatViolations, setupBrowser } from './support/browser';
import {
  MARKS,
  background,
  crash,
  endSessionAt,
  logInAgain,
  offer,
  openWorld,
  typeAtEnd,
  world,
} from './support/durable-text';
import { count } from './support/marks';
import { admin } from './support/mock-admin';

/**
 * A world's glossary entry keeps what was typed in its edit dialog (src/lib/use-durable-text.ts):
 * reloaded or crashed mid-typing, the dialog reopened offers the text back, and it is saved; a
 * save that meets the session's end is held under the login and goes through after it; Esc with text
 * typed asks first (继续编辑 focused, keeping every character and the focus; 放弃 closes, drops
 * the text and keeps no copy). Counted in the field and on the server (support/durable-text.ts):
 * 0 lost.
 */
const { newPage } = setupBrowser();

describe('glossary entry: nothing typed is lost', () => {
  // An entry of the world whose name is unique in it (its edit button is then unique too).
  const own = seed.entries.filter((e) => e.universe_id === world.id);
  const entry = own.find((e) => own.filter((x) => x.name === e.name).length === 1)!;
  const fill = (template: string, name: string) => template.replace('{{name}}', name);

  async function openEntry(page: Page) {
    await page
      .getByRole('button', { name: fill(worlds.glossary.edit, entry.name), exact: true })
      .click();
    const dialog = page.getByRole('dialog', {
      name: fill(worlds.entry.editTitle, entry.name),
      exact: true,
    });
    await dialog.waitFor();
    return dialog;
  }

  it('reload with the edit dialog open: reopened, the text is offered back; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[2]!;
    const description = (await openEntry(page)).getByRole('textbox', {
      name: worlds.entry.description,
      exact: true,
    });
    await typeAtEnd(page, description, mark.repeat(60));
    await page.reload();
    await background(page).waitFor();
    const again = await openEntry(page);
    await offer(page).waitFor();
    await page.keyboard.press('Enter');
    const field = again.getByRole('textbox', { name: worlds.entry.description, exact: true });
    expect(count(await field.inputValue(), mark)).toBe(60);
    await again.getByRole('button', { name: common.actions.save, exact: true }).click();
    await again.waitFor({ state: 'detached' });
    const answer = await sessionFetch(page, `/api/v1/universes/${world.id}/entries?per_page=100`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = (answer.body as { data?: { id: string; description: string }[] } | null)?.data;
    expect(count(saved?.find((e) => e.id === entry.id)?.description ?? '', mark)).toBe(60);
  });

  it('a crash mid-typing, then the session ending at save: offered back, held under the login, saved; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const before = MARKS[5]!;
    const description = (dialog: ReturnType<Page['getByRole']>) =>
      dialog.getByRole('textbox', { name: worlds.entry.description, exact: true });
    await typeAtEnd(page, description(await openEntry(page)), before.repeat(70));
    await crash(page);

    // The next page of the tab: the entry reopened offers the text back, restore focused.
    const next = await page.context().newPage();
    await openWorld(next, '');
    const dialog = await openEntry(next);
    await offer(next).waitFor();
    await next.keyboard.press('Enter');
    expect(count(await description(dialog).inputValue(), before)).toBe(70);

    // The session ends (tokens expire, their refresh is refused); the save meets it. The
    // dialog's text stays on view, read-only, under the login dialog.
    const fieldId = await description(dialog).getAttribute('id');
    const save = dialog.getByRole('button', { name: common.actions.save, exact: true });
    const { login, pressed } = await endSessionAt(next, save);
    // Under the login (what is behind it is inert, so found by its id).
    const held = next.locator(`[id="${fieldId}"]`);
    expect(count(await held.inputValue(), before)).toBe(70);
    expect(await next.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
      true,
    );
    await admin(next, 'clearFaults');
    await logInAgain(login);
    if (!pressed) await save.click();

    // Logged in again, the save the session's end held goes through: the dialog closes and
    // the server has every character.
    await dialog.waitFor({ state: 'detached' });
    const answer = await sessionFetch(next, `/api/v1/universes/${world.id}/entries?per_page=100`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = (answer.body as { data?: { id: string; description: string }[] } | null)?.data;
    expect(count(saved?.find((e) => e.id === entry.id)?.description ?? '', before)).toBe(70);
    // And no copy is kept once the server has the text.
    const kept = await next.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('texts:entry:')),
    );
    expect(kept).toEqual([]);
  });
});

describe('glossary entry: a dialog with typed text asks before it closes', () => {
  const own = seed.entries.filter((e) => e.universe_id === world.id);
  const entry = own.find((e) => own.filter((x) => x.name === e.name).length === 1)!;
  const fill = (template: string, name: string) => template.replace('{{name}}', name);

  it('Esc asks: 继续编辑 keeps every character and the focus, then 放弃 closes and drops it', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    await page
      .getByRole('button', { name: fill(worlds.glossary.edit, entry.name), exact: true })
      .click();
    const dialog = page.getByRole('dialog', {
      name: fill(worlds.entry.editTitle, entry.name),
      exact: true,
    });
    const description = dialog.getByRole('textbox', {
      name: worlds.entry.description,
      exact: true,
    });
    const mark = MARKS[3]!;
    await typeAtEnd(page, description, mark.repeat(80));

    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: common.unsaved.title, exact: true });
    await ask.waitFor();
    // 继续编辑 has the focus: Enter (or a key pressed on by habit) keeps the text.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(common.unsaved.keep);
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(count(await description.inputValue(), mark)).toBe(80);
    // The focus is back in the field: typing goes on where it was.
    await expect.poll(() => description.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(mark);
    expect(count(await description.inputValue(), mark)).toBe(81);

    await page.keyboard.press('Escape');
    await ask.waitFor();
    await ask.getByRole('button', { name: common.unsaved.discard, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // Thrown away on purpose: no copy is kept, and the entry opens with the server's text.
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('texts:entry:')),
    );
    expect(kept).toEqual([]);
    await page
      .getByRole('button', { name: fill(worlds.glossary.edit, entry.name), exact: true })
      .click();
    await dialog.waitFor();
    expect(count(await description.inputValue(), mark)).toBe(0);
  });
});
