import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import writing from '../../src/locales/zh/writing.json';
import host from '../../src/demo/locales/zh/host.json';
import dev from '../../src/demo/locales/zh/dev.json';
import { setupBrowser } from './support/browser';
import { admin } from './support/mock-admin';
import { body, editorPath, typeAtEnd, untilStatus } from './support/chapter';
import { accountMenu, headerLogin } from './support/shell';
import { createStory, myStories } from './support/stories';
import { secondTab } from './support/tabs';

/**
 * The demo's backend is one service worker per browser, shared by every tab (issue 11), and so
 * is its data: what one tab creates the other lists, and a tab closed right after loses no write
 * the backend acknowledged; a reset from the mock panel empties every tab, drafts included, and
 * signs both out.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

describe('one backend for every tab', () => {
  it('a story created in one tab is in the other tab’s list; a closed tab loses no acknowledged write', async () => {
    const a = await newPage();
    await a.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await myStories(a).waitFor();
    const b = await secondTab(a.context(), '/dashboard/worlds');
    await accountMenu(b).waitFor();

    const title = `另一个标签页 ${Date.now() % 10000}`;
    await createStory(a, title);
    await a.close();

    await b.getByRole('link', { name: common.nav.novels, exact: true }).first().click();
    await myStories(b).getByRole('link', { name: title, exact: true }).waitFor();
  });

  it('a reset from the panel empties every tab, drafts included', async () => {
    const a = await newPage({ clock: true });
    a.on('dialog', (d) => void d.accept());
    await a.goto(`${demo}${editorPath}&scenario=signed-in,save-fails`);
    await body(a).waitFor();
    const b = await secondTab(a.context(), '/dashboard/novels');
    await myStories(b).waitFor();
    // A draft the server never got (saves fail): it would be offered after a reload.
    await typeAtEnd(a, '重置之前没保存的草稿');
    await untilStatus(a, (now) => now !== writing.editor.status.unsaved);

    await a.getByRole('button', { name: host.toggle, exact: true }).click();
    const panel = a.getByRole('region', { name: dev.title, exact: true });
    await panel.waitFor();
    await Promise.all([
      a.waitForEvent('load'),
      b.waitForEvent('load'),
      panel.getByRole('button', { name: dev.reset, exact: true }).click(),
    ]);

    // Both tabs are signed out (the sessions went with the data) and the fault is gone.
    for (const page of [a, b]) {
      await headerLogin(page).waitFor();
      expect(await accountMenu(page).count()).toBe(0);
    }
    expect((await admin(b, 'listScenarios')).faults).toEqual([]);
    await b.goto(`${demo}${editorPath}&scenario=signed-in`);
    // The editor's body mounts only once the drafts are judged (DraftGate): had one been
    // left, its dialog would stand in the body's place.
    await body(b).waitFor();
    expect(await b.getByRole('dialog', { name: writing.editor.draft.title }).count()).toBe(0);
    expect(await body(b).innerText()).not.toContain('重置之前没保存的草稿');
  });
});
