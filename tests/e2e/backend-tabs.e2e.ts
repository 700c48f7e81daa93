import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import writing from '../../src/locales/zh/writing.json';
import { lateEffects, setupBrowser } from './support/browser';
import { admin } from './support/mock-admin';
import { AUTOSAVE_DELAY_MS } from '../../src/features/writing/editor/model/save-timing';
import {
  body,
  editorPath,
  serverChapter as chapterOnServer,
  status,
  typeAtEnd,
  untilShownBySave,
  waitSaved,
} from './support/chapter';
import { accountMenu, loginDialog } from './support/shell';
import { myStories } from './support/stories';
import { secondTab } from './support/tabs';

/**
 * The demo's backend is one service worker per browser, shared by every tab (issue 11): two
 * tabs on one chapter get the conflict instead of overwriting each other, and every character
 * typed in either reaches the server once; two tabs with an expired token refresh once and both
 * stay signed in.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

/** The chapter's text as the server holds it. */
const serverChapter = async (page: Page) => (await chapterOnServer(page)).content;

describe('one backend for every tab', () => {
  it('two tabs on one chapter: the second save gets the conflict and no character is lost', async () => {
    // Both tabs on Playwright's clock (one per browser context): autosaves are moved on to.
    const a = await newPage({ clock: true });
    a.on('dialog', (d) => void d.accept());
    await a.goto(`${demo}${editorPath}&scenario=signed-in`);
    await body(a).waitFor();
    const b = await secondTab(a.context(), editorPath);
    await body(b).waitFor();
    const original = await serverChapter(a);

    const first = `甲页第一次写下的五十个字${'甲'.repeat(38)}`;
    await typeAtEnd(a, first);
    await waitSaved(a);

    // B opened the chapter before A's save: its save is refused, not applied over A's, and B
    // is told beside its text, the keyboard left where it was.
    const second = `乙页写下的五十个字${'乙'.repeat(41)}`;
    await typeAtEnd(b, second);
    const notice = b.getByRole('group', { name: writing.editor.conflict.notice, exact: true });
    await untilShownBySave(b, notice);
    // B types on after the notice appeared: those keys are B's text too.
    const typedOn = `乙页看到提示后接着写${'丁'.repeat(20)}`;
    await b.keyboard.type(typedOn);

    const third = `甲页第二次写下的五十个字${'丙'.repeat(38)}`;
    await typeAtEnd(a, third);
    await waitSaved(a);

    // B compares and keeps both (the focused choice) each time the other tab's save stands in
    // the way, until its own save goes through.
    const conflict = b.getByRole('dialog', { name: writing.editor.conflict.title, exact: true });
    const compare = notice.getByRole('button', { name: common.conflict.compare, exact: true });
    await expect
      .poll(
        async () => {
          if (await conflict.isVisible()) await b.keyboard.press('Space');
          else if (await compare.isVisible()) await compare.click();
          else await b.clock.fastForward(AUTOSAVE_DELAY_MS);
          return status(b).innerText();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(writing.editor.status.saved);

    // Every character typed in either tab is on the server.
    const server = await serverChapter(a);
    for (const text of [first, second, typedOn, third]) expect(server).toContain(text);
    // Keeping both never writes what both tabs shared twice: the chapter as it was is there once.
    expect(server.split(original.slice(0, 40)).length - 1).toBe(1);
  });

  it('two tabs with an expired token: one refresh, and both stay signed in', async () => {
    const a = await newPage({ clock: true });
    await a.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await myStories(a).waitFor();
    const b = await secondTab(a.context(), '/dashboard/novels');
    await myStories(b).waitFor();

    const refreshes: string[] = [];
    for (const page of [a, b])
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/v1/user/refresh') refreshes.push(r.url());
      });
    await admin(a, 'applyScenarios', ['token-expired']);

    // Both tabs call the API at once with the expired token.
    await Promise.all(
      [a, b].map((page) =>
        page.getByRole('link', { name: common.nav.worlds, exact: true }).first().click(),
      ),
    );
    for (const page of [a, b]) {
      await page.waitForURL((u) => u.pathname === '/dashboard/worlds');
      await page.waitForLoadState('networkidle');
    }
    await lateEffects(a, 500);
    expect(refreshes).toHaveLength(1);
    for (const page of [a, b]) {
      await accountMenu(page).waitFor();
      expect(await loginDialog(page).count()).toBe(0);
    }
    // The next navigation in either tab works with the one new pair.
    await b.getByRole('link', { name: common.nav.novels, exact: true }).first().click();
    await myStories(b).waitFor();
    expect(await loginDialog(b).count()).toBe(0);
  });
});
