import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import seed from '../../../mocks/seed.gen.json';
import { axe, formatViolations, nextFrames } from './browser';
import { editorPath, story } from './chapter';
import { chooseLanguageAndTheme, continueLatestGame, copyOf, type FitLanguage } from './dialog-fit';
import { world } from './durable-text';
import { accountMenu } from './shell';
import { othersStory } from './stories';

/**
 * Every route of the app (src/config/paths.ts) as a reader reaches it, for an axe run of every
 * impact over the whole page (issue 24): signed out on a guarded screen, then signed in as the
 * seeded author. Addresses with ids take the seed's.
 */
const sharedWorld = seed.worlds.find((w) => w.share_status === 'square' && !w.deleted)!;

export const AXE_ROUTES: { name: string; path: string }[] = [
  { name: 'square', path: '/dashboard/square' },
  { name: 'feed', path: '/dashboard/feed' },
  { name: 'novels', path: '/dashboard/novels' },
  { name: 'chapters', path: `/dashboard/novels/${story.id}` },
  { name: 'recycle bin', path: '/dashboard/recycle' },
  { name: 'worlds', path: '/dashboard/worlds' },
  { name: 'world editor', path: `/dashboard/worlds/${world.id}` },
  { name: 'my games', path: '/dashboard/exploration' },
  { name: 'membership', path: '/dashboard/vip' },
  { name: 'power packs', path: '/dashboard/package' },
  { name: 'my tips', path: '/dashboard/charge' },
  { name: 'about', path: '/dashboard/abouts' },
  { name: 'editor', path: editorPath },
  { name: 'chat without a chat', path: '/exploration' },
  { name: 'search', path: `/search?keyword=${encodeURIComponent(othersStory.title.slice(0, 2))}` },
  { name: 'shared world', path: `/universe/${sharedWorld.share_id}` },
  { name: 'shared story', path: `/story/${othersStory.share_id}` },
  { name: 'author page', path: `/user/${othersStory.uid}` },
  { name: 'history', path: '/history' },
  { name: 'active', path: '/active' },
  { name: 'mobile download', path: '/m/download' },
];

/**
 * The routes in three parts of about 7 screens, each a test of its own: one test of 23 screens
 * and 23 axe runs took 20 s quiet but over a minute on an overloaded machine.
 */
export const AXE_ROUTE_PARTS = [
  AXE_ROUTES.slice(0, 7),
  AXE_ROUTES.slice(7, 14),
  AXE_ROUTES.slice(14),
];

/**
 * Visits `routes` (of AXE_ROUTES) signed in as the seeded author, after a guarded screen
 * signed out (`signedOut`) and before the chat of the author's latest game, from My games
 * (`chat`), in `lang` and `theme`; returns what axe finds on each, of any impact (none:
 * nothing).
 */
export async function axeRoutes(
  page: Page,
  lang: FitLanguage,
  theme: 'light' | 'dark',
  {
    routes,
    signedOut = false,
    chat = false,
  }: { routes: { name: string; path: string }[]; signedOut?: boolean; chat?: boolean },
): Promise<string[]> {
  const demo = inject('demoUrl');
  const copy = copyOf(lang);
  const found: string[] = [];
  // The page's requests under way: a screen has settled when none is left after it drew (what
  // 'networkidle' tells only after half a second of quiet on every route).
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  const settled = async () => {
    for (let quiet = 0; quiet < 2;) {
      await expect.poll(() => inFlight, { interval: 20 }).toBe(0);
      await nextFrames(page);
      quiet = inFlight === 0 ? quiet + 1 : 0;
    }
  };
  const check = async (name: string) => {
    // The screen settled: its heading drawn and its calls answered.
    await page.locator('main h1').first().waitFor();
    await settled();
    const violations = await axe(page, undefined, { every: true });
    if (violations.length) found.push(`${name}:\n${formatViolations(violations)}`);
  };

  // The language and theme chosen in the header (on the square: no dialog over it).
  await page.goto(`${demo}/dashboard/square`);
  await chooseLanguageAndTheme(page, lang, theme);
  if (signedOut) {
    // Signed out: a guarded screen's sign-in panel (its login dialog closed).
    await page.goto(`${demo}/dashboard/novels`);
    const login = page.getByRole('dialog', { name: copy.common.auth.loginTitle, exact: true });
    await login.waitFor();
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    await check('signed out, a guarded screen');
  }

  await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
  await accountMenu(page, copy.common).waitFor();
  for (const route of routes) {
    await page.goto(`${demo}${route.path}`);
    await check(route.name);
  }
  if (chat) {
    // A chat, opened from My games.
    await page.goto(`${demo}/dashboard/exploration`);
    await continueLatestGame(page, copy);
    await check('chat');
  }
  return found;
}
