import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import account from '../../src/locales/zh/account.json';
import auth from '../../src/locales/zh/auth.json';
import charging from '../../src/locales/zh/charging.json';
import common from '../../src/locales/zh/common.json';
import exploration from '../../src/locales/zh/exploration.json';
import social from '../../src/locales/zh/social.json';
import stories from '../../src/locales/zh/stories.json';
import worlds from '../../src/locales/zh/worlds.json';
import seed from '../../mocks/seed.gen.json';
import { sessionFetch } from '../../scripts/bench-chat.mjs';
import { axe, formatViolations, nextFrames, setupBrowser } from './support/browser';
import { openLatestChat } from './support/chat';
import { admin } from './support/mock-admin';

/**
 * Durable text beyond the chapter editor (src/lib/use-durable-text.ts): each test types a
 * counted number of a character found nowhere else, applies a fault, and counts that character
 * where the user looks for it afterwards (the field, then the server after saving). Every
 * fault must lose 0.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

/** Characters of CJK Extension A: in no seeded text, no string of the app. */
const MARKS = ['㑀', '㑁', '㑂', '㑃', '㑄', '㑅', '㑆', '㑇'];
const count = (text: string, ch: string) => text.split(ch).length - 1;

const world = seed.worlds.find((w) => w.uid === 'u_author')!;
const background = (page: Page) =>
  page.getByRole('textbox', { name: worlds.fields.background, exact: true });
const offer = (page: Page) => page.getByRole('group', { name: /未保存的文字/ });

async function openWorld(page: Page, scenario = '') {
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${demo}/dashboard/worlds/${world.id}${scenario ? `?scenario=${scenario}` : ''}`);
  await background(page).waitFor();
}

async function typeAtEnd(page: Page, field: ReturnType<typeof background>, text: string) {
  await field.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Kills the page's renderer: no beforeunload, no pagehide, nothing written after. */
async function crash(page: Page) {
  page.removeAllListeners('crash');
  const cdp = await page.context().newCDPSession(page);
  const crashed = new Promise((done) => page.once('crash', done));
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
}

async function serverBackground(page: Page) {
  const answer = await sessionFetch(page, `/api/v1/universes/${world.id}`);
  return (answer.body as { background?: string } | null)?.background ?? '';
}

async function saveWorld(page: Page) {
  await page.getByRole('button', { name: worlds.editor.saveInfo, exact: true }).click();
  await page.getByText(worlds.editor.saved, { exact: true }).first().waitFor();
}

describe('world background: nothing typed is lost', () => {
  it('reload without saving: the text is offered back, restore focused; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[0]!;
    await typeAtEnd(page, background(page), mark.repeat(150));
    await page.reload();
    await offer(page).waitFor();
    // The offer has the focus on 恢复: Enter takes the text back.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(common.draft.restore);
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(count(await background(page).inputValue(), mark)).toBe(150);
    // Focus went to the form, not to the page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await saveWorld(page);
    expect(count(await serverBackground(page), mark)).toBe(150);
    // Saved: nothing is offered any more.
    await page.reload();
    await background(page).waitFor();
    await page.getByRole('heading', { level: 2, name: worlds.editor.info }).waitFor();
    expect(await offer(page).count()).toBe(0);
  });

  it('renderer crash right after the last key: offered in a new tab; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[1]!;
    await typeAtEnd(page, background(page), mark.repeat(150));
    await crash(page);
    const again = await page.context().newPage();
    await openWorld(again);
    await offer(again).waitFor();
    await again.keyboard.press('Enter');
    expect(count(await background(again).inputValue(), mark)).toBe(150);
    await saveWorld(again);
    expect(count(await serverBackground(again), mark)).toBe(150);
  });

  it('the session ends mid-edit: the text stays, read-only, under the login dialog; log in, type on, save; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const [before, after] = [MARKS[4]!, MARKS[7]!];
    await typeAtEnd(page, background(page), before.repeat(120));

    // The server ends the session (its tokens expire, their refresh is refused); the save
    // meets it.
    await admin(page, 'applyScenarios', ['token-expired', 'refresh-fails']);
    await page.getByRole('button', { name: worlds.editor.saveInfo, exact: true }).click();
    // The screen turns read-only at once; the keyboard goes to the banner, not the page.
    await page.locator('.session-held').waitFor();
    expect(
      await page.evaluate(
        () => !!document.activeElement?.closest('.session-held, [role="dialog"]'),
      ),
    ).toBe(true);
    const login = page.getByRole('dialog', { name: common.auth.loginTitle, exact: true });
    await login.waitFor();

    // Under the dialog (the page behind is inert, so found by its markup): the text on view,
    // read-only, and the banner saying why.
    const held = page.locator('.worlds-form textarea');
    expect(count(await held.inputValue(), before)).toBe(120);
    expect(await held.evaluate((el) => el.closest('.guarded-screen')?.hasAttribute('inert'))).toBe(
      true,
    );
    expect(await page.locator('.session-held').innerText()).toContain(common.auth.sessionHeldTitle);
    // The keyboard is in the dialog, never on the page.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
      true,
    );
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await login.getByRole('button', { name: auth.modes.email, exact: true }).click();
    await login.getByLabel(auth.email, { exact: true }).fill('author@inkworld.test');
    await login.getByLabel(auth.password, { exact: true }).fill('inkworld2026');
    await login.getByRole('button', { name: auth.submit, exact: true }).click();
    await login.waitFor({ state: 'detached' });

    // Live again: the banner gone, the keyboard back in the field, typing goes on there.
    await page.locator('.session-held').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(after.repeat(80));
    await saveWorld(page);
    await expect.poll(async () => count(await serverBackground(page), after)).toBe(80);
    const saved = await serverBackground(page);
    expect(count(saved, before)).toBe(120);
    expect(count(await background(page).inputValue(), before)).toBe(120);
    expect(count(await background(page).inputValue(), after)).toBe(80);
  });

  it('an open tab keeps its own text: a second tab is not offered it', async () => {
    const a = await newPage();
    await openWorld(a, 'signed-in');
    await typeAtEnd(a, background(a), MARKS[2]!.repeat(20));
    const b = await a.context().newPage();
    await openWorld(b);
    await b.getByRole('heading', { level: 2, name: worlds.editor.info }).waitFor();
    // Tab A is still open with its text: B shows the server's copy and offers nothing.
    await nextFrames(b);
    expect(await offer(b).count()).toBe(0);
    expect(count(await background(b).inputValue(), MARKS[2]!)).toBe(0);
    expect(count(await background(a).inputValue(), MARKS[2]!)).toBe(20);
  });
});

describe('glossary entry: nothing typed is lost', () => {
  // An entry of the world whose name is unique in it (its edit button is then unique too).
  const own = seed.entries.filter((e) => e.universe_id === world.id);
  const entry = own.find((e) => own.filter((x) => x.name === e.name).length === 1)!;
  const fill = (template: string, name: string) => template.replace('{{name}}', name);

  async function openEntry(page: Page) {
    await page
      .getByRole('button', { name: fill(worlds.glossary.edit, entry.name), exact: true })
      .click();
    const dialog = page.getByRole('dialog', {
      name: fill(worlds.entry.editTitle, entry.name),
      exact: true,
    });
    await dialog.waitFor();
    return dialog;
  }

  it('reload with the edit dialog open: reopened, the text is offered back; 0 lost', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    const mark = MARKS[2]!;
    const description = (await openEntry(page)).getByRole('textbox', {
      name: worlds.entry.description,
      exact: true,
    });
    await typeAtEnd(page, description, mark.repeat(60));
    await page.reload();
    await background(page).waitFor();
    const again = await openEntry(page);
    await offer(page).waitFor();
    await page.keyboard.press('Enter');
    const field = again.getByRole('textbox', { name: worlds.entry.description, exact: true });
    expect(count(await field.inputValue(), mark)).toBe(60);
    await again.getByRole('button', { name: common.actions.save, exact: true }).click();
    await again.waitFor({ state: 'detached' });
    const answer = await sessionFetch(page, `/api/v1/universes/${world.id}/entries?limit=100`);
    const saved = (answer.body as { data?: { id: string; description: string }[] } | null)?.data;
    expect(count(saved?.find((e) => e.id === entry.id)?.description ?? '', mark)).toBe(60);
  });
});

describe('glossary entry: a dialog with typed text asks before it closes', () => {
  const own = seed.entries.filter((e) => e.universe_id === world.id);
  const entry = own.find((e) => own.filter((x) => x.name === e.name).length === 1)!;
  const fill = (template: string, name: string) => template.replace('{{name}}', name);

  it('Esc asks: 继续编辑 keeps every character and the focus, then 放弃 closes and drops it', async () => {
    const page = await newPage();
    await openWorld(page, 'signed-in');
    await page
      .getByRole('button', { name: fill(worlds.glossary.edit, entry.name), exact: true })
      .click();
    const dialog = page.getByRole('dialog', {
      name: fill(worlds.entry.editTitle, entry.name),
      exact: true,
    });
    const description = dialog.getByRole('textbox', {
      name: worlds.entry.description,
      exact: true,
    });
    const mark = MARKS[3]!;
    await typeAtEnd(page, description, mark.repeat(80));

    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: common.unsaved.title, exact: true });
    await ask.waitFor();
    // 继续编辑 has the focus: Enter (or a key pressed on by habit) keeps the text.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(common.unsaved.keep);
    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(count(await description.inputValue(), mark)).toBe(80);
    // The focus is back in the field: typing goes on where it was.
    await expect.poll(() => description.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(mark);
    expect(count(await description.inputValue(), mark)).toBe(81);

    await page.keyboard.press('Escape');
    await ask.waitFor();
    await ask.getByRole('button', { name: common.unsaved.discard, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // Thrown away on purpose: no copy is kept, and the entry opens with the server's text.
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('texts:entry:')),
    );
    expect(kept).toEqual([]);
    await page
      .getByRole('button', { name: fill(worlds.glossary.edit, entry.name), exact: true })
      .click();
    await dialog.waitFor();
    expect(count(await description.inputValue(), mark)).toBe(0);
  });
});

describe('chat: nothing typed is lost', () => {
  const input = (page: Page) =>
    page.getByRole('textbox', { name: exploration.input.label, exact: true });

  it('a message edit: reload mid-edit, the edit reopened offers it back; 0 lost', async () => {
    const page = await newPage();
    await openLatestChat(page, demo, 'signed-in');
    const mine = () => page.getByTestId('chat-log').locator('article.chat-message--player').last();
    const startEdit = async () => {
      await mine().hover();
      await mine()
        .getByRole('button', {
          name: exploration.messages.edit.replace('{{who}}', exploration.messages.you),
        })
        .click();
      return mine().getByRole('textbox', { name: exploration.messages.editLabel });
    };
    const mark = MARKS[2]!;
    await typeAtEnd(page, await startEdit(), mark.repeat(100));
    await page.reload();
    await input(page).waitFor();
    const editor = await startEdit();
    await offer(page).waitFor();
    await page.keyboard.press('Enter');
    expect(count(await editor.inputValue(), mark)).toBe(100);
    await mine().getByRole('button', { name: exploration.messages.saveEdit }).click();
    await expect.poll(async () => count(await mine().innerText(), mark)).toBe(100);
  });

  it('renderer crash during continuous typing: 0 lost', async () => {
    const page = await newPage();
    const url = await openLatestChat(page, demo, 'signed-in');
    const mark = MARKS[3]!;
    // Typed without a pause, crashed right after the last key.
    await input(page).click();
    await page.keyboard.type(mark.repeat(200));
    await crash(page);
    const again = await page.context().newPage();
    await again.goto(url);
    await expect.poll(async () => count(await input(again).inputValue(), mark)).toBe(200);
  });

  it('two tabs on one chat, both closed: both texts come back; 0 lost', async () => {
    const a = await newPage();
    const url = await openLatestChat(a, demo, 'signed-in');
    const b = await a.context().newPage();
    await b.goto(url);
    await input(b).waitFor();
    const [markA, markB] = [MARKS[4]!, MARKS[5]!];
    await input(a).click();
    await a.keyboard.type(markA.repeat(120));
    await input(b).click();
    await b.keyboard.type(markB.repeat(120));
    await a.close({ runBeforeUnload: true });
    await b.close({ runBeforeUnload: true });
    const again = await a.context().newPage();
    await again.goto(url);
    await expect
      .poll(async () => {
        const text = await input(again).inputValue();
        return [count(text, markA), count(text, markB)];
      })
      .toEqual([120, 120]);
  });
});

describe('dialog texts: back when the dialog reopens on the same object', () => {
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
  // A square story of another author (the seeded author cannot tip or report their own).
  const story = seed.stories.find(
    (s) =>
      s.uid !== 'u_author' &&
      s.share_status === 'square' &&
      s.deleted_at === 0 &&
      !seed.users.find((u) => u.uid === s.uid)?.is_official,
  )!;

  async function openStory(page: Page, scenario: string) {
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${demo}/story/${story.share_id}?scenario=${scenario}`);
    await page.getByRole('heading', { name: story.title, level: 1 }).waitFor();
  }

  it('report text: reload mid-typing (with the leave prompt), reopen: 0 lost', async () => {
    const page = await newPage();
    await openStory(page, 'signed-in');
    const openReport = async () => {
      await page
        .getByRole('button', { name: fill(social.share.reportLabel, { title: story.title }) })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fill(social.report.titleOf.story, { title: story.title }),
        exact: true,
      });
      await dialog.waitFor();
      return dialog;
    };
    const mark = MARKS[0]!;
    const first = await openReport();
    await first.getByRole('textbox').click();
    await page.keyboard.type(mark.repeat(150));
    // The tab asks before it goes (accepted here), and the text is kept anyway.
    const asked = page.waitForEvent('dialog');
    await page.reload();
    expect((await asked).type()).toBe('beforeunload');
    await page.getByRole('heading', { name: story.title, level: 1 }).waitFor();
    const again = await openReport();
    await expect
      .poll(async () => count(await again.getByRole('textbox').inputValue(), mark))
      .toBe(150);
  });

  it('tip message: renderer crash mid-typing, reopen: 0 lost', async () => {
    const page = await newPage();
    await openStory(page, 'signed-in,vip-sub');
    const openTip = async (on: Page) => {
      await on
        .getByRole('button', { name: fill(social.supporters.tipLabel, { title: story.title }) })
        .click();
      const dialog = on.getByRole('dialog', {
        name: fill(charging.charge.title, { title: story.title }),
        exact: true,
      });
      await dialog.waitFor();
      return dialog.getByLabel(charging.charge.message);
    };
    const mark = MARKS[1]!;
    await (await openTip(page)).click();
    await page.keyboard.type(mark.repeat(45));
    await crash(page);
    const next = await page.context().newPage();
    await openStory(next, 'signed-in,vip-sub');
    const message = await openTip(next);
    await expect.poll(async () => count(await message.inputValue(), mark)).toBe(45);
  });
});

describe('story title: nothing typed is lost', () => {
  it('a crash with the new-story dialog open: the title is offered back there; 0 lost', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    const create = page.getByRole('button', { name: stories.list.create, exact: true });
    const dialog = page.getByRole('dialog', { name: stories.list.createHeading });
    const title = dialog.getByRole('textbox', { name: stories.list.titleLabel, exact: true });
    await create.click();
    const mark = MARKS[6]!;
    await title.click();
    await page.keyboard.type(mark.repeat(20));
    await crash(page);

    const again = await page.context().newPage();
    await again.goto(`${demo}/dashboard/novels`);
    await again.getByRole('button', { name: stories.list.create, exact: true }).click();
    const reopened = again.getByRole('dialog', { name: stories.list.createHeading });
    await offer(again).waitFor();
    await again.keyboard.press('Enter');
    const field = reopened.getByRole('textbox', { name: stories.list.titleLabel, exact: true });
    expect(count(await field.inputValue(), mark)).toBe(20);
    await reopened.getByRole('button', { name: stories.list.createSubmit, exact: true }).click();
    await reopened.waitFor({ state: 'detached' });
    await again
      .getByRole('link', { name: mark.repeat(20), exact: true })
      .first()
      .waitFor();
  });
});

describe('feedback text: nothing typed is lost', () => {
  it('a reload with the feedback half-written: the text is back when the form opens again; 0 lost', async () => {
    const page = await newPage();
    page.on('dialog', (d) => void d.accept());
    const openFeedback = async () => {
      await page.getByRole('button', { name: common.auth.account }).click();
      await page.getByRole('button', { name: common.auth.feedback, exact: true }).click();
      const form = page.getByRole('dialog', { name: account.feedback.title, exact: true });
      await form.waitFor();
      return form;
    };
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    const mark = MARKS[6]!;
    let form = await openFeedback();
    await form.getByLabel(account.feedback.content).click();
    await page.keyboard.type(`反馈${mark.repeat(40)}`);
    await page.reload();

    form = await openFeedback();
    const text = form.getByLabel(account.feedback.content);
    await expect.poll(async () => count(await text.inputValue(), mark)).toBe(40);
    await form.getByRole('button', { name: account.feedback.send, exact: true }).click();
    await form.waitFor({ state: 'detached' });
    // Sent: the form opens empty.
    form = await openFeedback();
    expect(await form.getByLabel(account.feedback.content).inputValue()).toBe('');
  });
});
