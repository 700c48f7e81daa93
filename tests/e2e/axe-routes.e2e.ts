import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { axeEveryRoute } from './support/axe-routes';

/**
 * axe finds nothing, of any impact, on any route (issue 24): every screen of
 * src/config/paths.ts as a reader reaches it, signed out on a guarded screen and signed in as
 * the seeded author (support/axe-routes.ts); dialog states are in dialog-fit*.e2e.ts. In English and the dark theme: axe-routes-en.e2e.ts.
 */
const { newPage } = setupBrowser();

describe('axe on every route', () => {
  it('zh, light theme', async () => {
    const page = await newPage();
    expect(await axeEveryRoute(page, 'zh', 'light')).toEqual([]);
  });
});
