import { describe, expect, it } from 'vitest';
import errors from '../../src/locales/zh/errors.json';
import writing from '../../src/locales/zh/writing.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';
import { admin } from './support/mock-admin';
import {
  body,
  caretAtEnd,
  untilStatus,
  waitSaved,
  demoEditorUrl as editorUrl,
} from './support/chapter';
import { bodyText, chapterOpeners } from './support/editor';
import { fill } from './support/locale';

/**
 * The chapter editor in real Chromium against the built demo (mock backend on), signed in as
 * the seeded author, as a writer works in it: typing and autosave, AI continuation with
 * undo/redo/regenerate and card insertion, the lab with its diff (axe on the editor); the
 * network dropping while typing, then reloads: nothing typed is lost (the local draft is shown
 * offline, offered and restored online, then on the server).
 */
const { newPage } = setupBrowser();
const { openAtNewParagraph } = chapterOpeners(newPage);

describe('chapter editor', () => {
  it('write, continue (undo, redo, regenerate), insert a card, use the lab', async () => {
    const page = await newPage({ clock: true });
    page.on('dialog', (d) => void d.accept());
    await page.goto(editorUrl('signed-in'));
    await body(page).waitFor();
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Write at the end: autosaved after typing stops.
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('雨停了，她推开窗。');
    await expect.poll(() => bodyText(page)).toContain('雨停了，她推开窗。');
    await waitSaved(page);

    // Continue: three cards stream in; regenerate keeps the first ones as history.
    await page
      .getByRole('button', { name: fill(writing.ai.continue, { cost: 100 }), exact: true })
      .click();
    const cards = page.getByRole('group', { name: writing.ai.cards, exact: true });
    await cards.waitFor({ timeout: 15_000 });
    await cards.getByText(fill(writing.ai.cardOf, { index: 1, total: 3 })).waitFor();
    await cards.getByRole('button', { name: writing.ai.next, exact: true }).click();
    await cards.getByText(fill(writing.ai.cardOf, { index: 2, total: 3 })).waitFor();
    await cards
      .getByRole('button', { name: fill(writing.ai.regenerate, { cost: 100 }), exact: true })
      .click();
    await page.getByText(writing.ai.history, { exact: true }).waitFor({ timeout: 15_000 });
    await cards.waitFor();

    // Insert the current card at the caret; undo takes it back, redo puts it back.
    const card = (await cards.locator('.ai-card').innerText()).trim();
    expect(card.length).toBeGreaterThan(20);
    await caretAtEnd(page);
    await cards.getByRole('button', { name: writing.ai.insert, exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain(card);
    await page.getByRole('button', { name: writing.ai.undo, exact: true }).click();
    await expect.poll(() => bodyText(page)).not.toContain(card);
    await page.getByRole('button', { name: writing.ai.redo, exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain(card);
    await waitSaved(page);

    // A third continuation, from the end of the inserted card: clear the cards, continue again.
    await cards.getByRole('button', { name: writing.ai.clear, exact: true }).click();
    await caretAtEnd(page);
    await page
      .getByRole('button', { name: fill(writing.ai.continue, { cost: 100 }), exact: true })
      .click();
    await cards.getByText(fill(writing.ai.cardOf, { index: 1, total: 3 })).waitFor({
      timeout: 15_000,
    });
    const third = (await cards.locator('.ai-card').innerText()).trim();
    expect(third).not.toBe(card);
    await caretAtEnd(page);
    await cards.getByRole('button', { name: writing.ai.insert, exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain(third);
    await expect.poll(() => bodyText(page)).toContain(card);
    await waitSaved(page);

    // Lab: select the paragraph typed above, rewrite it, accept the diff.
    await body(page).getByText('雨停了，她推开窗。').click({ clickCount: 3 });
    // The lab names the selection once the editor has taken it from the page.
    const selected = writing.lab.selection.split('{{count}}');
    await page.getByText(new RegExp(`^${selected[0]}\\d+${selected[1]}$`)).waitFor();
    await page.getByLabel(writing.lab.actions.rewrite, { exact: true }).check();
    await page.getByRole('button', { name: /免费试用/ }).click();
    const result = page.getByRole('group', { name: writing.lab.result, exact: true });
    await result.waitFor({ timeout: 15_000 });
    await screenshot(page, 'editor-lab-diff');
    await result.getByRole('button', { name: writing.lab.accept, exact: true }).click();
    await page.locator('.toast').filter({ hasText: writing.lab.accepted }).waitFor();
    await waitSaved(page);
  });

  it('the network drops mid-typing, then a reload shows the text from the local draft', async () => {
    const page = await openAtNewParagraph();
    const online = `连线时写下 ${Date.now() % 100000}`;
    await page.keyboard.type(online);
    await waitSaved(page);

    // The network goes mid-typing: the browser is offline and the demo's backend (a service
    // worker, out of reach of the browser's network switch) answers every call as a dropped
    // connection, without reloading the page.
    await admin(page, 'applyScenarios', ['network-down']);
    await page.context().setOffline(true);
    const typed = `离线时写下的句子 ${Date.now() % 100000}`;
    await page.keyboard.type(typed);
    await untilStatus(page, (now) => now.includes(errors.network));

    // Reload with the API still unreachable (the page itself needs the static server): the
    // chapter cannot be fetched, the local draft is shown with everything typed.
    await page.context().setOffline(false);
    await page.goto(editorUrl('network-down'));
    await page.getByText(writing.editor.offlineDraft, { exact: true }).waitFor();
    await expect.poll(() => bodyText(page)).toContain(typed);
    expect(await bodyText(page)).toContain(online);

    // Back online (fault cleared): the newer draft is offered, restored and saved; a reload
    // then shows the server copy with the text and no draft.
    await page.goto(editorUrl(''));
    const draft = page.getByRole('dialog', { name: writing.editor.draft.title, exact: true });
    await draft.waitFor();
    await draft.getByRole('button', { name: writing.editor.draft.restore, exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain(typed);
    await waitSaved(page);
    await page.reload();
    await body(page).waitFor();
    expect(await draft.count()).toBe(0);
    expect(await bodyText(page)).toContain(typed);
  });
});
