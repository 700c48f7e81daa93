import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import social from '../../src/locales/zh/social.json';
import square from '../../src/locales/zh/square.json';
import { FANS_AT_LEAST, FANS_BUDGET, measureFansList } from './support/fans-list.mjs';
import { axe, formatViolations, setupBrowser } from './support/browser';

/**
 * The fans list of 5,000 (issue 13 budget) in real Chromium against the built demo: the
 * slider keeps fewer than 200 rows in the DOM from the first page to the last and while the
 * loaded list is scrolled through. Long tasks are measured and printed here; their budget is
 * held by `npm run bench` (line 7), on a quiet machine: this suite runs two files at once.
 * And the hover card's unfollow: the same confirmation as the lists, by mouse and by Enter;
 * and my empty follow tab, which offers recommended users and follow-all instead of a dead end.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The card's follow button in any of `states` (its name is "state：name"). */
const followIn = (states: (keyof typeof social.follow.state)[], name: string) =>
  new RegExp(
    `^(${states
      .map((state) =>
        escape(fill(social.follow.buttonLabel, { action: social.follow.state[state], name })),
      )
      .join('|')})$`,
  );
/** Where focus is: inside the hover card, the confirmation, on an author link, or on <body>. */
const focusIn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    if (el.closest('.hover-card')) return 'card';
    if (el.closest('.dialog')) return 'confirm';
    if (el.matches('a.author-link__link')) return 'author link';
    return el.tagName.toLowerCase();
  });

describe('people', () => {
  it('a fans list of 5,000 keeps fewer than 200 rows in the DOM while it loads and scrolls', async () => {
    const page = await newPage();
    // Twenty jumps through the loaded list: the window must hold at every point of it (the
    // wheel through every screen, and its long tasks, are `npm run bench`'s).
    const figures = await measureFansList(page, demo, {
      log: (line) => console.log(line),
      jumps: 20,
    });
    console.log(
      `fans list: ${figures.rows} rows; loading by scrolling: ${figures.loadMs} ms, ` +
        `max ${figures.loading.maxDomRows} rows in the DOM, ${figures.loading.longTasks} long ` +
        `task(s), longest ${figures.loading.longestTaskMs} ms; scroll pass: ${figures.steps} ` +
        `steps in ${figures.scrollMs} ms, max ${figures.scrolling.maxDomRows} rows in the DOM, ` +
        `${figures.scrolling.longTasks} long task(s), longest ${figures.scrolling.longestTaskMs} ms ` +
        `[${figures.scrolling.tasks.join(', ')}]`,
    );
    expect(figures.rows).toBeGreaterThanOrEqual(FANS_AT_LEAST);
    expect(figures.lastRow).toBe(figures.rows);
    expect(figures.loading.maxDomRows).toBeLessThan(FANS_BUDGET.domRows);
    expect(figures.scrolling.maxDomRows).toBeLessThan(FANS_BUDGET.domRows);
  }, 400_000);

  it('the hover card unfollows through the confirmation, by mouse and by Enter', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    const unfollows: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE' && /\/api\/v2\/users\/[^/]+\/followers$/.test(r.url()))
        unfollows.push(new URL(r.url()).pathname);
    });
    // A share of an author the seeded author follows (the first of their feed), on its own page,
    // which keeps the byline after the unfollow (the feed would drop the share).
    await page.goto(`${demo}/dashboard/feed?scenario=signed-in`);
    const feed = page.getByRole('list', { name: square.feed.label, exact: true });
    const first = feed.getByRole('listitem').first();
    await first.waitFor();
    const name = (await first.locator('.author-link__name').innerText()).trim();
    const title = first.getByRole('heading', { level: 2 }).getByRole('link');
    const titleText = (await title.innerText()).trim();
    await title.click();
    await page.getByRole('heading', { level: 1, name: titleText, exact: true }).waitFor();
    const author = page.locator('.public-share__author a.author-link__link').first();
    const uid = (await author.getAttribute('href'))!.replace(/^\/user\//, '');

    // ---- The mouse: hover the author, press 已关注 (or 互相关注) on the card.
    await author.hover();
    const card = page.getByRole('dialog', { name, exact: true });
    const followed = card.getByRole('button', {
      name: followIn(['following', 'mutual'], name),
    });
    await followed.click();
    const confirm = page.getByRole('dialog', { name: social.follow.confirm.title, exact: true });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(fill(social.follow.confirm.text, { name }));
    expect(await card.isVisible(), 'the card stays under the confirmation').toBe(true);
    expect(await focusIn(page)).toBe('confirm');
    // Esc cancels: nothing sent, the card and its button keep the focus.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await focusIn(page)).toBe('card');
    expect(await followed.isVisible()).toBe(true);
    expect(unfollows).toEqual([]);

    // ---- The keyboard: Enter on the focused button asks again; confirming sends the DELETE.
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    const sent = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith(`/api/v2/users/${uid}/followers`),
    );
    await confirm.getByRole('button', { name: social.follow.confirm.action, exact: true }).click();
    await sent;
    await page.locator('.toast').filter({ hasText: social.follow.undone }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    const nowFollow = card.getByRole('button', {
      name: followIn(['follow', 'followBack'], name),
    });
    await nowFollow.waitFor();
    expect(unfollows).toEqual([`/api/v2/users/${uid}/followers`]);
    expect(await focusIn(page)).toBe('card');

    // ---- The pointer leaves: the card closes and focus goes back to the author, not <body>.
    await card.hover();
    await page.mouse.move(5, 5);
    await card.waitFor({ state: 'detached' });
    expect(await focusIn(page)).toBe('author link');
    expect(await author.getAttribute('aria-expanded')).toBe('false');
  });

  it('my empty follow tab offers recommendations (回关 for my fans); following all fills it', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    // The seeded author follows nobody (`feed-empty`); some of the recommended follow them.
    await page.goto(`${demo}/user/u_author?scenario=signed-in,feed-empty`);
    const header = page.locator('header.user-header');
    await header.getByRole('heading', { level: 1 }).waitFor();
    const name = (await header.getByRole('heading', { level: 1 }).innerText()).trim();
    await header
      .getByRole('button', { name: new RegExp(`${escape(social.user.following)}$`) })
      .click();
    const slider = page.getByRole('dialog', {
      name: fill(social.slider.title, { name }),
      exact: true,
    });
    await slider.waitFor();
    const offer = slider.getByRole('region', { name: social.recommend.title, exact: true });
    await offer.waitFor();
    const offered = offer.getByRole('list', { name: social.recommend.listLabel, exact: true });
    await offered.getByRole('listitem').first().waitFor();
    const count = await offered.getByRole('listitem').count();
    expect(
      await offered
        .getByRole('button', { name: new RegExp(`^${escape(social.follow.state.followBack)}：`) })
        .count(),
    ).toBeGreaterThan(0);
    const violations = await axe(page);
    expect.soft(violations, formatViolations(violations)).toEqual([]);

    await offer.getByRole('button', { name: social.recommend.followAll, exact: true }).click();
    await page.locator('.toast').filter({ hasText: social.follow.allDone }).waitFor();
    const list = slider.getByRole('list', {
      name: fill(social.slider.listFollowing, { name }),
      exact: true,
    });
    await list
      .getByRole('listitem')
      .nth(count - 1)
      .waitFor();
    expect(await offer.count()).toBe(0);
  });
});
