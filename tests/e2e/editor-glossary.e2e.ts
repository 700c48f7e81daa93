import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { body, waitSaved } from './support/chapter';
import { chapterOpeners, prose } from './support/editor';

/**
 * The world's glossary names painted in the chapter editor (CSS highlights) in real Chromium:
 * only the names in the window are painted, they follow scrolling within a long paragraph and a
 * jump through a chapter of short paragraphs, and they step aside in the paragraph being typed in
 * until typing pauses.
 */
const { newPage } = setupBrowser();
const { openWithPastedEnd } = chapterOpeners(newPage);

/**
 * The painted glossary names: how many, how many lie in the window, how many in `paragraph`,
 * and where the first one is.
 */
const paintedNames = async (page: Page, paragraph?: Locator) =>
  page.evaluate(
    (p) => {
      const ranges = [
        ...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(
          'glossary-entry',
        ) ?? []),
      ];
      const inWindow = ranges.filter((r) => {
        const box = r.getBoundingClientRect();
        return box.bottom >= 0 && box.top <= innerHeight;
      });
      return {
        size: ranges.length,
        inWindow: inWindow.length,
        inParagraph: p ? ranges.filter((r) => r.intersectsNode(p)).length : 0,
        first: ranges[0]?.getBoundingClientRect().top ?? null,
      };
    },
    paragraph ? await paragraph.elementHandle() : null,
  );

/**
 * Waits until names are painted (in `paragraph`, if given) and every painted name lies in the
 * window. The names painted for one position stay painted until the frame after a scroll, and
 * a painted range's box moves with the page, so a read just after a scroll can see the names
 * of the place the page left (a loaded CI machine did, once). A painter that never repaints
 * after a scroll, or paints more than the window, keeps failing this.
 */
const paintedOnlyInWindow = (page: Page, paragraph?: Locator) =>
  expect
    .poll(
      async () => {
        const now = await paintedNames(page, paragraph);
        return (paragraph ? now.inParagraph : now.inWindow) > 0 && now.inWindow === now.size;
      },
      { message: 'names are painted, and only those in the window' },
    )
    .toBe(true);

describe('chapter editor', () => {
  it('glossary names are painted on screen, follow scrolling and step aside in the paragraph being typed in', async () => {
    // A paragraph of 8,000 characters, far taller than the window.
    const long = prose(8_000);
    const page = await openWithPastedEnd(long);
    const paragraph = body(page).locator('p').last();
    await expect.poll(() => paragraph.innerText()).toBe(long);
    await waitSaved(page);

    const painted = () => paintedNames(page, paragraph);

    // At the top of the long paragraph (the paste left the window at its end): names are
    // painted, every one of them in the window.
    await paragraph.evaluate((p) => p.scrollIntoView({ block: 'start' }));
    await paintedOnlyInWindow(page, paragraph);
    const top = await painted();
    expect(top.inWindow).toBe(top.size);

    // Scrolled to its end: the names now in view are painted, again only those.
    await paragraph.evaluate((p) => p.scrollIntoView({ block: 'end' }));
    await paintedOnlyInWindow(page, paragraph);
    const bottom = await painted();
    expect(bottom.first).not.toBe(top.first);
    expect(bottom.size).toBeGreaterThan(0);
    expect(bottom.inWindow).toBe(bottom.size);

    // Typing in the paragraph: its names step aside until typing pauses, then come back. The
    // page's clock stands still meanwhile (the repaint after the pause is a timer), so the
    // pause is seen however slowly the machine types.
    await paragraph.evaluate((p) => {
      const spans = p.querySelectorAll('[data-slate-string]');
      const last = spans[spans.length - 1]!.firstChild!;
      getSelection()!.collapse(last, 3);
    });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.keyboard.type('ab');
    await expect.poll(async () => (await painted()).inParagraph).toBe(0);
    await page.clock.resume();
    await expect.poll(async () => (await painted()).inParagraph).toBeGreaterThan(0);
  });

  it('glossary names come into view painted after a jump through a chapter of short paragraphs', async () => {
    // 360 paragraphs: rendered in chunks whose content the browser skips while off screen.
    const lines = prose(12_600).match(/.{1,35}/g)!;
    const page = await openWithPastedEnd(lines.join('\n'));
    await expect.poll(() => body(page).locator('p').count()).toBeGreaterThan(lines.length);
    await waitSaved(page);

    // One jump each (no scroll in between): the names there are painted, and only those.
    for (const share of [0.4, 0.85, 0.15]) {
      await page.evaluate(
        (f) => scrollTo(0, document.documentElement.scrollHeight * f - innerHeight / 2),
        share,
      );
      await paintedOnlyInWindow(page);
      const now = await paintedNames(page);
      expect(now.inWindow).toBe(now.size);
    }
  });
});
