import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import charging from '../../src/locales/zh/charging.json';
import social from '../../src/locales/zh/social.json';
import seed from '../../mocks/seed.gen.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';

/**
 * Charging in real Chromium against the built demo (mock backend on), as the seeded author,
 * a member (issue 15 "Done when", the charging part): on another author's shared story the
 * author tips 5,000 power with a message (the care dialog follows), then opens the story's
 * supporters and finds themself first with the gold medal, "+5000" beside them, and the chart
 * of the last 30 days drawn (and as a table); on that author's page the user's supporters and
 * chart render too; /dashboard/charge lists the tip. Axe (serious and critical) on each layer.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();
const ME = { uid: 'u_author', nickname: '墨染青衣' } as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** A square story of an author none of whose works anyone has tipped: the tip ranks first. */
const charged = new Set(seed.charges.map((c) => c.share_id));
const untipped = (uid: string) =>
  [...seed.stories, ...seed.worlds].every((s) => s.uid !== uid || !charged.has(s.share_id));
const story = seed.stories.find(
  (s) =>
    s.uid !== ME.uid &&
    s.share_status === 'square' &&
    s.deleted_at === 0 &&
    !seed.users.find((u) => u.uid === s.uid)?.is_official &&
    untipped(s.uid),
)!;
const author = seed.users.find((u) => u.uid === story.uid)!;

async function expectNoSeriousAxe(page: Page, where: string, scope?: Locator) {
  const violations = await axe(page, scope);
  expect.soft(violations, `${where}:\n${formatViolations(violations)}`).toEqual([]);
}

/** The slider's chart: an image named by its heading, with a bar a day. */
async function expectChart(slider: Locator, where: string) {
  const chart = slider.getByRole('img', {
    name: fill(charging.chart.heading, { days: 30 }),
    exact: true,
  });
  await chart.waitFor({ timeout: 15_000 });
  expect(await chart.locator('rect').count(), `${where}: a bar a day`).toBe(30);
  const box = await chart.boundingBox();
  expect(box && box.width > 100 && box.height > 40, `${where}: drawn with a size`).toBe(true);
  // Its axis labels are read at their size and whole, here and on a phone (the window turned
  // to 390 × 844 with the slider open): a chart scaled down drew them 6 px tall and cut the
  // latest date in half.
  const page = slider.page();
  const before = page.viewportSize();
  for (const size of [before, { width: 390, height: 844 }]) {
    if (!size) continue;
    await page.setViewportSize(size);
    await expect
      .poll(
        () =>
          chart.evaluate((svg) => {
            const frame = svg.getBoundingClientRect();
            return [...svg.querySelectorAll('text')]
              .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
              .filter(
                ({ r }) =>
                  r.height < 10 || r.left < frame.left - 0.5 || r.right > frame.right + 0.5,
              )
              .map(
                ({ text, r }) =>
                  `${text}: ${Math.round(r.height)} px tall at ${Math.round(r.left)}–${Math.round(r.right)}`,
              );
          }),
        { message: `${where} at ${size.width} px: labels too small or cut` },
      )
      .toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}

describe('charging (issue 15)', () => {
  it('a member tips a share with a message, is ranked first with a medal; the charts render', async () => {
    expect(story, 'a square story of an untipped author in the seed').toBeDefined();
    const page = await newPage({ reducedMotion: 'reduce' });
    await page.goto(`${demo}/story/${story.share_id}?scenario=signed-in,vip-sub`);
    await page.getByRole('heading', { name: story.title, level: 1 }).waitFor({ timeout: 20_000 });

    // ---- The tip: 5,000 power with a message.
    await page
      .getByRole('button', { name: fill(social.supporters.tipLabel, { title: story.title }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: fill(charging.charge.title, { title: story.title }),
      exact: true,
    });
    const option = dialog.getByRole('radio', { name: / · 5000 / });
    await option.waitFor({ timeout: 15_000 });
    await expectNoSeriousAxe(page, 'the charge dialog', dialog);
    await option.check();
    const message = '写得真好，期待更新';
    await dialog.getByLabel(charging.charge.message).fill(message);
    await dialog.getByText(`${message.length}/50`, { exact: true }).waitFor();
    await dialog
      .getByRole('button', { name: fill(charging.charge.sendAmount, { amount: '5000' }) })
      .click();

    // ---- The care dialog follows; the toast says how much.
    const care = page.getByRole('dialog', { name: social.care.title, exact: true });
    await care.waitFor({ timeout: 15_000 });
    await page
      .locator('.toast')
      .filter({ hasText: fill(charging.charge.done, { amount: '5000' }) })
      .waitFor();
    await page.keyboard.press('Escape');
    await care.waitFor({ state: 'detached' });

    // ---- The supporters: me first, with the gold medal and +5000; the chart drawn.
    await page.getByRole('button', { name: social.supporters.open, exact: true }).click();
    const slider = page.getByRole('dialog', {
      name: fill(charging.supporters.titleShare, { title: story.title }),
      exact: true,
    });
    const rows = slider
      .getByRole('list', { name: charging.supporters.list, exact: true })
      .getByRole('listitem');
    await rows.first().waitFor({ timeout: 15_000 });
    const first = rows.first();
    expect(await first.getByText(ME.nickname).count()).toBeGreaterThan(0);
    await first.getByRole('img', { name: charging.supporters.medal.gold, exact: true }).waitFor();
    expect((await first.innerText()).includes('+5000')).toBe(true);
    await expectChart(slider, 'the share chart');
    await slider.getByRole('button', { name: charging.chart.showTable, exact: true }).click();
    const table = slider.getByRole('table', { name: charging.chart.caption });
    expect(await table.getByRole('row').count()).toBe(31);
    expect(await table.getByRole('cell', { name: '5000', exact: true }).count()).toBe(1);
    await expectNoSeriousAxe(page, 'the supporters slider', slider);
    await screenshot(page, 'charging-share-supporters');
    await page.keyboard.press('Escape');
    await slider.waitFor({ state: 'detached' });

    // ---- The author's page: their supporters (me, first) and their chart.
    await page.goto(`${demo}/user/${author.uid}`);
    await page
      .getByRole('heading', { name: author.nickname, level: 1 })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: social.user.supporters, exact: true }).click();
    const userSlider = page.getByRole('dialog', {
      name: fill(charging.supporters.titleUser, { name: author.nickname }),
      exact: true,
    });
    const userRows = userSlider
      .getByRole('list', { name: charging.supporters.list, exact: true })
      .getByRole('listitem');
    await userRows.first().waitFor({ timeout: 15_000 });
    await userRows
      .first()
      .getByRole('img', { name: charging.supporters.medal.gold, exact: true })
      .waitFor();
    await expectChart(userSlider, 'the user chart');
    await expectNoSeriousAxe(page, 'the user supporters slider', userSlider);
    await screenshot(page, 'charging-user-supporters');
    await page.keyboard.press('Escape');

    // ---- My tips on /dashboard/charge.
    await page.goto(`${demo}/dashboard/charge`);
    const records = page.getByRole('list', { name: charging.records.list, exact: true });
    await records.waitFor({ timeout: 20_000 });
    await records
      .getByText(fill(charging.records.to, { title: story.title }))
      .first()
      .waitFor();
    await records.getByText(message).first().waitFor();
    await expectNoSeriousAxe(page, '/dashboard/charge');
  });
});
