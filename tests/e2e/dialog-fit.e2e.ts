import { describe, expect, it } from 'vitest';
import { setupBrowser } from './support/browser';
import { checkDialogsFit, FIT_PARTS, FIT_SIZES } from './support/dialog-fit-run';

/**
 * Every dialog fits and axe finds nothing in it (issue 24): opened as a user opens it, axe (every
 * impact) on the dialog, then at a phone's, a laptop's and the laptop's 200%-zoom size no control
 * lies outside the dialog or the screen and nothing scrolls sideways (support/dialog-fit.ts).
 * In English and the dark theme: dialog-fit-en.e2e.ts.
 */
const { newPage } = setupBrowser();

describe(`dialogs fit every screen, zh, light: ${FIT_SIZES.map((s) => s.name).join(', ')}`, () => {
  const [first, second] = FIT_PARTS;
  it(`the login dialog, then ${first!.map((f) => f.name).join(', ')}`, async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    expect(await checkDialogsFit(page, 'zh', 'light', { cases: first! })).toEqual([]);
  });
  it(`${second!.map((f) => f.name).join(', ')}`, async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    expect(await checkDialogsFit(page, 'zh', 'light', { cases: second!, login: false })).toEqual(
      [],
    );
  });
});
