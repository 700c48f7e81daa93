import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderApp, signedInState } from '@/testing/render';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const world = () => db.worlds.findFirst((q) => q.where({ uid: AUTHOR_UID }))!;
const chapter = () => db.chapters.findFirst((q) => q.where({ id: 'c_e810wl79lf' }))!;

/**
 * Every page a reader moves through by landmarks and headings: one main, one h1, and every
 * search landmark named (the header's search beside a screen's own filters).
 */
const PAGES: { name: string; path: () => string; ready: () => Promise<unknown> }[] = [
  {
    name: 'the chapter editor',
    path: () => paths.editor.getHref({ nid: chapter().story_id, cid: chapter().id }),
    ready: () => screen.findByRole('toolbar', { name: t('writing:editor.screenTitle') }),
  },
  {
    name: 'the chat page with no chat chosen',
    path: () => '/exploration',
    ready: () => screen.findByText(t('exploration:screen.noChatText')),
  },
  {
    name: "a world's editor",
    path: () => `/dashboard/worlds/${world().id}`,
    ready: () => screen.findByRole('search', { name: t('worlds:glossary.filters') }),
  },
];

describe('page structure', () => {
  it.each(PAGES)('$name: one main, one h1, named search landmarks', async ({ path, ready }) => {
    renderApp(path(), { preloadedState: await signedInState() });
    await ready();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1).toHaveLength(1);
    expect(h1[0]!.textContent?.trim()).not.toBe('');
    for (const search of screen.getAllByRole('search'))
      expect(search, 'a search landmark without a name').toHaveAccessibleName();
    expect(within(screen.getByRole('main')).queryAllByRole('main')).toHaveLength(0);
  });
});
