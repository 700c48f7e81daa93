import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { deleteDraft, draftKey, loadDrafts } from '@/lib/drafts';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { saveFails } from '@mocks/scenarios/writing';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const STORY = 'n_lcygh4duya';
const FIRST = 'c_e810wl79lf';
const SECOND = 'c_ipqx2gctmi';
const row = (id: string) => db.chapters.findFirst((q) => q.where({ id }))!;

async function openEditor(cid = FIRST) {
  const view = renderApp(paths.editor.getHref({ nid: STORY, cid }), {
    preloadedState: await signedInState(),
  });
  const title = await screen.findByLabelText(t('writing:editor.chapterTitle'));
  return { ...view, title: title as HTMLInputElement };
}

/** A chapter's jump button (its name follows its place; the rename button names it too). */
const jump = (name: string) =>
  new RegExp(`^\\d+\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const titleField = () => screen.getByLabelText<HTMLInputElement>(t('writing:editor.chapterTitle'));

async function openChapters(user: { click: (el: Element) => Promise<void> }) {
  const opener = screen.getByRole('button', { name: t('writing:editor.chapters.open') });
  await user.click(opener);
  const dialog = await ui.dialog(t('writing:editor.chapters.title'));
  await within(dialog).findByRole('list', { name: t('writing:editor.chapters.list') });
  return { dialog: within(dialog), opener };
}

/** Waits until the editor shows the chapter with this title (the jump landed). */
const onChapter = (name: string) => waitFor(() => expect(titleField()).toHaveValue(name));

describe('the chapters dialog of the editor', () => {
  beforeEach(async () => {
    for (const id of [FIRST, SECOND]) await deleteDraft(draftKey(AUTHOR_UID, id));
  });

  it('lists the chapters, marks the open one, closes on Esc and gives focus back', async () => {
    const { user } = await openEditor();
    const { dialog, opener } = await openChapters(user);
    const current = dialog.getByRole('button', { name: jump(row(FIRST).name) });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(dialog.getByRole('button', { name: jump(row(SECOND).name) })).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(ui.queryDialog(t('writing:editor.chapters.title'))).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('jumps to another chapter after saving the unsaved title; going back shows it', async () => {
    const { user, title, router } = await openEditor();
    await user.type(title, '·改');
    const typed = title.value;
    const { dialog } = await openChapters(user);
    await user.click(dialog.getByRole('button', { name: jump(row(SECOND).name) }));
    await onChapter(row(SECOND).name);
    expect(router.state.location.search).toContain(`cid=${SECOND}`);
    // Saved before leaving, and found again on the way back.
    expect(row(FIRST).name).toBe(typed);
    const back = await openChapters(user);
    await user.click(back.dialog.getByRole('button', { name: jump(typed) }));
    await onChapter(typed);
  });

  it('when saving fails, the jump asks first and the typed text stays in the draft', async () => {
    server.use(...saveFails());
    const { user, title, router } = await openEditor();
    await user.type(title, '（未存）');
    const typed = title.value;
    const { dialog } = await openChapters(user);
    await user.click(dialog.getByRole('button', { name: jump(row(SECOND).name) }));
    const leave = await ui.dialog(t('writing:editor.leave.title'));
    await user.click(within(leave).getByRole('button', { name: t('writing:editor.leave.stay') }));
    expect(router.state.location.search).toContain(`cid=${FIRST}`);
    expect(titleField()).toHaveValue(typed);
    const [draft] = await loadDrafts(AUTHOR_UID, FIRST);
    expect(draft?.name).toBe(typed);
  });

  it('adds a chapter with a counted name and opens it', async () => {
    const { user } = await openEditor();
    const before = db.chapters.all().filter((c) => c.story_id === STORY).length;
    const { dialog } = await openChapters(user);
    await user.click(dialog.getByRole('button', { name: t('writing:editor.chapters.add') }));
    const name = dialog.getByLabelText(t('writing:editor.chapters.newName'));
    await user.type(name, '终'.repeat(32));
    expect(name).toHaveValue('终'.repeat(30));
    await user.clear(name);
    await user.type(name, '第六章 归来');
    await user.click(dialog.getByRole('button', { name: t('writing:editor.chapters.create') }));
    await onChapter('第六章 归来');
    expect(db.chapters.all().filter((c) => c.story_id === STORY)).toHaveLength(before + 1);
  });

  it('renames another chapter on the server, and the open one through its title', async () => {
    const { user } = await openEditor();
    const { dialog } = await openChapters(user);
    await user.click(
      dialog.getByRole('button', {
        name: t('writing:editor.chapters.rename', { name: row(SECOND).name }),
      }),
    );
    const field = dialog.getByLabelText(
      t('writing:editor.chapters.renameLabel', { name: row(SECOND).name }),
    );
    await user.clear(field);
    await user.type(field, '第二章 重逢');
    await user.click(dialog.getByRole('button', { name: t('common:actions.save') }));
    await waitFor(() => expect(row(SECOND).name).toBe('第二章 重逢'));
    await dialog.findByRole('button', { name: jump('第二章 重逢') });

    const currentName = row(FIRST).name;
    await user.click(
      dialog.getByRole('button', {
        name: t('writing:editor.chapters.rename', { name: currentName }),
      }),
    );
    const own = dialog.getByLabelText(
      t('writing:editor.chapters.renameLabel', { name: currentName }),
    );
    await user.clear(own);
    await user.type(own, '第一章 问剑');
    await user.click(dialog.getByRole('button', { name: t('common:actions.save') }));
    await waitFor(() => expect(titleField()).toHaveValue('第一章 问剑'));
    await waitFor(() => expect(row(FIRST).name).toBe('第一章 问剑'));
  });

  it('keeps a half-typed new chapter name: the editor reloaded, the name is offered back', async () => {
    const { user, unmount } = await openEditor();
    const { dialog } = await openChapters(user);
    await user.click(dialog.getByRole('button', { name: t('writing:editor.chapters.add') }));
    await user.type(dialog.getByLabelText(t('writing:editor.chapters.newName')), '第七章 雪夜');
    // The page goes (a reload, a crash): nothing was sent.
    unmount();
    const again = await openEditor();
    const reopened = await openChapters(again.user);
    await again.user.click(
      reopened.dialog.getByRole('button', { name: t('writing:editor.chapters.add') }),
    );
    const offer = await reopened.dialog.findByRole('group', { name: /未保存的文字/ });
    await again.user.click(within(offer).getByRole('button', { name: t('common:draft.restore') }));
    expect(reopened.dialog.getByLabelText(t('writing:editor.chapters.newName'))).toHaveValue(
      '第七章 雪夜',
    );
  });
});
