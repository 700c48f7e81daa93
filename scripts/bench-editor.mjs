#!/usr/bin/env node
/**
 * Editor figures of issue 5 (method: /work/shared/bench-notes.md), run by `npm run bench`
 * (scripts/bench.mjs imports `runEditorBench`) or alone:
 *
 *   node scripts/bench-editor.mjs [--dist=dist] [--runs=3] [--cpu-throttle=4] [--only=one,500,stream]
 *
 * `--cpu-throttle=N` measures 1 and 3 a second time with both pages' CPU slowed N times
 * (CDP `Emulation.setCPUThrottlingRate`, set on the bare page and the editor alike, after
 * loading) and the keys N times further apart (at 30 ms apart a 4x slower CPU falls behind
 * even on the bare page, and p95 would measure the queue), reported beside the unthrottled
 * figures; `npm run bench` passes 4. `--only` picks fixtures (word
 * counting runs with any of them).
 *
 * 1. Typing latency against a bare contenteditable holding the same text. Fixtures: a
 *    19,900-character Chinese chapter as one paragraph and as ~500 paragraphs, saved into the
 *    seeded author's chapter through the mock backend, then opened in /editor with the bound
 *    world's glossary highlighted. Each run measures the bare page and the editor in one fresh
 *    browser context, two pages side by side: caret in the middle block, 10 warm-up keys in
 *    each, a pause, then 60 recorded ASCII key presses 30 ms apart in each, typed in blocks of
 *    15 that alternate between the two pages (bare, editor, bare, editor, ...; the editor
 *    first in even runs), so a busy spell of the shared machine falls on both. A capturing
 *    keydown listener takes `event.timeStamp`, the next animation frame posts a
 *    MessageChannel message, and its handler (after that frame's paint) records
 *    `performance.now() - timeStamp`. Per run: p95 and median in ms, and the editor's p95 as a
 *    ratio of the bare page's p95 in the same run. Summary: the p95 of every recorded key of
 *    all runs, for each page, and their ratio (budget: at most 1.1x; the issue's 16 ms is
 *    printed beside the ms figure, below the ~17 ms frame floor that even the bare page
 *    cannot beat).
 * 2. Word counting: `src/rules/text-count.ts` bundled as is (esbuild) and run in the same
 *    Chromium on 20,000 characters of the fixture, 50 warm-up calls then 300 samples, each
 *    the mean of 10 calls on fresh strings (the page timer ticks in 0.1 ms when the page is
 *    not cross-origin isolated, too coarse for one call); median and p95 in ms (budget 1 ms).
 * 3. Typing while a continuation streams: the 500-paragraph fixture paired with the bare page
 *    as in 1, in two blocks of 30 keys each. Just before the editor's first block a
 *    continuation of length 500 starts (three cards of about 500 characters, streamed by the
 *    mock piece by piece over about five seconds), so the editor's keys fall while the cards
 *    arrive; ratio to the bare page's p95 of the same run. Runs where the stream ended before
 *    the last key are reported as such.
 *
 * The build is the demo (mock backend on), built for production: `dist` by default (what
 * `npm run bench` builds), else a build into .bench/editor-dist.
 */
/* global window, requestAnimationFrame -- the probes run in the page (page.evaluate) */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/chromium-args.mjs';
import { startStaticServer } from '../tests/e2e/support/static-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEYS = 60;
const WARMUP = 10;
const GAP_MS = 30;
/**
 * The recorded keys alternate between the bare page and the editor in this many blocks each.
 * Blocks of 15 keep each pause under the 1.5 s autosave delay, so, as in 60 keys typed in one
 * go, no autosave falls inside the measurement.
 */
const BLOCKS = 4;
/**
 * While streaming, two blocks of 30: the editor's keys (and the bare block between them) fit
 * in the ~5 s that a continuation of STREAM_LENGTH takes to arrive.
 */
const STREAM_BLOCKS = 2;
const TARGET_CHARS = 19_900;
const COUNT_CHARS = 20_000;
const STREAM_LENGTH = 500;
/** Word-count samples, each the mean of a batch of calls (the page timer ticks in 0.1 ms). */
const COUNT_SAMPLES = 300;
const COUNT_BATCH = 10;

export const EDITOR_BUDGET = { ratio: 1.1, issueMs: 16, countMs: 1 };

const seed = JSON.parse(await readFile(resolve(ROOT, 'mocks/seed.gen.json'), 'utf8'));
const story = seed.stories.find((s) => s.uid === 'u_author' && s.universe_id && !s.deleted_at);
const chapter = seed.chapters.find((c) => c.story_id === story.id);

/** `dist` when built, else a production build of its own. */
function defaultDist() {
  if (existsSync(resolve(ROOT, 'dist/index.html'))) return resolve(ROOT, 'dist');
  const out = resolve(ROOT, '.bench/editor-dist');
  if (!existsSync(resolve(out, 'index.html'))) {
    const vite = resolve(ROOT, 'node_modules/vite/bin/vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, VITE_MOCKS: 'true', NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  return out;
}

/** Chinese prose of about `total` characters, in `paragraphs` paragraphs. */
function fixture(paragraphs, total = TARGET_CHARS) {
  const source = seed.chapters.map((c) => c.content.replace(/\n/g, '')).join('');
  let text = '';
  while (text.length < total) text += source;
  text = text.slice(0, total - (paragraphs - 1));
  if (paragraphs === 1) return text;
  const size = Math.ceil(text.length / paragraphs);
  const parts = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts.join('\n');
}

/** Installed in the page: records key-to-paint latencies of every keydown. */
function installProbe() {
  const w = window;
  w.__latencies = [];
  window.addEventListener(
    'keydown',
    (e) => {
      const start = e.timeStamp;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => w.__latencies.push(performance.now() - start);
        ch.port2.postMessage(0);
      });
    },
    { capture: true },
  );
}

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function pressKeys(page, count, from = 0, gap = GAP_MS) {
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(String.fromCharCode(97 + ((from + i) % 26)));
    await page.waitForTimeout(gap);
  }
}

/** Installs the probe and types the warm-up keys (not recorded). */
async function warmUp(page, gap = GAP_MS) {
  await page.evaluate(installProbe);
  for (let i = 0; i < WARMUP; i++) {
    await page.keyboard.press('a');
    await page.waitForTimeout(gap);
  }
}

const startRecording = (page) => page.evaluate(() => (window.__latencies = []));

async function recorded(page) {
  await page.waitForTimeout(200);
  const values = await page.evaluate(() => window.__latencies);
  values.sort((a, b) => a - b);
  return { p95: quantile(values, 0.95), median: quantile(values, 0.5), n: values.length, values };
}

/** Saves `text` as the chapter body through the mock backend, then opens it in /editor. */
async function openEditor(page, origin, text) {
  await page.goto(`${origin}/editor?nid=${story.id}&cid=${chapter.id}&scenario=signed-in`);
  await page.getByRole('textbox').last().waitFor();
  await page.evaluate(
    async ({ id, content }) => {
      const raw = JSON.parse(localStorage.getItem('pro_session') ?? '{}');
      const s = raw.value ?? {};
      const headers = {
        'Content-Type': 'application/json',
        lang: 'zh',
        ostype: 'web',
        Authorization: `Bearer ${s.accessToken}`,
        uid: s.uid,
      };
      const current = await (await fetch(`/api/v1/chapters/${id}/content`, { headers })).json();
      const res = await fetch(`/api/v1/chapters/${id}/content`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ content, name: current.name, base_updated_at: current.updated_at }),
      });
      if (!res.ok) throw new Error(`fixture save failed: ${res.status}`);
    },
    { id: chapter.id, content: text },
  );
  await page.goto(`${origin}/editor?nid=${story.id}&cid=${chapter.id}`);
  await page.locator('[data-slate-editor="true"]').waitFor();
  // Highlighting on, as the budget asks: wait until the glossary names on screen are painted.
  return page
    .waitForFunction(
      () => {
        const n = globalThis.CSS?.highlights?.get('glossary-entry')?.size ?? 0;
        return n > 0 ? n : false;
      },
      null,
      { timeout: 10_000 },
    )
    .then((h) => h.jsonValue())
    .catch(() => 0);
}

const EDITOR_BLOCKS = '[data-slate-editor="true"] [data-slate-node="element"]';

/**
 * One run of a fixture: the bare page and the editor open side by side, each the only page of
 * its own browser (a page behind another gets no animation frames, and bringing it back to
 * front repaints it whole), warmed up, then the 60 recorded keys typed in `blocks` blocks that
 * alternate between them, so that a busy spell of the shared machine falls on both.
 *
 * With `stream`, a continuation starts just before the editor's first block (its keys fall
 * while the cards arrive), and the run says whether it was still streaming after the
 * editor's last key.
 */
async function measurePair(
  barePage,
  editorPage,
  origin,
  text,
  editorFirst,
  { blocks = BLOCKS, stream = false, cpuThrottle = 1 } = {},
) {
  // A CPU N times slower gets keys N times further apart: at 30 ms a 4x slower CPU cannot keep
  // up even on the bare page, and the p95 would measure the queue, not a key's latency.
  const gap = GAP_MS * cpuThrottle;
  await openBare(barePage, text);
  const painted = await openEditor(editorPage, origin, text);
  // Slowed after loading (a throttled load takes long and is not what is measured), before
  // the warm-up, on both pages alike.
  if (cpuThrottle > 1)
    for (const page of [barePage, editorPage]) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    }
  await clickMiddleBlock(editorPage, EDITOR_BLOCKS);
  for (const page of [barePage, editorPage]) await warmUp(page, gap);
  await editorPage.waitForTimeout(300);
  for (const page of [barePage, editorPage]) await startRecording(page);
  const order = editorFirst ? [editorPage, barePage] : [barePage, editorPage];
  const size = KEYS / blocks;
  const streaming = { panel: null, streamedThrough: false, cards: 0 };
  for (let block = 0; block < blocks; block++)
    for (const page of order) {
      if (stream && page === editorPage && !streaming.panel) {
        streaming.panel = await startContinuation(editorPage);
        await startRecording(editorPage);
      }
      await pressKeys(page, size, block * size, gap);
      if (streaming.panel && page === editorPage && block === blocks - 1) {
        streaming.streamedThrough = await streaming.panel.isVisible();
        streaming.cards = await editorPage.locator('.ai-panel__stream .ai-card').count();
      }
      await page.waitForTimeout(200);
    }
  const editor = { ...(await recorded(editorPage)), painted };
  if (stream)
    Object.assign(editor, { streamedThrough: streaming.streamedThrough, cards: streaming.cards });
  return { bare: await recorded(barePage), editor };
}

/** Starts a continuation of length STREAM_LENGTH and waits for its first piece. */
async function startContinuation(page) {
  await page.locator('.ai-panel select').first().selectOption(String(STREAM_LENGTH));
  await clickMiddleBlock(page, EDITOR_BLOCKS);
  await page.locator('.ai-panel .button--primary.button--block').click();
  const stream = page.locator('.ai-panel__stream');
  await stream.waitFor({ timeout: 10_000 });
  // The first piece has arrived: cards are being written while we type.
  await page.locator('.ai-panel__stream .ai-card').first().waitFor({ timeout: 10_000 });
  await clickMiddleBlock(page, EDITOR_BLOCKS);
  return stream;
}

async function openBare(page, text) {
  const html = text
    .split('\n')
    .map((p) => `<p>${p}</p>`)
    .join('');
  await page.setContent(
    `<!doctype html><html lang="zh-CN"><body style="margin:0;font:17px/1.9 serif">` +
      `<div id="bare" contenteditable="true" style="max-width:830px;padding:16px;white-space:pre-wrap">${html}</div>` +
      `</body></html>`,
  );
  await clickMiddleBlock(page, '#bare > p');
}

async function clickMiddleBlock(page, selector) {
  const blocks = page.locator(selector);
  const count = await blocks.count();
  const block = blocks.nth(Math.floor(count / 2));
  await block.scrollIntoViewIfNeeded();
  await block.click();
}

/** The shared counter, bundled from its source as the app uses it, timed in the page. */
async function measureCount(browser) {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [resolve(ROOT, 'src/rules/text-count.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: '__textCount',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: out.outputFiles[0].text });
    const text = fixture(1, COUNT_CHARS).slice(0, COUNT_CHARS);
    const r = await page.evaluate(
      ({ t, samples, batch }) => {
        const { countText } = window.__textCount;
        let words = 0;
        for (let i = 0; i < 50; i++) words = countText(t + String(i % 10));
        const times = [];
        for (let i = 0; i < samples; i++) {
          // Fresh strings, as after a keystroke (flattening them is part of the count).
          const texts = Array.from({ length: batch }, (_, j) => t.slice(0, -1) + String(j));
          const t0 = performance.now();
          for (const s of texts) words = countText(s);
          times.push((performance.now() - t0) / batch);
        }
        return { times, words, chars: t.length };
      },
      { t: text, samples: COUNT_SAMPLES, batch: COUNT_BATCH },
    );
    r.times.sort((a, b) => a - b);
    return {
      median: quantile(r.times, 0.5),
      p95: quantile(r.times, 0.95),
      max: r.times.at(-1),
      n: r.times.length,
      chars: r.chars,
      words: r.words,
    };
  } finally {
    await context.close();
  }
}

const fmt = (n) => n.toFixed(1);
const ratio = (r) => `${r.toFixed(2)}x`;

/**
 * Runs every editor measurement and returns the figures (per run and medians).
 * `log` receives one line per run as it completes.
 */
export async function runEditorBench({
  dist,
  runs = 5,
  log = console.log,
  cpuThrottle = 1,
  only = ['one', '500', 'stream'],
} = {}) {
  const server = await startStaticServer({ root: dist ?? defaultDist(), base: '/' });
  const origin = server.url.replace(/\/$/, '');
  const launch = () =>
    chromium.launch({
      executablePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  const browser = await launch();
  const bareBrowser = await launch();
  const newPage = async (from = browser) => {
    const context = await from.newContext({ viewport: { width: 1280, height: 800 } });
    context.on('dialog', (d) => void d.accept());
    return { context, page: await context.newPage() };
  };
  /**
   * The verdict is the p95 over every recorded key of all runs (runs × 60 for each page): one
   * run's p95 is its third-slowest key, so a single busy moment of the shared machine moves it
   * by a few ms; the per-run figures are printed beside it.
   */
  const pooled = (list, side) =>
    quantile(
      list.flatMap((r) => r[side].values).sort((a, b) => a - b),
      0.95,
    );
  const summarize = (label, chars, list) => {
    const bare = pooled(list, 'bare');
    const editor = pooled(list, 'editor');
    return { label, chars, runs: list, bare, editor, ratio: editor / bare };
  };
  const rates = cpuThrottle > 1 ? [1, cpuThrottle] : [1];
  const tag = (rate) => (rate > 1 ? `, CPU ${rate}x slower, keys ${GAP_MS * rate} ms apart` : '');
  const plainFixtures = [
    ['one paragraph', 1, 'one'],
    ['500 paragraphs', 500, '500'],
  ].filter(([, , key]) => only.includes(key));

  async function plain(label, paragraphs, rate) {
    const text = fixture(paragraphs);
    const list = [];
    for (let run = 1; run <= runs; run++) {
      const { context, page } = await newPage();
      const { context: bareContext, page: barePage } = await newPage(bareBrowser);
      const editorFirst = run % 2 === 0;
      const { bare, editor } = await measurePair(barePage, page, origin, text, editorFirst, {
        cpuThrottle: rate,
      });
      await context.close();
      await bareContext.close();
      list.push({ run, bare, editor });
      log(
        `${label} (${text.length} chars${tag(rate)}) run ${run}${editorFirst ? ' (editor first)' : ''}: ` +
          `bare p95 ${fmt(bare.p95)} ms (median ${fmt(bare.median)}), ` +
          `editor p95 ${fmt(editor.p95)} ms (median ${fmt(editor.median)}), ` +
          `ratio ${ratio(editor.p95 / bare.p95)}, ${editor.painted} glossary names painted on screen`,
      );
    }
    return { ...summarize(label, text.length, list), cpuThrottle: rate };
  }

  async function streaming(rate) {
    const text = fixture(500);
    const list = [];
    for (let run = 1; run <= runs; run++) {
      const { context, page } = await newPage();
      const { context: bareContext, page: barePage } = await newPage(bareBrowser);
      const editorFirst = run % 2 === 1;
      const { bare, editor } = await measurePair(barePage, page, origin, text, editorFirst, {
        blocks: STREAM_BLOCKS,
        stream: true,
        cpuThrottle: rate,
      });
      await context.close();
      await bareContext.close();
      list.push({ run, bare, editor });
      log(
        `typing while a continuation streams (500 paragraphs, length ${STREAM_LENGTH}${tag(rate)}) run ${run}` +
          `${editorFirst ? ' (editor first)' : ''}: ` +
          `bare p95 ${fmt(bare.p95)} ms, editor p95 ${fmt(editor.p95)} ms (median ${fmt(editor.median)}), ` +
          `ratio ${ratio(editor.p95 / bare.p95)}, ${editor.cards} card(s) open at the last key, ` +
          `${editor.streamedThrough ? 'still streaming after the last key' : 'STREAM ENDED before the last key'}`,
      );
    }
    return {
      ...summarize('while streaming', text.length, list),
      cpuThrottle: rate,
      streamedThrough: list.every((r) => r.editor.streamedThrough),
    };
  }

  /** `fixtures` and `streaming` unthrottled; `throttled` holds the same at `cpuThrottle`. */
  const result = { fixtures: [], count: null, streaming: null, throttled: null };
  try {
    for (const rate of rates) {
      const into = rate === 1 ? result : (result.throttled = { fixtures: [], streaming: null });
      for (const [label, paragraphs] of plainFixtures)
        into.fixtures.push(await plain(label, paragraphs, rate));
      if (rate === 1) {
        result.count = await measureCount(browser);
        const c = result.count;
        log(
          `word count of ${c.chars} characters (${c.words} words), ${c.n} samples of ${COUNT_BATCH} calls: ` +
            `median ${c.median.toFixed(3)} ms, p95 ${c.p95.toFixed(3)} ms, max ${c.max.toFixed(3)} ms`,
        );
      }
      if (only.includes('stream')) into.streaming = await streaming(rate);
    }
  } finally {
    await browser.close();
    await bareBrowser.close();
    await server.close();
  }
  return result;
}

/**
 * Rows for the bench's "Budgets" table: [figure, measured, budget, result]. The throttled
 * figures (when measured) follow the unthrottled ones under the same numbers, marked with the
 * CPU rate. The budget is the unthrottled ratio; the throttled figures are reported (issue
 * 12: "also measure it under 4x CPU throttling and report the figures"), each beside the
 * same 1.1x for comparison, and do not decide the bench's exit code.
 */
export function editorBudgetRows(r, prefix = 'E') {
  const rows = [];
  const pass = (ok) => (ok ? 'PASS' : 'FAIL');
  const verdictOf = (x, ok) =>
    x.cpuThrottle > 1 ? `report (${ok ? 'within' : 'over'} ${EDITOR_BUDGET.ratio}x)` : pass(ok);
  const limitOf = (x) =>
    x.cpuThrottle > 1 ? `(${EDITOR_BUDGET.ratio}x for comparison)` : `≤ ${EDITOR_BUDGET.ratio}x`;
  const runsOf = (list, pick) => list.map(pick).map(fmt).join(', ');
  const cpu = (x) =>
    x.cpuThrottle > 1
      ? `, CPU ${x.cpuThrottle}x slower (keys ${GAP_MS * x.cpuThrottle} ms apart)`
      : '';
  const fixtureRows = (n, f) => {
    rows.push([
      `${n} ${f.label}${cpu(f)}, bare contenteditable p95`,
      `${fmt(f.bare)} ms (runs: ${runsOf(f.runs, (x) => x.bare.p95)})`,
      '—',
      'info',
    ]);
    rows.push([
      `${n} ${f.label}${cpu(f)}, editor p95 (highlighting on)`,
      `${fmt(f.editor)} ms (runs: ${runsOf(f.runs, (x) => x.editor.p95)})`,
      f.cpuThrottle > 1 ? '—' : `≤ ${EDITOR_BUDGET.issueMs} ms (frame floor ~17 ms)`,
      'info',
    ]);
    rows.push([
      `${n} ${f.label}${cpu(f)}, editor / bare p95`,
      `${ratio(f.ratio)} (p95 of all ${f.runs.length * KEYS} keys; runs ${f.runs.map((x) => ratio(x.editor.p95 / x.bare.p95)).join(', ')})`,
      limitOf(f),
      verdictOf(f, f.ratio <= EDITOR_BUDGET.ratio),
    ]);
  };
  const streamRows = (n, s) => {
    rows.push([
      `${n} typing while a continuation streams${cpu(s)}, editor p95`,
      `${fmt(s.editor)} ms (runs: ${runsOf(s.runs, (x) => x.editor.p95)}; bare ${fmt(s.bare)} ms)`,
      s.cpuThrottle > 1 ? '—' : `≤ ${EDITOR_BUDGET.issueMs} ms (frame floor ~17 ms)`,
      'info',
    ]);
    rows.push([
      `${n} typing while a continuation streams${cpu(s)}, editor / bare p95`,
      `${ratio(s.ratio)} (p95 of all ${s.runs.length * KEYS} keys; runs ${s.runs.map((x) => ratio(x.editor.p95 / x.bare.p95)).join(', ')})` +
        (s.streamedThrough ? '' : '; a stream ended early'),
      limitOf(s),
      verdictOf(s, s.ratio <= EDITOR_BUDGET.ratio && s.streamedThrough),
    ]);
  };
  let i = 1;
  const numbers = r.fixtures.map(() => `(${prefix}${i++})`);
  r.fixtures.forEach((f, k) => fixtureRows(numbers[k], f));
  r.throttled?.fixtures.forEach((f, k) => fixtureRows(numbers[k], f));
  const c = r.count;
  rows.push([
    `(${prefix}${i++}) word count of ${c.chars} characters (text-count.ts)`,
    `median ${c.median.toFixed(3)} ms, p95 ${c.p95.toFixed(3)} ms (${c.n} samples × ${COUNT_BATCH} calls)`,
    `≤ ${EDITOR_BUDGET.countMs} ms`,
    pass(c.p95 <= EDITOR_BUDGET.countMs),
  ]);
  if (r.streaming) {
    const n = `(${prefix}${i++})`;
    streamRows(n, r.streaming);
    if (r.throttled?.streaming) streamRows(n, r.throttled.streaming);
  }
  return rows;
}

async function main() {
  const args = Object.fromEntries(
    process.argv.slice(2).map((a) => {
      const [k, v] = a.replace(/^--/, '').split('=');
      return [k, v ?? 'true'];
    }),
  );
  const r = await runEditorBench({
    dist: args.dist ? resolve(ROOT, args.dist) : undefined,
    runs: Number(args.runs ?? 5),
    cpuThrottle: Number(args['cpu-throttle'] ?? 1),
    ...(args.only ? { only: args.only.split(',') } : {}),
  });
  console.log('');
  for (const row of editorBudgetRows(r)) console.log(`  ${row.join('  |  ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
