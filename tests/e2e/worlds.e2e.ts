import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import zh from '../../src/locales/zh/worlds.json';
import zhCommon from '../../src/locales/zh/common.json';
import zhMedia from '../../src/locales/zh/media.json';
import { axe, formatViolations, screenshot, setupBrowser } from './support/browser';

/**
 * A world built like a user would in real Chromium against the built demo: a new world with
 * forbidden words, three characters with relationships, then a reload; everything is still
 * there (the demo's backend keeps its data in IndexedDB).
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

interface Character {
  name: string;
  description: string;
  goal: string;
  relationships: { name: string; tags: string }[];
}

const CHARACTERS: Character[] = [
  { name: '林月', description: '剑客，寡言。', goal: '找到失踪的师父', relationships: [] },
  {
    name: '白鹤',
    description: '林月的师兄。',
    goal: '守住书院',
    relationships: [{ name: '林月', tags: '师兄妹，挚友' }],
  },
  {
    name: '苏（青）',
    description: '书院的先生。',
    goal: '写完史书',
    relationships: [
      { name: '林月', tags: '师徒' },
      { name: '白鹤', tags: '师徒' },
    ],
  },
];

async function addCharacter(page: Page, c: Character) {
  await button(page, zh.glossary.add).click();
  const dialog = page.getByRole('dialog', { name: zh.entry.newTitle });
  await dialog.getByRole('radio', { name: zh.entry.types.character }).check();
  await field(dialog, zh.entry.name).fill(c.name);
  await field(dialog, zh.entry.description).fill(c.description);
  await dialog.getByRole('checkbox', { name: zh.entry.recommended }).check();
  await field(dialog, zh.entry.target).fill(c.goal);
  for (const [i, r] of c.relationships.entries()) {
    await button(dialog, zh.entry.addRelationship).click();
    await field(dialog, zh.entry.relationshipName.replace('{{n}}', String(i + 1))).fill(r.name);
    await field(dialog, zh.entry.relationshipTags.replace('{{n}}', String(i + 1))).fill(r.tags);
  }
  await button(dialog, zhCommon.actions.save).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('worlds', () => {
  it('builds a world with three characters, relationships and forbidden words that survives a reload', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/worlds?scenario=signed-in`);
    await page.getByRole('list', { name: zh.list.label }).waitFor();

    await button(page, zh.list.create).click();
    const create = page.getByRole('dialog', { name: zh.create.title });
    await field(create, zh.fields.title).fill('云梦泽');
    await field(create, zh.fields.background).fill('大泽之上，七座书院守着一部未写完的史书。');
    for (const word of ['手机', '电脑']) {
      await field(create, zh.words.label).fill(word);
      await button(create, zh.words.add).click();
    }
    await button(create, zh.create.submit).click();
    await page.waitForURL((u) => /^\/dashboard\/worlds\/w_/.test(u.pathname));
    await page.getByRole('heading', { level: 1, name: '云梦泽' }).waitFor();
    const worldPath = new URL(page.url()).pathname;

    const words = page.getByRole('region', { name: zh.words.title });
    await field(words, zh.words.label).fill('网络');
    await button(words, zh.words.add).click();
    await words.getByText('网络', { exact: true }).waitFor();

    for (const c of CHARACTERS) await addCharacter(page, c);
    await page.getByRole('list', { name: zh.glossary.list.replace('{{total}}', '3') }).waitFor();

    const violations = await axe(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // The backend stores each write before it answers: a reload right away keeps everything.
    await page.reload();

    expect(new URL(page.url()).pathname).toBe(worldPath);
    await page.getByRole('heading', { level: 1, name: '云梦泽' }).waitFor();
    const list = page.getByRole('list', { name: zh.glossary.list.replace('{{total}}', '3') });
    await list.waitFor();
    for (const c of CHARACTERS) await list.getByText(c.name, { exact: true }).waitFor();
    const wordList = page.getByRole('list', { name: zh.words.list });
    expect(await wordList.getByRole('listitem').allTextContents()).toEqual(
      ['手机', '电脑', '网络'].map((w) => `${w}×`),
    );
    await expect(field(page, zh.fields.background).inputValue()).resolves.toBe(
      '大泽之上，七座书院守着一部未写完的史书。',
    );

    const third = CHARACTERS[2]!;
    await button(page, zh.glossary.edit.replace('{{name}}', third.name)).click();
    const dialog = page.getByRole('dialog', {
      name: zh.entry.editTitle.replace('{{name}}', third.name),
    });
    expect(await field(dialog, zh.entry.target).inputValue()).toBe(third.goal);
    expect(await dialog.getByRole('checkbox', { name: zh.entry.recommended }).isChecked()).toBe(
      true,
    );
    for (const [i, r] of third.relationships.entries()) {
      const n = String(i + 1);
      expect(await field(dialog, zh.entry.relationshipName.replace('{{n}}', n)).inputValue()).toBe(
        r.name,
      );
      expect(await field(dialog, zh.entry.relationshipTags.replace('{{n}}', n)).inputValue()).toBe(
        r.tags,
      );
    }
    await screenshot(page, 'worlds-character-after-reload');
    await button(dialog, zhCommon.actions.cancel).click();

    // The world is on my worlds, with its three entries.
    await page.goto(`${demo}/dashboard/worlds`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: '云梦泽' }) });
    await card.getByText(zh.list.entries_other.replace('{{count}}', '3')).waitFor();
  });

  it('asks before leaving the world editor with unsaved changes', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/worlds?scenario=signed-in`);
    await page.getByRole('list', { name: zh.list.label }).getByRole('link').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await field(page, zh.fields.title).fill('还没保存的标题');
    await page.getByRole('link', { name: zh.editor.back }).click();
    const prompt = page.getByRole('dialog', { name: zh.unsaved.title });
    await prompt.waitFor();
    await button(prompt, zh.unsaved.stay).click();
    expect(await field(page, zh.fields.title).inputValue()).toBe('还没保存的标题');
    await page.getByRole('link', { name: zh.editor.back }).click();
    await button(page.getByRole('dialog', { name: zh.unsaved.title }), zh.unsaved.leave).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/worlds');
  });
  it('uploads a world cover through the cropper, and it stays after a reload', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/worlds?scenario=signed-in`);
    await page.getByRole('list', { name: zh.list.label }).getByRole('link').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A 300 × 600 picture drawn by the page itself.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 300;
      canvas.height = 600;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#3a6ea5';
      g.fillRect(0, 0, 300, 600);
      g.fillStyle = '#f2c14e';
      g.fillRect(50, 100, 200, 300);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await button(page, zhMedia.field.upload).click();
    const cropper = page.getByRole('dialog', { name: zh.fields.coverCropperTitle });
    await cropper.getByLabel(zhMedia.cropper.fileInput).setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    // The passed upload is saved to the world at once (cover-field.tsx).
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && /\/api\/v1\/universes\/[^/]+$/.test(r.url()),
    );
    // Awaited below; a failure before then is the test's, not an unhandled rejection.
    saved.catch(() => undefined);
    await button(cropper, zhMedia.cropper.confirm).click();
    await cropper.waitFor({ state: 'detached', timeout: 30_000 });
    const cover = page.getByRole('img', { name: zh.fields.cover, exact: true });
    await cover.waitFor();
    const src = await cover.getAttribute('src');
    expect(src).toBeTruthy();

    expect((await saved).ok()).toBe(true);
    await page.reload();
    await page.getByRole('img', { name: zh.fields.cover, exact: true }).waitFor();
    expect(
      await page.getByRole('img', { name: zh.fields.cover, exact: true }).getAttribute('src'),
    ).toBe(src);
  });
});
