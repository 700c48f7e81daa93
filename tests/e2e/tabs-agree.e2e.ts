import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import seed from '../../mocks/seed.gen.json';
import common from '../../src/locales/zh/common.json';
import social from '../../src/locales/zh/social.json';
import stories from '../../src/locales/zh/stories.json';
import worlds from '../../src/locales/zh/worlds.json';
import { setupBrowser } from './support/browser';
import { body, caretAtEnd, chapter, story, waitSaved } from './support/chapter';

/**
 * Open tabs agree (src/app/cross-tab-cache.ts): a write in tab A shows in tab B of the same
 * browser without a reload, within a second of A's answer. Each test prints how long B took.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

/** How long tab B takes to show `shown`, from the moment A's write was answered. */
async function sinceAnswer(answered: Promise<unknown>, shown: () => Promise<void>) {
  await answered;
  const t0 = Date.now();
  await shown();
  return Date.now() - t0;
}

const answerTo = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse(
    (r) => r.request().method() === method && path.test(new URL(r.url()).pathname) && r.ok(),
  );

/** A user the seeded author neither follows nor is followed by. */
const followed = new Set(
  seed.follows.filter((f) => f.follower === 'u_author').map((f) => f.followee),
);
const fans = new Set(seed.follows.filter((f) => f.followee === 'u_author').map((f) => f.follower));
const stranger = seed.users.find(
  (u) =>
    u.uid !== 'u_author' &&
    !u.uid.startsWith('u_official') &&
    !followed.has(u.uid) &&
    !fans.has(u.uid),
)!;

const followButton = (page: Page, action: string) =>
  page.getByRole('button', {
    name: social.follow.buttonLabel
      .replace('{{action}}', action)
      .replace('{{name}}', stranger.nickname),
    exact: true,
  });
const fanCount = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`${social.user.fans}$`) }).locator('strong');

async function secondTab(a: Page, path: string) {
  const b = await a.context().newPage();
  await b.goto(demo + path);
  return b;
}

describe('open tabs agree', () => {
  it("a follow in tab A turns tab B's button and fan count within a second", async () => {
    const a = await newPage();
    await a.goto(`${demo}/user/${stranger.uid}?scenario=signed-in`);
    await followButton(a, social.follow.state.follow).waitFor();
    // Signed in (a visitor sees 关注 too) before tab B opens on the same session.
    await a.getByRole('button', { name: common.auth.account }).waitFor();
    const b = await secondTab(a, `/user/${stranger.uid}`);
    await followButton(b, social.follow.state.follow).waitFor();
    const fansBefore = Number(await fanCount(b).innerText());

    const answered = answerTo(a, 'POST', /\/followers$/);
    await followButton(a, social.follow.state.follow).click();
    const ms = await sinceAnswer(answered, async () => {
      await followButton(b, social.follow.state.following).waitFor();
      await expect.poll(async () => Number(await fanCount(b).innerText())).toBe(fansBefore + 1);
    });
    console.log(`[tabs] follow shown in tab B ${ms} ms after tab A's answer`);
    expect(ms).toBeLessThanOrEqual(1000);
  });

  it("a world renamed in tab A is in tab B's list within a second", async () => {
    const world = seed.worlds.find((w) => w.uid === 'u_author')!;
    const a = await newPage();
    await a.goto(`${demo}/dashboard/worlds/${world.id}?scenario=signed-in`);
    const title = a.getByLabel(worlds.fields.title, { exact: true });
    await title.waitFor();
    const b = await secondTab(a, '/dashboard/worlds');
    const list = b.getByRole('list', { name: worlds.list.label });
    await list.getByRole('link', { name: world.title }).first().waitFor();

    const renamed = `${world.title}·改`;
    await title.fill(renamed);
    const answered = answerTo(a, 'PATCH', new RegExp(`/universes/${world.id}$`));
    await a.getByRole('button', { name: worlds.editor.saveInfo, exact: true }).click();
    const ms = await sinceAnswer(answered, () =>
      list.getByRole('link', { name: renamed }).first().waitFor(),
    );
    console.log(`[tabs] world title shown in tab B ${ms} ms after tab A's answer`);
    expect(ms).toBeLessThanOrEqual(1000);
  });

  it('an open world editor in tab B follows a save in tab A, and asks when both changed a field', async () => {
    const world = seed.worlds.filter((w) => w.uid === 'u_author')[1]!;
    const a = await newPage();
    await a.goto(`${demo}/dashboard/worlds/${world.id}?scenario=signed-in`);
    const titleIn = (page: Page) => page.getByLabel(worlds.fields.title, { exact: true });
    // Tab A is signed in (its scenario applied) before tab B opens on the same session.
    await titleIn(a).waitFor();
    const b = await secondTab(a, `/dashboard/worlds/${world.id}`);
    const backgroundIn = (page: Page) => page.getByLabel(worlds.fields.background, { exact: true });
    await titleIn(b).waitFor();
    const save = (page: Page) =>
      page.getByRole('button', { name: worlds.editor.saveInfo, exact: true }).click();

    // B has edited nothing: it shows A's title.
    await titleIn(a).fill(`${world.title}·甲`);
    await save(a);
    await expect.poll(() => titleIn(b).inputValue()).toBe(`${world.title}·甲`);

    // B edits the background while A saves a new background: B's text stays, and B is asked.
    const mine = '乙标签页里正在写的背景。';
    await backgroundIn(b).fill(mine);
    await backgroundIn(a).fill('甲标签页保存的背景。');
    await save(a);
    const notice = b.getByRole('group', { name: common.draft.elsewhere });
    await notice.waitFor();
    expect(await backgroundIn(b).inputValue()).toBe(mine);
    await notice.getByRole('button', { name: common.draft.keepMine, exact: true }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await backgroundIn(b).inputValue()).toBe(mine);
  });

  it("a chapter saved in tab A updates tab B's chapter list within a second", async () => {
    const a = await newPage({ clock: true });
    await a.goto(`${demo}/editor?nid=${story.id}&cid=${chapter.id}&scenario=signed-in`);
    await body(a).waitFor();
    const b = await secondTab(a, `/dashboard/novels/${story.id}`);
    const row = b
      .getByRole('listitem')
      .filter({ has: b.getByRole('link', { name: chapter.name, exact: true }) });
    const words = (n: number) =>
      row.getByText(stories.list.words_other.replace('{{formatted}}', String(n)), { exact: true });
    const before = Number((await row.getByText(/ 字$/).first().innerText()).replace(/\D/g, ''));

    const added = '又写了六个字';
    const answered = answerTo(a, 'PUT', new RegExp(`/chapters/${chapter.id}/content$`));
    await caretAtEnd(a);
    await a.keyboard.type(added);
    await waitSaved(a);
    const ms = await sinceAnswer(answered, () => words(before + added.length).waitFor());
    console.log(`[tabs] chapter save shown in tab B ${ms} ms after tab A's answer`);
    expect(ms).toBeLessThanOrEqual(1000);
  });
});
