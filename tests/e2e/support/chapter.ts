import type { Page } from 'playwright-core';
import writing from '../../../src/locales/zh/writing.json';
import seed from '../../../mocks/seed.gen.json';

/** The seeded author's first chapter of a story bound to a world (its glossary is painted). */
export const story = seed.stories.find(
  (s) => s.uid === 'u_author' && s.universe_id && !s.deleted_at,
)!;
export const chapter = seed.chapters.find((c) => c.story_id === story.id)!;

/** That chapter in the editor of the demo at `demo`, optionally with `?scenario=`. */
export const editorUrl = (demo: string, scenario?: string) =>
  `${demo}/editor?nid=${story.id}&cid=${chapter.id}` +
  (scenario === undefined ? '' : `&scenario=${scenario}`);

/** The chapter body, and the editor's save status (zh). */
export const body = (page: Page) =>
  page.getByRole('textbox', { name: writing.editor.body, exact: true });
export const status = (page: Page) => page.getByRole('toolbar').getByRole('status');
