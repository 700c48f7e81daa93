import type { Page } from 'playwright-core';
import writing from '../../../src/locales/zh/writing.json';
import {
  body,
  chapter,
  demoEditorUrl as editorUrl,
  serverChapter,
  waitSaved as waitChapterSaved,
} from './chapter';
import { count } from './marks';

/**
 * No text lost in the chapter editor (issue 12), as the text-safety-*.e2e.ts files count it:
 * each test types a counted number of a character found nowhere else, applies a fault, and
 * counts that character in the editor and in the server's copy after the next good save.
 */

/** Characters of CJK Extension A: in no seeded text, no string of the app. */
export const MARKS = [...'㐀㐁㐂㐃㐄㐅㐆㐇㐈㐉㐊㐋㐌㐍'];

/** The dialog that offers a local draft newer than the server's copy. */
export const draftDialog = (page: Page) =>
  page.getByRole('dialog', { name: writing.editor.draft.title, exact: true });

/** The dialog comparing this editor's text with the server's newer one. */
export const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: writing.editor.conflict.title, exact: true });

/** Another device appends a paragraph and saves it, from the server's latest version. */
export function otherDeviceSaves(page: Page, paragraph: string) {
  return page.evaluate(
    async ({ cid, paragraph }) => {
      const saved = JSON.parse(localStorage.getItem('pro_session')!) as {
        value: { uid: string; accessToken: string };
      };
      const headers = {
        lang: 'zh',
        ostype: 'web',
        Authorization: `Bearer ${saved.value.accessToken}`,
        uid: saved.value.uid,
        'Content-Type': 'application/json',
      };
      const url = `/api/v1/chapters/${cid}/content`;
      const now = (await (await fetch(url, { headers })).json()) as {
        name: string;
        content: string;
        updated_at: number;
      };
      const put = await fetch(url, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          name: now.name,
          content: `${now.content}\n${paragraph}`,
          base_updated_at: now.updated_at,
        }),
      });
      if (!put.ok) throw new Error(`the other device's save failed: ${put.status}`);
    },
    { cid: chapter.id, paragraph },
  );
}

/** Opens the seeded chapter in the editor (its leave prompts accepted). */
export async function open(page: Page, scenario = 'signed-in') {
  page.on('dialog', (d) => void d.accept());
  await page.goto(editorUrl(scenario));
  await body(page).waitFor();
}

/** Waits until everything is saved, with room for a retry. */
export const waitSaved = (page: Page, timeout = 15_000) => waitChapterSaved(page, timeout);

/** Characters lost: typed minus found (in the editor, on the server). */
export async function lost(page: Page, mark: string, typed: number) {
  const editor = count(await body(page).innerText(), mark);
  const server = count((await serverChapter(page)).content, mark);
  return { editor: typed - editor, server: typed - server };
}
