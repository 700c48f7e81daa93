import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const RESULTS_DIR = resolve(ROOT, 'test-results');

/** Debian's Chromium; no other browser can be downloaded here. CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export { CHROMIUM_ARGS };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

interface Tracked {
  context: BrowserContext;
  /** Uncaught exceptions in any page of the context: each one fails the test. */
  pageErrors: string[];
  /** console.error lines, for the failure message only (a failed mock fetch logs one, legitimately). */
  consoleErrors: string[];
  /** The context's requests, for the failure message only (see NetworkLog). */
  network: NetworkLog;
}

/** One request of a context: when it started and ended (ms since the context opened), how. */
interface LoggedRequest {
  method: string;
  url: string;
  start: number;
  end: number | null;
  outcome: string;
}

/**
 * The requests of one context, for a failed test's report: the last ones and every one still
 * waiting for its answer, with times, so a stall reads as "this call never answered" (or "no
 * call was made"). Bounded: the fans test alone makes thousands.
 */
class NetworkLog {
  private readonly opened = Date.now();
  private readonly recent: LoggedRequest[] = [];
  private readonly pending = new Map<object, LoggedRequest>();

  constructor(context: BrowserContext) {
    context.on('request', (r) => {
      const entry: LoggedRequest = {
        method: r.method(),
        url: shortUrl(r.url()),
        start: this.now(),
        end: null,
        outcome: 'pending',
      };
      this.pending.set(r, entry);
      this.recent.push(entry);
      if (this.recent.length > 400) this.recent.splice(0, 200);
    });
    context.on('requestfinished', (r) => {
      void r
        .response()
        .then((res) => this.settle(r, res ? String(res.status()) : 'no response'))
        .catch(() => this.settle(r, 'finished'));
    });
    context.on('requestfailed', (r) => this.settle(r, `failed: ${r.failure()?.errorText ?? '?'}`));
  }

  private now() {
    return Date.now() - this.opened;
  }

  private settle(request: object, outcome: string) {
    const entry = this.pending.get(request);
    if (!entry) return;
    this.pending.delete(request);
    entry.end = this.now();
    entry.outcome = outcome;
  }

  report(last = 25): string {
    const line = (e: LoggedRequest) =>
      `    ${e.start} ms ${e.method} ${e.url} -> ${e.outcome}` +
      (e.end === null ? ` (for ${this.now() - e.start} ms)` : ` (${e.end - e.start} ms)`);
    const tail = this.recent.slice(-last);
    const waiting = [...this.pending.values()].filter((e) => !tail.includes(e));
    // The backend's answers decide most failures (a session ended, a save refused); the
    // screen's chunks crowd them out of the tail, so they are listed on their own too.
    const calls = this.recent
      .filter((e) => /^\/(api|__mock)\//.test(e.url) && !tail.includes(e))
      .slice(-last);
    return (
      (calls.length ? `  earlier backend calls:\n${calls.map(line).join('\n')}\n` : '') +
      `  network at ${this.now()} ms, the last ${tail.length} requests:\n` +
      tail.map(line).join('\n') +
      (waiting.length ? `\n  older, still waiting:\n${waiting.map(line).join('\n')}` : '')
    );
  }
}

/** Path and query of same-origin and mock URLs; data and blob URLs cut short. */
function shortUrl(url: string): string {
  if (url.startsWith('data:')) return `${url.slice(0, 30)}…`;
  try {
    const u = new URL(url);
    const rest = `${u.pathname}${u.search}`;
    return (
      (u.protocol === 'blob:' ? 'blob:' : '') +
      (rest.length > 100 ? `${rest.slice(0, 100)}…` : rest)
    );
  } catch {
    return url.slice(0, 100);
  }
}

/**
 * The worker's browser: launched by the first file that needs it and kept for the files the
 * worker runs after it (vitest.e2e.config.ts shares a worker's modules between its files), so
 * a file no longer pays Chromium's start and stop. Files share nothing else: every test's
 * pages are in contexts of their own (empty storage, cache and service workers), closed after
 * it. Playwright closes the browser when the worker exits; one that crashed or was closed is
 * launched again.
 */
let workerBrowser: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (workerBrowser === launching) workerBrowser = null;
        }),
      () => {
        if (workerBrowser === launching) workerBrowser = null;
      },
    );
  }
  return workerBrowser;
}

/**
 * Registers the hooks of one test file: the worker's browser, a fresh context (empty
 * storage, no service worker yet) per `newPage()`, and a check after every test that no
 * page threw an uncaught error.
 */
export function setupBrowser() {
  let browser: Browser | null = null;
  let open: Tracked[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  afterEach(async ({ task }) => {
    const tracked = open;
    open = [];
    if (task.result?.state === 'fail') await reportPages(task.name, tracked);
    await Promise.all(tracked.map((t) => t.context.close().catch(() => undefined)));
    const errors = tracked.flatMap((t) => t.pageErrors);
    if (errors.length) {
      const consoleErrors = tracked.flatMap((t) => t.consoleErrors);
      throw new Error(
        `Uncaught page error(s):\n${errors.join('\n---\n')}` +
          (consoleErrors.length ? `\nconsole.error output:\n${consoleErrors.join('\n')}` : ''),
      );
    }
  });

  afterAll(async () => {
    // A context a failed hook left open would outlive the file in the shared browser.
    await Promise.all(open.map((t) => t.context.close().catch(() => undefined)));
    open = [];
    browser = null;
  });

  return {
    /**
     * A page in a fresh context. The demo backend answers without its realistic latency
     * unless `latency: true` (a test about latency says so): tests wait on what the user sees,
     * and 100–400 ms before every answer only made them slower. `clock: true` installs
     * Playwright's clock, for `lateEffects`.
     */
    async newPage({
      latency = false,
      clock = false,
      ...options
    }: BrowserContextOptions & { latency?: boolean; clock?: boolean } = {}): Promise<Page> {
      if (!browser)
        throw new Error(
          'setupBrowser(): the browser is not launched yet (call newPage inside a test)',
        );
      const context = await browser.newContext({
        locale: 'zh-CN',
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      await context.addInitScript((on: boolean) => {
        (window as Window & { __mockLatency?: boolean }).__mockLatency = on;
      }, latency);
      // Playwright's clock in the page: time flows as usual until a test moves it on
      // (`lateEffects`), so waiting out the app's timers costs no real time.
      if (clock) {
        await context.clock.install();
        clocked.add(context);
      }
      context.setDefaultTimeout(20_000);
      context.setDefaultNavigationTimeout(20_000);
      const tracked: Tracked = {
        context,
        pageErrors: [],
        consoleErrors: [],
        network: new NetworkLog(context),
      };
      open.push(tracked);
      context.on('page', (page) => watch(page, tracked));
      const page = await context.newPage();
      return page;
    },
    /** Console errors seen so far in the contexts of the current test (for diagnostics). */
    consoleErrors(): string[] {
      return open.flatMap((t) => t.consoleErrors);
    },
  };
}

const clocked = new WeakSet<BrowserContext>();

/** Whether the page runs on Playwright's clock (`newPage({ clock: true })`). */
export const hasClock = (page: Page) => clocked.has(page.context());

/**
 * Before asserting that something did NOT happen: moves the page's clock (a `newPage({ clock:
 * true })` page) `ms` on at once, so every app timer due by then (a delayed dialog, a toast, a
 * retry, a handler attached late) has run, then lets the page finish what they started.
 */
export async function lateEffects(page: Page, ms: number): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.clock.fastForward(ms);
  await nextFrames(page);
  await page.waitForLoadState('networkidle');
}

/** Two frames: React has committed and the browser painted what the last input changed. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
}

/**
 * What each page of a failed test showed when it failed: its address, whether it was visible
 * and its timers still ran, the dialogs open with their text, the start of its visible text,
 * the console errors and the context's recent requests, printed with the test's output, and a
 * screenshot in test-results/ (a failure on a CI machine is then read, not guessed).
 */
async function reportPages(testName: string, tracked: Tracked[]) {
  const pages = tracked.flatMap((t) => t.context.pages());
  for (const [i, page] of pages.entries()) {
    const state = await page
      .evaluate(() => {
        const flat = (el: Element | null, n: number) =>
          ((el as HTMLElement | null)?.innerText ?? '').replace(/\s+/g, ' ').slice(0, n);
        return {
          visibility: document.visibilityState,
          dialogs: [
            ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'),
          ].map((d) => {
            const labelledBy = d.getAttribute('aria-labelledby');
            const label = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
            return `${label ?? d.getAttribute('aria-label') ?? d.tagName.toLowerCase()}: ${flat(d, 300)}`;
          }),
          text: flat(document.body, 600),
          // What this browser keeps for the app (names; drafts and texts with their sizes): a
          // session gone from storage and a session ended in the page read differently, and
          // a draft offered after a save shows where it was kept.
          stored: Object.keys(localStorage)
            .filter(
              (k) => k.startsWith('pro_') || k.startsWith('drafts:') || k.startsWith('texts:'),
            )
            .map((k) =>
              k.startsWith('pro_') ? k : `${k} (${localStorage.getItem(k)?.length ?? 0})`,
            )
            .sort()
            .join(' '),
        };
      })
      .catch((error: unknown) => ({
        visibility: '?',
        dialogs: [],
        text: `(not readable: ${String(error)})`,
        stored: '?',
      }));
    // A page whose timers or frames no longer run (frozen, throttled) reads as a stall elsewhere.
    const [timers, frames] = await Promise.all([
      answersWithin(page.evaluate(() => new Promise((done) => setTimeout(done, 50)))),
      answersWithin(page.evaluate(() => new Promise((done) => requestAnimationFrame(done)))),
    ]);
    const shot = await screenshot(page, `failed-${testName.slice(0, 60)}-${i}`).catch(
      () => '(no screenshot)',
    );
    console.log(
      `[failed test] page ${i + 1}/${pages.length}: ${page.url()}\n` +
        `  ${state.visibility}; timers: ${timers}; frames: ${frames}\n` +
        `  dialogs: ${state.dialogs.length ? state.dialogs.join(' | ') : 'none'}\n` +
        `  text: ${state.text}\n  stored: ${state.stored || 'nothing'}\n  screenshot: ${shot}`,
    );
  }
  const consoleErrors = tracked.flatMap((t) => t.consoleErrors);
  if (consoleErrors.length)
    console.log(`[failed test] console.error:\n${consoleErrors.join('\n')}`);
  for (const [i, t] of tracked.entries())
    console.log(`[failed test] context ${i + 1}/${tracked.length}:\n${t.network.report()}`);
}

/** 'run' when the page's promise settles within 3 s, else 'none within 3 s' (or why it failed). */
async function answersWithin(work: Promise<unknown>): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((done) => {
    timer = setTimeout(() => done('none within 3 s'), 3000);
  });
  const outcome = await Promise.race([
    work.then(
      () => 'run',
      (error: unknown) => `not readable (${String(error).slice(0, 60)})`,
    ),
    late,
  ]);
  clearTimeout(timer);
  return outcome;
}

function watch(page: Page, tracked: Tracked) {
  page.on('pageerror', (error) =>
    tracked.pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`),
  );
  page.on('crash', () => tracked.pageErrors.push(`${page.url()}: the page crashed`));
  page.on('console', (msg) => {
    // Errors, and the demo host's and backend's own warnings ([mock] …).
    if (msg.type() === 'error' || (msg.type() === 'warning' && msg.text().startsWith('[mock]')))
      tracked.consoleErrors.push(`${page.url()}: ${msg.text()}`);
  });
}

/** Full-page screenshot into test-results/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const path = resolve(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
  summaries: string[];
}

const requireHere = createRequire(import.meta.url);
const AXE_SOURCE = resolve(dirname(requireHere.resolve('axe-core/package.json')), 'axe.min.js');

/**
 * Runs axe-core (node_modules/axe-core/axe.min.js) in the page, on the whole document or on
 * one element, and returns the violations of impact serious or critical (`every: true`: of any
 * impact, minor and moderate included).
 */
export async function axe(
  page: Page,
  scope?: Locator,
  { every = false }: { every?: boolean } = {},
): Promise<AxeViolation[]> {
  const injected = await page.evaluate(
    () => typeof (window as { axe?: unknown }).axe !== 'undefined',
  );
  // Evaluated, not added as a <script>: the page's CSP refuses inline scripts it has no hash for.
  // (DevTools evaluation is not subject to the page's CSP.)
  if (!injected) await page.evaluate(`${await readFile(AXE_SOURCE, 'utf8')}\n;0`);
  // Colours are judged as they settle: a toast or dialog still fading in is measured half
  // transparent (a toast at 3.09:1 mid-fade). Running animations that end are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const element = scope ? await scope.elementHandle() : null;
  const violations = await page.evaluate(async (el) => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        helpUrl: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const w = window as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<AxeResult> };
    };
    const result = await w.axe.run(el ?? document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      summaries: v.nodes.map((n) => n.failureSummary ?? ''),
    }));
  }, element);
  await element?.dispose();
  return every
    ? violations
    : violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable list for an assertion message. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.targets
          .map((t, i) => `    ${t}\n      ${(v.summaries[i] ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
}
