/**
 * The fans list of 5,000 (issue 13's budget): the seeded author's page with the `many-fans`
 * scenario, the fans slider opened from the header, every page loaded by scrolling to the end
 * of the list, then the whole list scrolled through with the mouse wheel (or jumped through
 * in a few evenly spaced steps: `jumps`). Shared by the e2e
 * spec (tests/e2e/social-people.e2e.ts) and `npm run bench` (plain JS for Node 20).
 *
 * Selectors are the components' class names (language-independent): `.user-count` (the
 * header's following and fans buttons, fans second), `.follow-list` (the slider's scroller),
 * `.follow-row` (one rendered row), `.follow-list__end` (the end text).
 */

/* global window, document, MutationObserver, requestAnimationFrame -- the probes run in the page (page.evaluate) */

/** The seeded author's own page with 5,000 more fans. */
export const FANS_ROUTE = '/user/u_author?scenario=signed-in,many-fans';
/** How many rows the list should reach: the scenario's 5,000 and the seed's own fans. */
export const FANS_AT_LEAST = 5000;
/** Spec: fewer than 200 rows in the DOM; "without long tasks": none over 50 ms while scrolling. */
export const FANS_BUDGET = { domRows: 200, longestTaskMs: 50 };

const ROW_SELECTOR = '.follow-row';

/**
 * Runs in the page: long tasks and the largest number of rendered rows seen, from now on.
 * `window.__fansProbe.take()` returns and resets them.
 */
function installProbe(rowSelector) {
  const state = { tasks: [], maxRows: 0, samples: 0 };
  const sample = () => {
    const n = document.querySelectorAll(rowSelector).length;
    state.samples += 1;
    if (n > state.maxRows) state.maxRows = n;
  };
  let since = performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      state.tasks.push({ at: Math.round(e.startTime - since), ms: Math.round(e.duration) });
  }).observe({ type: 'longtask' });
  new MutationObserver(sample).observe(document.body, { childList: true, subtree: true });
  window.__fansProbe = {
    sample,
    take() {
      sample();
      // Scripts fetched during the phase (a lazy chunk's parse can be a long task of its own).
      const scripts = performance
        .getEntriesByType('resource')
        .filter((r) => r.startTime >= since && /\.js(\?|$)/.test(r.name))
        .map(
          (r) => `${new URL(r.name).pathname.split('/').pop()}@${Math.round(r.startTime - since)}`,
        );
      const out = {
        tasks: state.tasks.slice(),
        maxRows: state.maxRows,
        samples: state.samples,
        scripts,
      };
      state.tasks = [];
      state.maxRows = 0;
      state.samples = 0;
      since = performance.now();
      return out;
    },
  };
}

const summary = (probe) => ({
  maxDomRows: probe.maxRows,
  longTasks: probe.tasks.length,
  longestTaskMs: probe.tasks.length ? Math.max(...probe.tasks.map((t) => t.ms)) : 0,
  /** Each long task as `duration@start` (ms from the phase's start). */
  tasks: probe.tasks.map((t) => `${t.ms}@${t.at}`),
  scripts: probe.scripts,
  samples: probe.samples,
});

/**
 * Opens the list at `origin` (the demo's URL, no trailing slash) in `page` and measures.
 * Returns the rows reached, and for each phase (loading by scrolling to the end; one pass
 * through the loaded list with the wheel) the most rows in the DOM and the long tasks.
 */
export async function measureFansList(
  page,
  origin,
  { timeoutMs = 300_000, log = () => {}, wheelStep = 1200, jumps = 0 } = {},
) {
  await page.goto(origin + FANS_ROUTE);
  const fans = page.locator('.user-count').nth(1);
  await fans.waitFor({ timeout: 30_000 });
  await fans.click();
  const list = page.locator('.follow-list');
  await page.locator(`.follow-list ${ROW_SELECTOR}`).first().waitFor({ timeout: 30_000 });
  await page.evaluate(installProbe, ROW_SELECTOR);

  // Phase 1: scroll to the end again and again until the end text shows.
  const loadStarted = Date.now();
  let rows = 0;
  let lastLog = 0;
  for (;;) {
    const state = await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      const height = parseInt(el.querySelector('ul')?.style.height ?? '0', 10);
      return { height, end: el.querySelector('.follow-list__end') !== null };
    });
    rows = Math.round(state.height / 64);
    if (state.end) break;
    if (Date.now() - loadStarted > timeoutMs)
      throw new Error(`the fans list stopped at ${rows} rows after ${timeoutMs / 1000} s`);
    if (rows - lastLog >= 1000) {
      lastLog = rows;
      log(`  ${rows} rows loaded …`);
    }
    // The next page is in (the list grew) or the end text shows: scroll on at once.
    // (At most 10 s a page: the loop's own timeout then says where it stopped.)
    await page
      .waitForFunction(
        (height) => {
          const el = document.querySelector('.follow-list');
          return (
            parseInt(el?.querySelector('ul')?.style.height ?? '0', 10) > height ||
            el?.querySelector('.follow-list__end') != null
          );
        },
        state.height,
        { polling: 'raf', timeout: 10_000 },
      )
      .catch(() => undefined);
  }
  const loadMs = Date.now() - loadStarted;
  const loading = summary(await page.evaluate(() => window.__fansProbe.take()));

  // Phase 2: back to the top, then the wheel through the whole list.
  await list.evaluate((el) => (el.scrollTop = 0));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  await page.evaluate(() => window.__fansProbe.take());
  const box = await list.boundingBox();
  if (!box) throw new Error('the fans list has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scrollStarted = Date.now();
  let steps = 0;
  // `jumps`: the scroll position set to that many evenly spaced points, each held for two
  // frames (the window follows a frame later), instead of the wheel through every screen.
  for (let k = 1; k <= jumps; k++) {
    steps += 1;
    await list.evaluate(
      (el, at) =>
        new Promise((r) => {
          el.scrollTop = at * (el.scrollHeight - el.clientHeight);
          requestAnimationFrame(() => requestAnimationFrame(() => r(null)));
        }),
      k / jumps,
    );
    await page.evaluate(() => window.__fansProbe.sample());
  }
  for (; !jumps;) {
    await page.mouse.wheel(0, wheelStep);
    steps += 1;
    const done = await list.evaluate(
      (el) =>
        new Promise((r) =>
          requestAnimationFrame(() => r(el.scrollTop + el.clientHeight >= el.scrollHeight - 2)),
        ),
    );
    if (done || steps > 2000) break;
  }
  const scrollMs = Date.now() - scrollStarted;
  const scrolling = summary(await page.evaluate(() => window.__fansProbe.take()));
  // The window of rows follows the scroll position a frame or so later: let it reach the end
  // before reading the last row (the caller checks it is the last one).
  await page
    .waitForFunction(
      ([selector, total]) => {
        const all = document.querySelectorAll(`.follow-list ${selector}`);
        return Number(all[all.length - 1]?.getAttribute('aria-posinset')) === total;
      },
      [ROW_SELECTOR, rows],
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const lastRow = await page
    .locator(`.follow-list ${ROW_SELECTOR}`)
    .last()
    .getAttribute('aria-posinset');
  return { rows, lastRow: Number(lastRow), loadMs, loading, scrollMs, steps, scrolling };
}
