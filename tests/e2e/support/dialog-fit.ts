import type { Locator, Page } from 'playwright-core';
import zhCommon from '../../../src/locales/zh/common.json';
import enCommon from '../../../src/locales/en/common.json';
import zhExploration from '../../../src/locales/zh/exploration.json';
import enExploration from '../../../src/locales/en/exploration.json';
import zhMembership from '../../../src/locales/zh/membership.json';
import enMembership from '../../../src/locales/en/membership.json';
import zhSocial from '../../../src/locales/zh/social.json';
import enSocial from '../../../src/locales/en/social.json';
import zhStories from '../../../src/locales/zh/stories.json';
import enStories from '../../../src/locales/en/stories.json';
import zhWorlds from '../../../src/locales/zh/worlds.json';
import enWorlds from '../../../src/locales/en/worlds.json';
import { world } from './durable-text';
import { fill } from './locale';
import { accountMenu } from './shell';
import { othersStory } from './stories';

/**
 * Whether the app's dialogs fit the screen (issue 24): each dialog opened as a user opens it,
 * then checked in the page by `misfits`. The cases name their buttons in the UI's language.
 */

const COPY = {
  zh: {
    common: zhCommon,
    exploration: zhExploration,
    membership: zhMembership,
    social: zhSocial,
    stories: zhStories,
    worlds: zhWorlds,
  },
  en: {
    common: enCommon,
    exploration: enExploration,
    membership: enMembership,
    social: enSocial,
    stories: enStories,
    worlds: enWorlds,
  },
};
export type FitLanguage = keyof typeof COPY;
type Copy = (typeof COPY)[FitLanguage];

const prefix = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
/** A name that starts as `template` does up to its first placeholder. */
const lead = (template: string) => prefix(template.slice(0, template.indexOf('{{')));

export interface FitCase {
  name: string;
  /** Where the dialog is opened (signed in as the seeded author). */
  path: string;
  open: (page: Page, copy: Copy) => Promise<void>;
  /** What shows once the dialog has its content (a list it loads). */
  ready?: (dialog: Locator, copy: Copy) => Locator;
  /** A later state of the same dialog, reached from the first, checked too. */
  then?: { name: string; reach: (dialog: Locator, copy: Copy) => Promise<void> };
}

/** A payment dialog's second state: the QR code of the order it created. */
const qrCode: FitCase['then'] = {
  name: 'QR code',
  reach: async (dialog, c) => {
    await dialog.getByRole('button', { name: c.membership.pay.scanToPay, exact: true }).click();
    await dialog.getByRole('img', { name: lead(c.membership.pay.qrAlt) }).waitFor();
  },
};

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' }).first();

/**
 * A control of the chat's toolbar, in the author's latest game (opened from My games when the
 * page is not in it yet); where the controls fold away (phones) through 设置 first.
 */
async function chatControl(page: Page, c: Copy, name: string) {
  if (!page.url().includes('/exploration?')) await continueLatestGame(page, c);
  const more = page.getByRole('button', { name: c.exploration.toolbar.more, exact: true });
  if (await more.isVisible()) {
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  }
  await button(page, name).click();
}

/** Every dialog a signed-in author opens from a screen, grouped by the screen it opens on. */
export const FIT_CASES: FitCase[] = [
  {
    name: 'start exploration',
    path: '/dashboard/worlds',
    open: (page, c) => button(page, prefix(c.worlds.explore)).click(),
    // The first world on the list has a game and characters: the dialog's fullest state.
    ready: (dialog, c) =>
      dialog.getByRole('button', { name: c.exploration.start.continue, exact: true }),
  },
  {
    name: 'create world',
    path: '/dashboard/worlds',
    open: (page, c) => button(page, c.worlds.list.create).click(),
  },
  {
    name: 'copy world by share code',
    path: '/dashboard/worlds',
    open: (page, c) => button(page, c.worlds.list.copy).click(),
  },
  {
    name: 'glossary entry',
    path: `/dashboard/worlds/${world.id}`,
    open: (page, c) => button(page, c.worlds.glossary.add).click(),
  },
  {
    name: 'create story',
    path: '/dashboard/novels',
    open: (page, c) => button(page, c.stories.list.create).click(),
  },
  {
    name: 'delete story (confirmation)',
    path: '/dashboard/novels',
    open: (page, c) => button(page, lead(c.stories.list.deleteOf)).click(),
  },
  {
    name: 'user info',
    path: '/dashboard/novels',
    open: async (page, c) => {
      await accountMenu(page, c.common).click();
      await button(page, c.common.auth.editProfile).click();
    },
  },
  {
    name: 'membership payment',
    path: '/dashboard/vip',
    open: (page, c) => button(page, lead(c.membership.vip.buyLabel)).click(),
    then: qrCode,
  },
  {
    name: 'power pack payment',
    path: '/dashboard/package',
    open: (page, c) => button(page, lead(c.membership.package.buyLabel)).click(),
    then: qrCode,
  },
  {
    name: 'chat save',
    path: '/dashboard/exploration',
    open: (page, c) => chatControl(page, c, c.exploration.toolbar.save),
  },
  {
    name: 'chat save points',
    path: '/dashboard/exploration',
    open: (page, c) => chatControl(page, c, c.exploration.toolbar.savePoints),
  },
  {
    name: 'chat world and forbidden words',
    path: '/dashboard/exploration',
    open: (page, c) => chatControl(page, c, c.exploration.toolbar.world),
  },
  {
    name: 'report',
    path: `/story/${othersStory.share_id}`,
    open: (page, c) =>
      button(page, fill(c.social.share.reportLabel, { title: othersStory.title })).click(),
  },
  {
    name: 'tip',
    path: `/story/${othersStory.share_id}`,
    open: (page, c) =>
      button(page, fill(c.social.supporters.tipLabel, { title: othersStory.title })).click(),
  },
];

export const copyOf = (lang: FitLanguage) => COPY[lang];

/** On My games, continues the latest game as a player does; resolves when its chat is open. */
export async function continueLatestGame(page: Page, c: Copy) {
  await page
    .getByRole('link', { name: lead(c.exploration.games.continueGame) })
    .first()
    .click();
  await page.getByTestId('chat-input').waitFor();
}

/** The interface language and theme, chosen in the header as a user does (no dialog open). */
export async function chooseLanguageAndTheme(
  page: Page,
  lang: FitLanguage,
  theme: 'light' | 'dark',
) {
  if (lang !== 'zh') await page.getByLabel(COPY.zh.common.settings.language).selectOption(lang);
  if (theme === 'dark')
    await page
      .getByRole('button', { name: COPY[lang].common.settings.darkTheme, exact: true })
      .click();
}

/**
 * What does not fit in the newest open dialog, as lines to read (none: it fits): the dialog's
 * box outside the viewport; a part of it that scrolls sideways; a control (link, button, field,
 * tab) that, scrolled to as the keyboard would, still lies outside the dialog or the viewport.
 */
export function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const open = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(
      (d) => d.getBoundingClientRect().width > 0 && !d.closest('.hover-card'),
    );
    const dialog = open.at(-1);
    if (!dialog) return ['no dialog is open'];
    const [vw, vh] = [document.documentElement.clientWidth, window.innerHeight];
    const box = (r: DOMRect) =>
      `${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`;
    const outside = (r: DOMRect, inner: { l: number; t: number; r: number; b: number }) =>
      r.left < inner.l - 1 ||
      r.top < inner.t - 1 ||
      r.right > inner.r + 1 ||
      r.bottom > inner.b + 1;
    const frame = dialog.getBoundingClientRect();
    if (outside(frame, { l: 0, t: 0, r: vw, b: vh }))
      found.push(`the dialog (${box(frame)}) is outside the ${vw}×${vh} viewport`);
    for (const el of [dialog, ...dialog.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        el.scrollWidth > el.clientWidth + 1
      )
        found.push(
          `${el.className || el.tagName} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`,
        );
    }
    const controls = dialog.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    );
    for (const el of controls) {
      const first = el.getBoundingClientRect();
      if ((first.width === 0 && first.height === 0) || getComputedStyle(el).visibility === 'hidden')
        continue;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const at = el.getBoundingClientRect();
      const d = dialog.getBoundingClientRect();
      const visible = {
        l: Math.max(0, d.left),
        t: Math.max(0, d.top),
        r: Math.min(vw, d.right),
        b: Math.min(vh, d.bottom),
      };
      if (outside(at, visible)) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)
          .trim()
          .slice(0, 30);
        found.push(`${el.tagName.toLowerCase()} "${name}" at ${box(at)}, the dialog ${box(d)}`);
      }
    }
    return found;
  });
}
