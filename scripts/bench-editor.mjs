#!/usr/bin/env node
/**
 * Typing latency of the chapter editor against a bare contenteditable, measured in one run
 * (method: /work/shared/bench-notes.md). Prints figures; not part of `npm run bench`.
 *
 *   node scripts/bench-editor.mjs [--dist=.e2e-out/editor/dist] [--runs=2]
 *
 * Fixtures: a 19,900-character Chinese chapter as one paragraph and as ~500 paragraphs, saved
 * into the seeded author's chapter through the mock backend, then opened in /editor. For each
 * fixture and each editor: caret in the middle block, 10 warm-up keys, then 60 ASCII key
 * presses 30 ms apart; a capturing keydown listener takes `event.timeStamp`, the next
 * animation frame posts a MessageChannel message, and its handler (after that frame's paint)
 * records `performance.now() - timeStamp`. Reported: p95 and median in ms, and the editor's
 * p95 as a ratio of the bare contenteditable's (budget: at most 1.1x).
 *
 * The build is the demo (mock backend on); without --dist it reuses the e2e build of
 * E2E_OUT=.e2e-out/editor, or builds one into .bench/editor-dist.
 */
/* global window, requestAnimationFrame -- the probe functions run in the page (page.evaluate) */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-args.mjs';
import { startStaticServer } from '../e2e/support/static-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const RUNS = Number(args.runs ?? 2);
const KEYS = 60;
const WARMUP = 10;
const GAP_MS = 30;
const TARGET_CHARS = 19_900;

const seed = JSON.parse(
  await import('node:fs/promises').then((fs) =>
    fs.readFile(resolve(ROOT, 'src/mocks/seed.gen.json'), 'utf8'),
  ),
);
const story = seed.stories.find((s) => s.uid === 'u_author' && s.universe_id && !s.deleted_at);
const chapter = seed.chapters.find((c) => c.story_id === story.id);

function distDir() {
  if (args.dist) return resolve(ROOT, args.dist);
  const e2e = resolve(ROOT, '.e2e-out/editor/dist');
  if (existsSync(resolve(e2e, 'index.html'))) return e2e;
  const out = resolve(ROOT, '.bench/editor-dist');
  if (!existsSync(resolve(out, 'index.html'))) {
    const vite = resolve(ROOT, 'node_modules/vite/bin/vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, VITE_MOCKS: 'true' },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  return out;
}

/** Chinese prose of about `total` characters, in `paragraphs` paragraphs. */
function fixture(paragraphs) {
  const source = seed.chapters.map((c) => c.content.replace(/\n/g, '')).join('');
  let text = '';
  while (text.length < TARGET_CHARS) text += source;
  text = text.slice(0, TARGET_CHARS - (paragraphs - 1));
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

async function typeAndMeasure(page) {
  await page.evaluate(installProbe);
  for (let i = 0; i < WARMUP; i++) {
    await page.keyboard.press('a');
    await page.waitForTimeout(GAP_MS);
  }
  await page.waitForTimeout(300);
  await page.evaluate(() => (window.__latencies = []));
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(GAP_MS);
  }
  await page.waitForTimeout(200);
  const values = await page.evaluate(() => window.__latencies);
  values.sort((a, b) => a - b);
  const at = (q) => values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
  return { p95: at(0.95), median: at(0.5), n: values.length };
}

async function measureEditor(page, origin, text) {
  // Save the fixture into the chapter through the mock backend, as the editor would.
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
  const editor = page.locator('[data-slate-editor="true"]');
  await editor.waitFor();
  // Highlighting on, as the budget asks: wait until the glossary is painted.
  const painted = await page
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
  await clickMiddleBlock(page, '[data-slate-editor="true"] [data-slate-node="element"]');
  return { ...(await typeAndMeasure(page)), painted };
}

async function measureBare(page, text) {
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
  return typeAndMeasure(page);
}

async function clickMiddleBlock(page, selector) {
  const blocks = page.locator(selector);
  const count = await blocks.count();
  const block = blocks.nth(Math.floor(count / 2));
  await block.scrollIntoViewIfNeeded();
  await block.click();
}

const fmt = (n) => n.toFixed(1);

async function main() {
  const server = await startStaticServer({ root: distDir(), base: '/' });
  const origin = server.url.replace(/\/$/, '');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const rows = [];
  try {
    for (const [label, paragraphs] of [
      ['one paragraph', 1],
      ['500 paragraphs', 500],
    ]) {
      const text = fixture(paragraphs);
      for (let run = 1; run <= RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        context.on('dialog', (d) => void d.accept());
        const page = await context.newPage();
        const bare = await measureBare(page, text);
        const slate = await measureEditor(page, origin, text);
        await context.close();
        rows.push({ label, run, chars: text.length, bare, slate });
        console.log(
          `${label} (${text.length} chars) run ${run}: bare p95 ${fmt(bare.p95)} ms (median ${fmt(bare.median)}), ` +
            `editor p95 ${fmt(slate.p95)} ms (median ${fmt(slate.median)}), ratio ${(slate.p95 / bare.p95).toFixed(2)}x, ` +
            `${slate.painted} glossary names highlighted`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log('\n| document | run | bare p95 | editor p95 | ratio |\n|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.run} | ${fmt(r.bare.p95)} | ${fmt(r.slate.p95)} | ${(r.slate.p95 / r.bare.p95).toFixed(2)}x |`,
    );
}

await main();
