import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import host from '../../src/demo/locales/zh/host.json';
import { setupBrowser } from './support/browser';
import { accountMenu } from './support/shell';
import { createStory, myStories } from './support/stories';
import { startStaticServer } from './support/static-server.mjs';

/**
 * The demo's backend worker itself (issue 11): it owns its API paths (an unknown endpoint 404, a
 * method the contract lacks 405, each with the error body); a worker that cannot start, or a
 * scenario in the address that it cannot apply, is said, translated and with a retry, never a
 * blank page or a silently different start; a new deploy replaces the worker and keeps the
 * visitor's data; another site's form cannot drive the admin API (issue 25).
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

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

describe('only the app drives the admin API', () => {
  it(
    'another origin’s form POSTs to reset and scenarios change nothing of the visitor’s',
    { timeout: 90_000 },
    async () => {
      const page = await newPage();
      await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
      await myStories(page).waitFor();
      const title = `跨站之前 ${Date.now() % 10000}`;
      await createStory(page, title);

      // Another origin's page with the two forms of the report: a plain one to reset, and a
      // text/plain one whose body reads as the JSON that switches faults on.
      const dir = join(tmpdir(), `inkworld-cross-site-${process.pid}`);
      await mkdir(dir, { recursive: true });
      await writeFile(
        join(dir, 'index.html'),
        `<!doctype html><title>elsewhere</title>
<form id="reset" method="post" action="${demo}/__mock/reset"><input name="a" value="1"></form>
<form id="faults" method="post" enctype="text/plain" action="${demo}/__mock/scenarios">
<input name='{"names":["network-down","banned"],"x":"' value='"}'></form>`,
      );
      const site = await startStaticServer({ root: dir, base: '/' });
      try {
        const other = await page.context().newPage();
        for (const form of ['reset', 'faults']) {
          await other.goto(`${site.url}/`);
          await other.evaluate(
            (id) => (document.getElementById(id) as HTMLFormElement).submit(),
            form,
          );
          await other.waitForURL(/\/__mock\//);
          const answer = JSON.parse(await other.locator('body').innerText()) as unknown;
          expect(answer, form).toMatchObject({ error_code: 40300 });
        }
        await other.close();
      } finally {
        await site.close();
        await rm(dir, { recursive: true, force: true });
      }

      // Still signed in, the story still there, no fault in force.
      await page.reload();
      await myStories(page).getByRole('link', { name: title, exact: true }).waitFor();
      const faults = await page.evaluate(
        async () => (await window.__mockAdmin!.listScenarios()).faults,
      );
      expect(faults).toEqual([]);
    },
  );
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

  it('a scenario in the address that the backend fails to apply is said, not passed over', async () => {
    const copy = await servedCopy('scenario-fails');
    try {
      // The worker answers every call but the one that applies scenarios, which fails.
      const original = await readFile(copy.worker, 'utf8');
      await writeFile(
        copy.worker,
        `self.addEventListener('fetch', (event) => {
          const url = new URL(event.request.url);
          if (event.request.method === 'POST' && url.pathname.endsWith('/__mock/scenarios'))
            event.respondWith(Response.json({ message: 'failed' }, { status: 500 }));
        });\n${original}`,
      );
      const page = await newPage();
      await page.goto(`${copy.server.url}/dashboard/novels?scenario=signed-in`);
      const alert = page.getByRole('alert').filter({ hasText: host.scenarioFailed });
      await alert.waitFor();
      await alert.getByRole('button', { name: host.retry, exact: true }).waitFor();
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
