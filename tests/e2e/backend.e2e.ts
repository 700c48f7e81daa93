import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import writing from '../../src/locales/zh/writing.json';
import host from '../../src/demo/locales/zh/host.json';
import dev from '../../src/demo/locales/zh/dev.json';
import { lateEffects, setupBrowser } from './support/browser';
import { admin } from './support/mock-admin';
import { AUTOSAVE_DELAY_MS } from '../../src/features/writing/editor/model/save-timing';
import {
  body,
  chapter,
  status,
  story,
  untilShownBySave,
  untilStatus,
  waitSaved,
} from './support/chapter';
import { createStory, myStories } from './support/stories';
import { startStaticServer } from './support/static-server.mjs';

/**
 * The demo's backend is one service worker per browser, shared by every tab (issue 11):
 * two tabs on one chapter get the conflict instead of overwriting each other; two tabs with
 * an expired token refresh once and both stay signed in; what one tab creates the other
 * lists; a reset from the panel empties both; the backend owns its API paths; a worker that
 * cannot start says so; a new deploy of the worker keeps the visitor's data.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

// The account menu's name is the user's name followed by its label (label-in-name).
const accountMenu = (page: Page) =>
  page.getByRole('button', { name: common.auth.account, exact: false });
const loginDialog = (page: Page) => page.getByRole('dialog', { name: common.auth.loginTitle });
const headerLogin = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: common.auth.login, exact: true });

const editorPath = `/editor?nid=${story.id}&cid=${chapter.id}`;

/** A second tab of the same browser (same storage, same backend worker). */
async function secondTab(context: BrowserContext, path: string) {
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(demo + path);
  return page;
}

async function typeAtEnd(page: Page, text: string) {
  await body(page).locator('p').last().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
}

/** The chapter's text as the server holds it, read through the backend like the app does. */
const serverChapter = (page: Page) =>
  page.evaluate(
    async ({ cid }) => {
      const saved = JSON.parse(localStorage.getItem('pro_session')!) as {
        value: { uid: string; accessToken: string };
      };
      const response = await fetch(`/api/v1/chapters/${cid}/content`, {
        headers: { Authorization: `Bearer ${saved.value.accessToken}`, uid: saved.value.uid },
      });
      return ((await response.json()) as { content: string }).content;
    },
    { cid: chapter.id },
  );

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

describe('the backend owns its paths', () => {
  it('unknown endpoint 404, a method the contract lacks 405, each with the error body', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts`);
    await page.evaluate(() => window.__backendGate!.ready);
    const answers = await page.evaluate(async () => {
      const unknown = await fetch('/api/v1/no-such-endpoint');
      const method = await fetch('/api/v1/stories/n_x/share', { method: 'PATCH' });
      return [
        { status: unknown.status, body: (await unknown.json()) as unknown },
        {
          status: method.status,
          allow: method.headers.get('Allow'),
          body: (await method.json()) as unknown,
        },
      ];
    });
    expect(answers[0]).toMatchObject({ status: 404, body: { error_code: 40400 } });
    expect(answers[1]).toMatchObject({ status: 405, body: { error_code: 40500 } });
    expect(answers[1]!.allow).toBeTruthy();
  });
});

describe('the backend worker', () => {
  /** A copy of the demo build whose worker script a test may change (a deploy, a breakage). */
  async function servedCopy(name: string) {
    const dir = join(tmpdir(), `inkworld-${name}-${process.pid}`);
    // The build this run serves (E2E_OUT's when set), never a stale dist of the working tree.
    await cp(inject('demoDir'), dir, { recursive: true });
    const server = await startStaticServer({ root: dir, base: '/' });
    return { dir, server, worker: join(dir, 'mock-backend.js') };
  }

  it('a worker that cannot start shows a translated message with a retry, never a blank page', async () => {
    const copy = await servedCopy('broken');
    try {
      await writeFile(copy.worker, 'throw new Error("broken deploy");\n');
      const page = await newPage();
      await page.goto(`${copy.server.url}/dashboard/novels`);
      const alert = page.getByRole('alert').filter({ hasText: host.workerFailed });
      await alert.waitFor();
      await alert.getByRole('button', { name: host.retry, exact: true }).waitFor();
      // The app still renders around the message (its calls fail as offline).
      await expect.poll(async () => (await page.locator('main').innerText()).trim()).not.toBe('');
    } finally {
      await copy.server.close();
    }
  });

  it(
    'a new deploy replaces the worker and keeps the visitor’s data',
    { timeout: 90_000 },
    async () => {
      const copy = await servedCopy('deploy');
      try {
        const page = await newPage();
        await page.goto(`${copy.server.url}/dashboard/novels?scenario=signed-in`);
        await myStories(page).waitFor();
        const title = `部署之前 ${Date.now() % 10000}`;
        await createStory(page, title);

        // The next deploy: a different worker script (it also answers which deploy it is),
        // swapped in whole as a host publishes it: the browser's own update check may read the
        // file at any moment, and must never see half of it.
        const old = await readFile(copy.worker, 'utf8');
        await writeFile(
          `${copy.worker}.next`,
          `${old}\nself.addEventListener('message', (e) => { if (e.data === 'deploy?') e.source.postMessage('deploy-2'); });\n`,
        );
        await rename(`${copy.worker}.next`, copy.worker);
        // The visitor comes back in a new tab; the browser's update check after that navigation
        // finds the new worker, which takes over and finds their data.
        const context = page.context();
        await page.close();
        const back = await context.newPage();
        await back.addInitScript(watchWorkerUpdates);
        await back.goto(`${copy.server.url}/dashboard/novels`);
        // Normally about 3 s (the update check waits for the page to settle); a loaded machine
        // has needed more than 15 s. The phases seen go into the failure message.
        const deadline = Date.now() + 60_000;
        let answer = 'old';
        while (answer !== 'deploy-2' && Date.now() < deadline) answer = await askDeploy(back);
        expect(answer, `worker phases: ${await workerPhases(back)}`).toBe('deploy-2');
        await back.reload();
        await myStories(back).getByRole('link', { name: title, exact: true }).waitFor();
        await accountMenu(back).waitFor();
      } finally {
        await copy.server.close();
      }
    },
  );
});

/** Which deploy controls the page: the new worker answers 'deploy-2'; 'old' after 500 ms. */
const askDeploy = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((done) => {
        const sw = navigator.serviceWorker;
        const onMessage = (e: MessageEvent) => done(String(e.data));
        sw.addEventListener('message', onMessage, { once: true });
        sw.controller?.postMessage('deploy?');
        setTimeout(() => {
          sw.removeEventListener('message', onMessage);
          done('old');
        }, 500);
      }),
  );

declare global {
  interface Window {
    __workerPhases?: string[];
  }
}

/** Init script: notes, with the page's clock, each step of the registration's update. */
function watchWorkerUpdates() {
  const phases: string[] = (window.__workerPhases = []);
  const note = (what: string) => phases.push(`${Math.round(performance.now())} ms ${what}`);
  const sw = navigator.serviceWorker;
  sw.addEventListener('controllerchange', () => note('controllerchange'));
  void sw.getRegistration().then((registration) => {
    note(registration ? 'registered' : 'no registration');
    registration?.addEventListener('updatefound', () => {
      note('updatefound');
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => note(worker.state));
    });
  });
}

const workerPhases = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const states = registration
      ? `installing ${String(!!registration.installing)}, waiting ${String(!!registration.waiting)}, ` +
        `active ${registration.active?.state ?? 'none'}`
      : 'no registration';
    return `${(window.__workerPhases ?? []).join('; ')} | now ${Math.round(performance.now())} ms: ${states}, controlled ${String(!!navigator.serviceWorker.controller)}`;
  });
