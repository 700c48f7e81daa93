import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { AXE_ROUTE_PARTS, axeRoutes } from './support/axe-routes';

/**
 * axe finds nothing, of any impact, on any route (issue 24): every screen of
 * src/config/paths.ts as a reader reaches it, signed out on a guarded screen and signed in as
 * the seeded author (support/axe-routes.ts); dialog states are in dialog-fit*.e2e.ts. In English and the dark theme: axe-routes-en.e2e.ts.
 */
const { newPage } = setupBrowser();

describe('axe on every route, zh, light theme', () => {
  const [first, second, third] = AXE_ROUTE_PARTS;
  it('signed out on a guarded screen, then the first seven screens', async () => {
    const page = await newPage();
    expect(await axeRoutes(page, 'zh', 'light', { routes: first!, signedOut: true })).toEqual([]);
  });
  it('the next seven screens', async () => {
    const page = await newPage();
    expect(await axeRoutes(page, 'zh', 'light', { routes: second! })).toEqual([]);
  });
  it('the last screens and a chat', async () => {
    const page = await newPage();
    expect(await axeRoutes(page, 'zh', 'light', { routes: third!, chat: true })).toEqual([]);
  });
});
