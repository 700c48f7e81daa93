import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import zh from '../../src/locales/zh/common.json';
import en from '../../src/locales/en/common.json';
import zhErrors from '../../src/locales/zh/errors.json';
import zhAccount from '../../src/locales/zh/account.json';
import zhMedia from '../../src/locales/zh/media.json';
import zhWorlds from '../../src/locales/zh/worlds.json';
import zhWriting from '../../src/locales/zh/writing.json';
import host from '../../src/demo/locales/zh/host.json';
import dev from '../../src/demo/locales/zh/dev.json';
import seed from '../../mocks/seed.gen.json';
import { axe, formatViolations, lateEffects, screenshot, setupBrowser } from './support/browser';

/**
 * Smoke test of the built demo (mock backend on) in real Chromium: routing and guards,
 * the login dialog, theme and language persistence, the mock scenarios, the sub-path build,
 * and axe in both themes. Texts come from the locale files, so copy edits do not break it.
 */
const demo = inject('demoUrl');
const subpath = inject('subpathUrl');
const { newPage } = setupBrowser();

type Copy = typeof zh;

// ---- the user's vocabulary ------------------------------------------------------------

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const loginDialog = (page: Page, copy: Copy = zh) =>
  page.getByRole('dialog', { name: copy.auth.loginTitle });
const signInPanel = (page: Page, copy: Copy = zh) =>
  page.getByRole('region', { name: copy.auth.loginRequiredTitle });
// The trigger's accessible name is the user's visible name followed by the "account menu" label
// (WCAG label-in-name), so match the label as part of the name.
const accountMenu = (page: Page, copy: Copy = zh) =>
  page.getByRole('button', { name: copy.auth.account, exact: false });
const themeToggle = (page: Page, copy: Copy = zh) =>
  page.getByRole('button', { name: copy.settings.darkTheme, exact: true });
const languageSelect = (page: Page, copy: Copy = zh) =>
  page.getByRole('combobox', { name: copy.settings.language, exact: true });
const headerLogin = (page: Page, copy: Copy = zh) =>
  page.getByRole('banner').getByRole('button', { name: copy.auth.login, exact: true });

const dataTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.theme ?? null);
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

function pathOf(page: Page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

// ---- routing and guards ---------------------------------------------------------------

describe('routing', () => {
  it('/ redirects to /dashboard/novels', async () => {
    const page = await newPage();
    await page.goto(`${demo}/`);
    await page.waitForURL((u) => u.pathname === '/dashboard/novels');
    await signInPanel(page).waitFor();
    expect(pathOf(page)).toBe('/dashboard/novels');
  });

  it('anonymous /dashboard/novels shows the sign-in panel and opens the login dialog; Esc closes it and focus returns', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/novels`);
    await signInPanel(page).waitFor();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Focus moves into the dialog (the phone field is marked data-autofocus).
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Opened again from the panel's button, Esc returns focus to that button.
    const panelButton = signInPanel(page).getByRole('button', { name: zh.auth.login, exact: true });
    await panelButton.click();
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(panelButton)).toBe(true);
  });

  it.each([
    ['/dashboard/square', zh.nav.square],
    ['/dashboard/abouts', zh.abouts.title],
  ])('%s is reachable anonymously, without the login dialog', async (path, title) => {
    const page = await newPage({ clock: true });
    await page.goto(demo + path);
    await heading(page, title).waitFor();
    await lateEffects(page, 800);
    expect(pathOf(page)).toBe(path);
    expect(await loginDialog(page).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await signInPanel(page).count()).toBe(0);
  });

  it('logged-out /yjin/chat goes to /dashboard/novels with the login dialog and a pro_chat_return cookie', async () => {
    const page = await newPage();
    await page.goto(`${demo}/yjin/chat`);
    await page.waitForURL((u) => u.pathname === '/dashboard/novels');
    await loginDialog(page).waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'pro_chat_return');
    expect(cookie, 'pro_chat_return cookie').toBeDefined();
    expect(decodeURIComponent(cookie!.value)).toBe('/yjin/chat');
    // Kept for 5 minutes (spec 1 §2): expiry within (4, 5] minutes from now.
    const secondsLeft = cookie!.expires - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(240);
    expect(secondsLeft).toBeLessThanOrEqual(301);
  });

  it.each(['/?to=vip', '/dashboard/square?to=vip'])(
    '%s lands on /dashboard/vip?source=promotion_page',
    async (path) => {
      const page = await newPage();
      await page.goto(demo + path);
      await page.waitForURL((u) => u.pathname === '/dashboard/vip');
      await signInPanel(page).waitFor(); // the Vip screen is guarded; anonymous sees the panel
      expect(pathOf(page)).toBe('/dashboard/vip?source=promotion_page');
    },
  );

  it.each(['/no/such/page', '/dashboard/no-such-screen'])(
    'unknown route %s shows the not-found page',
    async (path) => {
      const page = await newPage();
      await page.goto(demo + path);
      await heading(page, zh.notFound.title).waitFor();
      expect(pathOf(page)).toBe(path);
      expect(await page.getByRole('link', { name: zh.notFound.home, exact: true }).count()).toBe(1);
    },
  );
});

// ---- preferences ----------------------------------------------------------------------

describe('navigation on a phone', () => {
  it('the navigation strip scrolls its active item into view, and the page stays put', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${demo}/dashboard/abouts`);
    const strip = page.locator('nav.shell__nav');
    const active = strip.locator('.side-nav__link.is-active');
    await active.waitFor();
    // The last item of a strip wider than the phone: only visible once the strip scrolled.
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect
      .poll(async () => {
        const [a, s] = await Promise.all([active.boundingBox(), strip.boundingBox()]);
        // Within a pixel: the strip's end and the item's edge fall on fractional pixels.
        return a !== null && s !== null && a.x >= s.x - 1 && a.x + a.width <= s.x + s.width + 1;
      })
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('preferences', () => {
  it('the theme toggle sets html[data-theme] and persists across reload', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts`);
    await heading(page, zh.abouts.title).waitFor();
    expect(await dataTheme(page)).toBe('light');
    expect(await themeToggle(page).getAttribute('aria-pressed')).toBe('false');

    await themeToggle(page).click();
    await expect.poll(() => dataTheme(page)).toBe('dark');
    expect(await themeToggle(page).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await heading(page, zh.abouts.title).waitFor();
    expect(await dataTheme(page)).toBe('dark');
    expect(await themeToggle(page).getAttribute('aria-pressed')).toBe('true');

    await themeToggle(page).click();
    await expect.poll(() => dataTheme(page)).toBe('light');
    await page.reload();
    await heading(page, zh.abouts.title).waitFor();
    expect(await dataTheme(page)).toBe('light');
  });

  it('switching the language to English changes visible text and persists across reload', async () => {
    const page = await newPage();
    await page.goto(`${demo}/dashboard/abouts`);
    await heading(page, zh.abouts.title).waitFor();
    expect(await htmlLang(page)).toBe('zh-CN');

    await languageSelect(page).selectOption('en');
    await heading(page, en.abouts.title).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByRole('link', { name: en.nav.square }).count()).toBe(1);
    expect(await heading(page, zh.abouts.title).count()).toBe(0);

    await page.reload();
    await heading(page, en.abouts.title).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await languageSelect(page, en).inputValue()).toBe('en');
    // The title is set in an effect after the route renders: read it as it settles.
    await expect.poll(() => page.title()).toContain(en.brand);
  });
});

// ---- mock scenarios -------------------------------------------------------------------

describe('mock scenarios', () => {
  it('?scenario=signed-in shows the account menu and the guarded screen, and survives a reload', async () => {
    const page = await newPage({ clock: true });
    const expectSignedIn = async () => {
      await accountMenu(page).waitFor();
      await heading(page, zh.nav.novels).waitFor(); // the Novels screen itself
      await lateEffects(page, 800);
      expect(await signInPanel(page).count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await accountMenu(page).count()).toBe(1);
      expect(await headerLogin(page).count()).toBe(0);
    };

    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    await expectSignedIn();
    // The session lives in the app's storage, not in the URL.
    await page.goto(`${demo}/dashboard/novels`);
    await expectSignedIn();
    await page.reload();
    await expectSignedIn();
  });

  it('?scenario=network-down while signed in shows a network error toast, never a blank page', async () => {
    const page = await newPage({ clock: true });
    // The toast lives 1500 ms and a busy machine can miss it between polls: record every alert.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __alerts: string[] }).__alerts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="alert"]')) {
          const text = el.textContent ?? '';
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${demo}/dashboard/novels?scenario=signed-in,network-down`);
    await page.waitForFunction(
      (text) =>
        (window as unknown as { __alerts: string[] }).__alerts.some((a) => a.includes(text)),
      zhErrors.network,
      { timeout: 15_000 },
    );
    // The list says so too, with a retry.
    await page.getByRole('button', { name: '重试' }).first().waitFor();
    await accountMenu(page).waitFor();
    expect(await page.locator('#root').innerText()).not.toBe('');
    expect(await page.getByRole('heading').count()).toBeGreaterThan(0);

    // The fault is remembered across a reload; the page still renders.
    await page.reload();
    await page.getByRole('heading').first().waitFor();
    await lateEffects(page, 800);
    expect((await page.locator('#root').innerText()).trim().length).toBeGreaterThan(0);
  });
});

// ---- the sub-path build -----------------------------------------------------------------

describe('sub-path build (base /demo/)', () => {
  it('renders /demo/dashboard/abouts, and in-app links keep the base', async () => {
    const page = await newPage();
    await page.goto(`${subpath}/dashboard/abouts`);
    await heading(page, zh.abouts.title).waitFor();
    await page.getByRole('link', { name: zh.nav.square, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/demo/dashboard/square');
    await heading(page, zh.nav.square).waitFor();
  });

  it('a deep link loads and survives a reload; /demo/ redirects to /demo/dashboard/novels', async () => {
    const page = await newPage();
    await page.goto(`${subpath}/dashboard/square`);
    await heading(page, zh.nav.square).waitFor();
    await page.reload();
    await heading(page, zh.nav.square).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/dashboard/square');

    await page.goto(`${subpath}/`);
    await page.waitForURL((u) => u.pathname === '/demo/dashboard/novels');
    await signInPanel(page).waitFor();
  });

  it('the mock backend runs under /demo/: worker scoped there, API answered (signed-in profile)', async () => {
    const page = await newPage();
    await page.goto(`${subpath}/dashboard/novels?scenario=signed-in`);
    await accountMenu(page).waitFor();
    await heading(page, zh.nav.novels).waitFor();
    const worker = await page.evaluate(async () => ({
      scope: (await navigator.serviceWorker.getRegistration())?.scope ?? null,
      controlled: Boolean(navigator.serviceWorker.controller),
    }));
    expect(worker).toEqual({ scope: `${new URL(subpath).origin}/demo/`, controlled: true });
    // The user's name comes from the profile endpoint, answered by the worker under /demo/.
    await expect
      .poll(() => accountMenu(page).locator('.account-menu__name').innerText())
      .not.toBe('');
    await page.reload();
    await accountMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/dashboard/novels');
  });
});

// ---- accessibility (axe) and screenshots ---------------------------------------------------

describe('accessibility', () => {
  it.each([
    { label: 'light-zh', dark: false, copy: zh },
    { label: 'dark-en', dark: true, copy: en },
  ])(
    'axe finds no serious/critical violations on /dashboard/abouts and the login dialog ($label)',
    async ({ label, dark, copy }) => {
      const page = await newPage({ clock: true, reducedMotion: 'reduce' });
      await page.goto(`${demo}/dashboard/abouts`);
      await heading(page, zh.abouts.title).waitFor();
      if (dark) {
        await themeToggle(page).click();
        await expect.poll(() => dataTheme(page)).toBe('dark');
        await languageSelect(page).selectOption('en');
      }
      await heading(page, copy.abouts.title).waitFor();
      expect(await dataTheme(page)).toBe(dark ? 'dark' : 'light');
      await lateEffects(page, 300);

      const pageViolations = await axe(page);
      await screenshot(page, `${label}-abouts`);
      expect
        .soft(pageViolations, `/dashboard/abouts (${label}):\n${formatViolations(pageViolations)}`)
        .toEqual([]);

      await headerLogin(page, copy).click();
      const dialog = loginDialog(page, copy);
      await dialog.waitFor();
      await lateEffects(page, 300);
      const dialogViolations = await axe(page, dialog);
      await screenshot(page, `${label}-login-dialog`);
      expect
        .soft(dialogViolations, `login dialog (${label}):\n${formatViolations(dialogViolations)}`)
        .toEqual([]);
    },
  );
});

// ---- Content-Security-Policy ---------------------------------------------------------------

describe('content security policy', () => {
  /** A 1×1 PNG: enough for the cropper to show its blob: preview. */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('the built demo carries a CSP without inline scripts, and its main screens break none of it', async () => {
    const page = await newPage({ clock: true });
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
    });
    await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __cspViolation: (v: string) => void })
          .__cspViolation;
        report(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
      });
    });

    await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
    const policy = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    const scriptSrc = policy?.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    // The theme script, the first screens' preload script and the demo's host script, by hash;
    // nothing inline otherwise.
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(3);
    expect(scriptSrc).not.toContain('unsafe');
    // The backend's service worker started under the policy and answers (signed in).
    await accountMenu(page).waitFor();

    // Stories, the editor, worlds and a world, the square.
    const story = seed.stories.find((s) => s.uid === 'u_author' && s.universe_id && !s.deleted_at)!;
    const chapter = seed.chapters.find((c) => c.story_id === story.id)!;
    await page.goto(`${demo}/editor?nid=${story.id}&cid=${chapter.id}`);
    await page.getByRole('textbox', { name: zhWriting.editor.body, exact: true }).waitFor();
    await page.goto(`${demo}/dashboard/worlds`);
    await heading(page, zhWorlds.list.title).waitFor();
    await page.goto(`${demo}/dashboard/worlds/${story.universe_id}`);
    await page.getByLabel(zhWorlds.fields.title).first().waitFor();
    await page.goto(`${demo}/dashboard/square`);
    await lateEffects(page, 300);

    // The mock panel: a script of its own, loaded when first opened.
    await page.getByRole('button', { name: host.toggle, exact: true }).click();
    await page.getByRole('region', { name: dev.title, exact: true }).waitFor();

    // The cropper's blob: previews, from the avatar change.
    await page.goto(`${demo}/dashboard/novels`);
    await accountMenu(page).click();
    await page.getByRole('button', { name: zh.auth.editProfile, exact: true }).click();
    const info = page.getByRole('dialog', { name: zhAccount.userInfo.title });
    await info.getByRole('button', { name: zhAccount.userInfo.changeAvatar }).click();
    const cropper = page.getByRole('dialog', { name: zhMedia.cropper.title });
    await cropper
      .getByLabel(zhMedia.cropper.fileInput)
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await cropper.locator('.cropper-stage[data-ready="true"]').waitFor();

    await lateEffects(page, 300);
    expect(violations).toEqual([]);
  });
});
