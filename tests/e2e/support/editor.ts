import type { Page } from 'playwright-core';
import seed from '../../../mocks/seed.gen.json';
import type { setupBrowser } from './browser';
import { body, caretAtEnd, demoEditorUrl as editorUrl, story } from './chapter';

/**
 * The chapter editor's e2e files (editor-*.e2e.ts): the seeded chapter opened for typing, its
 * text as the editor shows it, seeded prose to paste.
 */

/** The chapter body's text as the editor shows it. */
export const bodyText = (page: Page) => body(page).innerText();

/** `chars` characters of seeded prose, paragraphs joined: this story's chapters (full of its
 * world's names), or every seeded chapter. */
export function prose(chars: number, from: 'story' | 'all' = 'story') {
  const source = seed.chapters
    .filter((c) => from === 'all' || c.story_id === story.id)
    .map((c) => c.content.replace(/\n/g, ''))
    .join('');
  return source.repeat(Math.ceil(chars / source.length)).slice(0, chars);
}

/** Ways into the seeded chapter for a test file, with that file's `newPage` (setupBrowser()). */
export function chapterOpeners(newPage: ReturnType<typeof setupBrowser>['newPage']) {
  /** A new page on the seeded chapter, signed in, the caret in a new paragraph at its end. */
  async function openAtNewParagraph({ latency = false } = {}) {
    // Playwright's clock, moved on past the autosave delay by the save waits; not in a test
    // about latency.
    const page = await newPage({ latency, clock: !latency });
    page.on('dialog', (d) => void d.accept());
    await page.goto(editorUrl('signed-in'));
    await body(page).waitFor();
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    return page;
  }

  /** Opens the seeded chapter signed in and pastes `text` into a new paragraph at its end. */
  async function openWithPastedEnd(text: string) {
    const page = await openAtNewParagraph();
    await body(page).evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      el.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
    return page;
  }

  return { openAtNewParagraph, openWithPastedEnd };
}
