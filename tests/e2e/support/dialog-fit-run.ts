import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, formatViolations, nextFrames } from './browser';
import { FIT_CASES, chooseLanguageAndTheme, copyOf, misfits, type FitLanguage } from './dialog-fit';
import { accountMenu, headerLogin, loginDialog } from './shell';

/**
 * The sizes every dialog must fit (issue 24): a phone, a laptop, and the laptop at 200% zoom
 * (half its CSS pixels: zoom changes the layout viewport, not the layout rules).
 */
export const FIT_SIZES = [
  { name: 'phone 390 × 844', width: 390, height: 844 },
  { name: 'laptop 1350 × 900', width: 1350, height: 900 },
  { name: 'laptop at 200%', width: 675, height: 450 },
] as const;

/**
 * FIT_CASES in two halves, each a test of its own (one test of every dialog at three sizes took
 * 30 s quiet and near a minute on an overloaded machine).
 */
export const FIT_PARTS = [
  FIT_CASES.slice(0, Math.ceil(FIT_CASES.length / 2)),
  FIT_CASES.slice(Math.ceil(FIT_CASES.length / 2)),
];

/**
 * Opens the login dialog (signed out, unless `login` is false), then every dialog of `cases`
 * (FIT_CASES unless given) (signed in as the seeded
 * author) in `lang` and `theme`, each as a user opens it, runs axe on it (every impact), checks
 * it at every size of FIT_SIZES (the window resized with the dialog open, as a phone turned or a
 * window zoomed) and returns what is wrong, each line named by its dialog and size (none: all
 * fit and axe finds nothing).
 */
export async function checkDialogsFit(
  page: Page,
  lang: FitLanguage,
  theme: 'light' | 'dark' = 'light',
  { cases = FIT_CASES, login = true }: { cases?: typeof FIT_CASES; login?: boolean } = {},
): Promise<string[]> {
  const demo = inject('demoUrl');
  const copy = copyOf(lang);
  const found: string[] = [];
  const check = async (name: string) => {
    // axe, every impact, on the dialog as it opened (the page behind it is inert).
    const violations = await axe(page, page.getByRole('dialog').last(), { every: true });
    if (violations.length) found.push(`${name}, axe:\n${formatViolations(violations)}`);
    for (const size of FIT_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await nextFrames(page);
      found.push(...(await misfits(page)).map((line) => `${name}, ${size.name}: ${line}`));
    }
    await page.setViewportSize({ width: FIT_SIZES[0].width, height: FIT_SIZES[0].height });
  };

  await page.goto(`${demo}/dashboard/square`);
  await chooseLanguageAndTheme(page, lang, theme);
  if (login) {
    await headerLogin(page, copy.common).click();
    await loginDialog(page, copy.common).waitFor();
    await check('login');
  }

  await page.goto(`${demo}/dashboard/novels?scenario=signed-in`);
  await accountMenu(page, copy.common).waitFor();
  let at = '';
  for (const fit of cases) {
    if (fit.path === at) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').first().waitFor({ state: 'detached' });
    } else {
      await page.goto(`${demo}${fit.path}`);
      at = fit.path;
    }
    await fit.open(page, copy);
    const dialog = page.getByRole('dialog').last();
    await dialog.waitFor();
    await fit.ready?.(dialog, copy).waitFor();
    await check(fit.name);
    if (fit.then) {
      await fit.then.reach(dialog, copy);
      await check(`${fit.name}, ${fit.then.name}`);
    }
  }
  return found;
}
