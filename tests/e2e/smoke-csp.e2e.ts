import { describe, expect, inject, it } from 'vitest';
import zh from '../../src/locales/zh/common.json';
import zhAccount from '../../src/locales/zh/account.json';
import zhMedia from '../../src/locales/zh/media.json';
import zhWorlds from '../../src/locales/zh/worlds.json';
import zhWriting from '../../src/locales/zh/writing.json';
import host from '../../src/demo/locales/zh/host.json';
import dev from '../../src/demo/locales/zh/dev.json';
import seed from '../../mocks/seed.gen.json';
import { lateEffects, setupBrowser } from './support/browser';
import { accountMenu, heading } from './support/shell';

/**
 * Smoke test of the built demo's Content-Security-Policy in real Chromium: the policy allows no
 * inline script but its three hashed ones, and the main screens (stories, the editor, worlds, the
 * square, the mock panel, the cropper's blob: previews) run under it without one violation.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

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
