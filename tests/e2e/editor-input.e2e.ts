import { describe, expect, it } from 'vitest';
import writing from '../../src/locales/zh/writing.json';
import { setupBrowser } from './support/browser';
import { body, waitSaved } from './support/chapter';
import { bodyText, chapterOpeners, prose } from './support/editor';

/**
 * Input into the chapter editor in real Chromium: typing, selection, paste (one that fits, one
 * over 20,000 refused whole) and IME composition; a long paragraph rendered in segments, where
 * typing in and between segments, a selection across a cut, IME and Backspace stay exact. The
 * text is then the server's, exactly.
 */
const { newPage } = setupBrowser();
const { openAtNewParagraph, openWithPastedEnd } = chapterOpeners(newPage);

describe('chapter editor', () => {
  it('typing, selection, paste (one that fits, one over 20,000) and IME composition in Chromium', async () => {
    const page = await openAtNewParagraph();
    await page.keyboard.type('abc def');
    // As a writer would: the text is on screen before they select in it (under a loaded CI
    // machine a selection key could reach the editor before the last letter was rendered).
    await expect.poll(() => bodyText(page)).toContain('abc def');

    // Selection: shift+arrows select "def", typing replaces it.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('def');
    await page.keyboard.type('xyz');
    await expect.poll(() => bodyText(page)).toContain('abc xyz');
    expect(await bodyText(page)).not.toContain('abc def');

    // Paste at the caret (a plain-text clipboard: Slate takes it through its paste handler).
    const paste = (text: string) =>
      body(page).evaluate((el, t) => {
        const data = new DataTransfer();
        data.setData('text/plain', t);
        el.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, text);
    await paste('粘贴进来的话');
    await expect.poll(() => bodyText(page)).toContain('abc xyz粘贴进来的话');

    // A 20,001-character paste is refused whole, with its message; nothing typed is lost.
    const before = await bodyText(page);
    await paste('长'.repeat(20_001));
    await page
      .locator('.toast')
      .filter({ hasText: writing.editor.limit.paste.split('{{')[0] })
      .waitFor();
    expect(await bodyText(page)).toBe(before);

    // IME: a composition ("zhong" -> 中文) commits only the chosen text.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'zh', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.imeSetComposition', {
      text: 'zhong',
      selectionStart: 5,
      selectionEnd: 5,
    });
    await cdp.send('Input.insertText', { text: '中文' });
    await expect.poll(() => bodyText(page)).toContain('abc xyz粘贴进来的话中文');
    expect(await bodyText(page)).not.toContain('zhong');
    await page.keyboard.type('。');
    await expect.poll(() => bodyText(page)).toContain('粘贴进来的话中文。');

    // All of it is saved: a reload shows it from the server.
    await waitSaved(page);
    await page.reload();
    await body(page).waitFor();
    expect(await bodyText(page)).toContain('abc xyz粘贴进来的话中文。');
  });

  it('a long paragraph renders in segments; typing, selection, IME and the saved text stay exact', async () => {
    // One paragraph of 6,000 characters, pasted at the end.
    const long = prose(6_000, 'all');
    const page = await openWithPastedEnd(long);
    const paragraph = body(page).locator('p').last();
    await expect.poll(() => paragraph.innerText()).toBe(long);
    const strings = paragraph.locator('[data-slate-string]');
    expect(await strings.count()).toBeGreaterThan(5);

    /** Puts the DOM selection at [string span, offset] points, as a click would; Slate follows. */
    const select = async (from: [number, number], to: [number, number] = from) => {
      await paragraph.evaluate(
        (p, { a, b }) => {
          const spans = p.querySelectorAll('[data-slate-string]');
          const node = (i: number) => spans[i]!.firstChild!;
          getSelection()!.setBaseAndExtent(node(a[0]), a[1], node(b[0]), b[1]);
        },
        { a: from, b: to },
      );
      await page.waitForTimeout(150); // Slate takes the DOM selection on selectionchange.
    };
    /** The paragraph offset of a point in the `index`th string span. */
    const offsetOf = (index: number, offset: number) =>
      paragraph.evaluate(
        (p, { i, o }) =>
          [...p.querySelectorAll('[data-slate-string]')]
            .slice(0, i)
            .reduce((n, s) => n + (s.textContent ?? '').length, 0) + o,
        { i: index, o: offset },
      );

    let expected = long;
    const insert = (at: number, text: string, removed = 0) =>
      (expected = expected.slice(0, at) + text + expected.slice(at + removed));

    // Typing in the middle of a segment (the browser's own insertion).
    let at = await offsetOf(3, 10);
    await select([3, 10]);
    await page.keyboard.type('abc');
    insert(at, 'abc');
    await expect.poll(() => paragraph.innerText()).toBe(expected);

    // Typing at a cut between two segments.
    at = await offsetOf(5, 0);
    await select([5, 0]);
    await page.keyboard.type('xy');
    insert(at, 'xy');
    await expect.poll(() => paragraph.innerText()).toBe(expected);

    // A selection across a cut, replaced by typing.
    const from = await offsetOf(1, 5);
    const to = await offsetOf(2, 5);
    await select([1, 5], [2, 5]);
    await page.keyboard.type('Q');
    insert(from, 'Q', to - from);
    await expect.poll(() => paragraph.innerText()).toBe(expected);

    // IME composition inside a segment commits only the chosen text.
    at = await offsetOf(4, 7);
    await select([4, 7]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'yu', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.insertText', { text: '雨' });
    insert(at, '雨');
    await expect.poll(() => paragraph.innerText()).toBe(expected);

    // Backspace across the start of a segment.
    at = await offsetOf(6, 0);
    await select([6, 0]);
    await page.keyboard.press('Backspace');
    expected = expected.slice(0, at - 1) + expected.slice(at);
    await expect.poll(() => paragraph.innerText()).toBe(expected);

    // The server holds exactly that text.
    await waitSaved(page);
    await page.reload();
    await body(page).waitFor();
    await expect.poll(() => body(page).locator('p').last().innerText()).toBe(expected);
  });
});
