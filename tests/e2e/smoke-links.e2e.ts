import { describe, expect, inject, it } from 'vitest';
import zh from '../../src/locales/zh/common.json';
import { setupBrowser } from './support/browser';
import { heading, pathOf, signInPanel } from './support/shell';

/**
 * Smoke test of the built demo (mock backend on) in real Chromium, addresses from outside: a
 * promotion link (`?to=vip`) lands on the membership screen, an unknown route shows the
 * not-found page at its own address, and on a phone the navigation strip scrolls its active item
 * into view without moving the page. Texts come from the locale files.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

describe('routing', () => {
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
