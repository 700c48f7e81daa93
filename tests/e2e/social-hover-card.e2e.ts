import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import common from '../../src/locales/zh/common.json';
import square from '../../src/locales/zh/square.json';
import { screenshot, setupBrowser } from './support/browser';

/**
 * Issue 24, the hover card in real Chromium against the built demo: a share card's paint
 * containment (`content-visibility: auto`) clipped the card, a fixed box inside it, while its
 * name link and follow button still took the keyboard's focus. On the square, Tab goes from
 * stop to stop without ever landing in a card; ↓ on an author link opens the card with the focus
 * inside and Esc gives it back; a hovered card is drawn whole above the list (the top layer),
 * and steps down under the login dialog its follow button opens.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const squareList = (page: Page) =>
  page.getByRole('list', { name: square.square.list.recommend, exact: true });

/** Where focus is: inside a hover card, on an author link, on <body>, or the element's tag. */
const focusIn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    if (el.closest('.hover-card')) return 'card';
    if (el.closest('.dialog')) return 'dialog';
    if (el.matches('a.author-link__link')) return 'author link';
    return el.tagName.toLowerCase();
  });

/** A Tab stop: as `focusIn`, and whether an author link stopped on has opened its card. */
const tabStop = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (el?.closest('.hover-card')) return 'card';
    if (el?.matches('a.author-link__link'))
      return el.getAttribute('aria-expanded') === 'true' ? 'author link, card open' : 'author link';
    return el?.tagName.toLowerCase() ?? 'none';
  });

/** The box of `el` has a size and lies inside the viewport. */
async function expectInViewport(page: Page, el: Locator) {
  const box = (await el.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeGreaterThan(100);
  expect(box.height).toBeGreaterThan(40);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  return box;
}

/**
 * What is drawn at the card's centre and near its four corners: the card itself wherever it is
 * not clipped or covered (the corners 8 px in, past the rounded border).
 */
async function drawnOnTop(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  const points: [number, number][] = [
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + 8, box.y + 8],
    [box.x + box.width - 8, box.y + 8],
    [box.x + 8, box.y + box.height - 8],
    [box.x + box.width - 8, box.y + box.height - 8],
  ];
  return page.evaluate(
    (pts) => pts.map(([x, y]) => document.elementFromPoint(x, y)?.closest('.hover-card') !== null),
    points,
  );
}

describe('the hover card (issue 24)', () => {
  it('on the square, Tab never stops in a card; ↓ opens one; a hovered card is drawn whole', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    await page.goto(`${demo}/dashboard/square`);
    const cards = squareList(page).getByRole('listitem');
    await cards.nth(5).waitFor();

    // ---- Forty Tab stops from the top of the page: authors, titles, never a card.
    const stops: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await tabStop(page));
    }
    expect(stops.filter((s) => s.includes('card'))).toEqual([]);
    expect(stops.filter((s) => s === 'author link').length).toBeGreaterThan(2);
    expect(await page.locator('.hover-card').count()).toBe(0);

    // ---- ↓ on an author link: the card opens with the focus on its name; Esc gives it back.
    const author = cards.nth(2).locator('a.author-link__link');
    await author.focus();
    expect(await author.getAttribute('aria-keyshortcuts')).toBe('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const keyed = page.locator('.hover-card');
    await keyed.waitFor();
    await expect.poll(() => focusIn(page)).toBe('card');
    expect(await author.getAttribute('aria-expanded')).toBe('true');
    expect(await drawnOnTop(page, await expectInViewport(page, keyed))).toEqual(
      Array(5).fill(true),
    );
    await page.keyboard.press('Escape');
    await keyed.waitFor({ state: 'detached' });
    expect(await focusIn(page)).toBe('author link');
    expect(await author.evaluate((el) => el === document.activeElement)).toBe(true);

    // ---- The pointer rests on a share card's author: the card, in the top layer, unclipped
    // by the share card it overhangs, inside the viewport.
    await cards.nth(1).locator('a.author-link__link').hover();
    const card = page.locator('.hover-card');
    await card.getByRole('button').waitFor();
    expect(await card.evaluate((el) => el.matches(':popover-open'))).toBe(true);
    const box = await expectInViewport(page, card);
    expect(await drawnOnTop(page, box)).toEqual(Array(5).fill(true));
    await screenshot(page, 'social-hover-card-square');

    // ---- Its follow button asks a guest to log in: the login dialog is above the card (which
    // steps out of the top layer under it) and the card comes back on top when it closes.
    await card.getByRole('button').click();
    const login = page.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
    await login.waitFor();
    await expect.poll(() => focusIn(page)).toBe('dialog');
    expect(await card.evaluate((el) => el.matches(':popover-open'))).toBe(false);
    expect(await drawnOnTop(page, box)).not.toContain(true);
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    await expect.poll(() => card.evaluate((el) => el.matches(':popover-open'))).toBe(true);
    expect(await drawnOnTop(page, box)).toEqual(Array(5).fill(true));
    expect(await focusIn(page)).toBe('card');
  });
});
