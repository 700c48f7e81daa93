import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import '@/app/dialogs';
import { AppProvider } from '@/app/provider';
import { testStore } from '@/testing/test-store';
import { useImageUpload } from '@/components/media/use-image-upload';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderWithProviders, signedInState } from '@/testing/render';
import { installManualClock } from '@/testing/manual-clock';
import { ExplorationWordDialog } from './exploration-word-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The seeded author's latest chat game: its chat and its own world. */
function authorChat() {
  const game = db.chatGames
    .findMany((q) => q.where({ uid: AUTHOR_UID }))
    .sort((a, b) => b.updated_at - a.updated_at)[0];
  if (!game) throw new Error('the seed has no chat game of the author');
  const universe = db.chatUniverses.findFirst((q) => q.where({ game_id: game.id }))!;
  return { chatId: game.chat_id, universe };
}

async function renderWord() {
  const { chatId, universe } = authorChat();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <ExplorationWordDialog dialogId={1} chatId={chatId} onClose={onClose} />,
    { preloadedState: await signedInState(), route: '/exploration' },
  );
  const dialog = within(
    await screen.findByRole('dialog', {
      name: t('exploration:world.titleOf', { title: universe.title }),
    }),
  );
  return { ...view, dialog, chatId, universe, onClose };
}

describe('the exploration-word dialog: forbidden words (spec 2 §5)', () => {
  it('checks a word at the field before sending, then adds and removes it', async () => {
    const { user, dialog, universe } = await renderWord();
    await user.click(dialog.getByRole('tab', { name: /^(屏蔽词|Forbidden words)/ }));
    const input = dialog.getByLabelText(t('exploration:world.newWord'));
    const add = dialog.getByRole('button', { name: t('exploration:world.addWord') });

    // Typing stops at 10 characters; a longer word arriving whole is refused on adding.
    await user.type(input, '一二三四五六七八九十壹');
    expect(input).toHaveValue('一二三四五六七八九十');
    expect(dialog.getByRole('alert')).toHaveTextContent(t('common:maxLength.typing', { max: 10 }));
    fireEvent.change(input, { target: { value: '一二三四五六七八九十壹' } });
    await user.click(add);
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('worlds:errors.wordTooLong'));

    await user.clear(input);
    await user.type(input, '雾中灯');
    await user.click(add);
    await dialog.findByRole('button', {
      name: t('exploration:world.removeWord', { word: '雾中灯' }),
    });
    expect(
      db.chatUniverses
        .findFirst((q) => q.where({ id: universe.id }))!
        .forbidden_words.map((w) => w.word),
    ).toContain('雾中灯');

    // The same word again is refused at the field, nothing sent.
    await user.type(input, '雾中灯');
    await user.click(add);
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('worlds:errors.wordDuplicate'));

    await user.click(
      dialog.getByRole('button', { name: t('exploration:world.removeWord', { word: '雾中灯' }) }),
    );
    await waitFor(() =>
      expect(
        dialog.queryByRole('button', {
          name: t('exploration:world.removeWord', { word: '雾中灯' }),
        }),
      ).toBeNull(),
    );
  });

  it('shows the server refusal 42212 at the field', async () => {
    server.use(
      http.post('*/api/v2/chats/:chatId/universe/forbidden_words', () =>
        HttpResponse.json({ error_code: 42212, error_msg: 'too long' }, { status: 422 }),
      ),
    );
    const { user, dialog } = await renderWord();
    await user.click(dialog.getByRole('tab', { name: /^(屏蔽词|Forbidden words)/ }));
    await user.type(dialog.getByLabelText(t('exploration:world.newWord')), '灯');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.addWord') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('exploration:errors.wordTooLong'));
  });

  it('stops at 20 words', async () => {
    const { universe } = authorChat();
    await db.chatUniverses.update((q) => q.where({ id: universe.id }), {
      data: (u) =>
        void (u.forbidden_words = Array.from({ length: 20 }, (_, i) => ({
          id: `fw${i}`,
          word: `词${i}`,
        }))),
    });
    const { user, dialog } = await renderWord();
    await user.click(dialog.getByRole('tab', { name: /^(屏蔽词|Forbidden words)/ }));
    expect(dialog.getByLabelText(t('exploration:world.newWord'))).toBeDisabled();
    expect(dialog.getByRole('button', { name: t('exploration:world.addWord') })).toBeDisabled();
  });
});

describe('the exploration-word dialog: background and entries', () => {
  it('saves the background of the chat only, and names the server limit (42205)', async () => {
    const { user, dialog, universe } = await renderWord();
    await user.click(dialog.getByRole('tab', { name: t('exploration:world.tab.background') }));
    const area = dialog.getByRole('textbox', { name: t('exploration:world.background') });
    await user.clear(area);
    await user.type(area, '新的背景');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    await waitFor(() =>
      expect(db.chatUniverses.findFirst((q) => q.where({ id: universe.id }))!.background).toBe(
        '新的背景',
      ),
    );

    server.use(
      http.put('*/api/v2/chats/:chatId/universe/background', () =>
        HttpResponse.json({ error_code: 42205, error_msg: 'length' }, { status: 422 }),
      ),
    );
    await user.type(area, '再长一些');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.backgroundTooLong', { max: 300 }),
    );
  });

  it('creates a character with the world rules checked first, edits it and deletes it with confirm', async () => {
    const { user, dialog } = await renderWord();
    await user.click(await dialog.findByRole('button', { name: t('exploration:world.newEntry') }));
    await user.click(dialog.getByRole('radio', { name: t('worlds:entry.types.character') }));
    const name = dialog.getByLabelText(t('worlds:entry.name'));
    await user.type(name, 'Bad Name!');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('worlds:errors.nameChars'));

    await user.clear(name);
    await user.type(name, '灯守');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    const edit = await dialog.findByRole('button', {
      name: t('exploration:world.editEntry', { name: '灯守' }),
    });

    await user.click(edit);
    const description = dialog.getByLabelText(t('worlds:entry.description'));
    await user.type(description, '守着港口的灯');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    expect(await dialog.findByText('守着港口的灯')).toBeInTheDocument();

    await user.click(
      dialog.getByRole('button', { name: t('exploration:world.deleteEntry', { name: '灯守' }) }),
    );
    const confirm = within(
      await screen.findByRole('dialog', {
        name: t('exploration:world.deleteTitle', { name: '灯守' }),
      }),
    );
    await user.click(confirm.getByRole('button', { name: t('exploration:world.delete') }));
    await waitFor(() =>
      expect(
        dialog.queryByRole('button', { name: t('exploration:world.editEntry', { name: '灯守' }) }),
      ).toBeNull(),
    );
  });

  it('says a deleted entry is gone (40404) and reads the list again', async () => {
    const { user, dialog } = await renderWord();
    const [edit] = await dialog.findAllByRole('button', { name: /^(编辑|Edit)「?“?/ });
    await user.click(edit!);
    server.use(
      http.put('*/api/v2/chats/:chatId/universe/entries/:entryId', () =>
        HttpResponse.json({ error_code: 40404, error_msg: 'role entry deleted' }, { status: 404 }),
      ),
    );
    await user.type(dialog.getByLabelText(t('worlds:entry.description')), '改');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.entryDeleted'),
    );
    expect(
      await dialog.findByRole('button', { name: t('exploration:world.newEntry') }),
    ).toBeInTheDocument();
  });

  it('filters entries by type and by name', async () => {
    const { user, dialog } = await renderWord();
    await dialog.findByRole('list', { name: t('exploration:world.entriesLabel') });
    await user.selectOptions(
      dialog.getByLabelText(t('worlds:entry.type')),
      t('worlds:entry.types.normal'),
    );
    await user.type(dialog.getByLabelText(t('exploration:world.searchName')), 'zzz-no-such');
    await user.click(dialog.getByRole('button', { name: t('exploration:world.search') }));
    expect(await dialog.findByText(t('exploration:world.noMatch'))).toBeInTheDocument();
  });
});

describe('the exploration-word dialog by name', () => {
  it('opens from the chat by name, keeps focus inside, closes on Esc and returns focus', async () => {
    const { chatId, universe } = authorChat();
    const { user } = renderWithProviders(
      <>
        <button type="button" onClick={() => openDialog('explorationWord', { chatId })}>
          words
        </button>
        <DialogHost />
      </>,
      { preloadedState: await signedInState(), route: '/exploration' },
    );
    const opener = screen.getByRole('button', { name: 'words' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', {
      name: t('exploration:world.titleOf', { title: universe.title }),
    });
    await within(dialog).findByRole('tablist');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Tab from the last control wraps inside the dialog.
    for (let i = 0; i < 12; i++) await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('says when the exploration is gone (40408)', async () => {
    renderWithProviders(<DialogHost />, {
      preloadedState: await signedInState(),
      route: '/exploration',
    });
    act(() => void openDialog('explorationWord', { chatId: 'c_missing' }));
    expect(await screen.findByText(t('exploration:errors.missing'))).toBeInTheDocument();
  });

  it('moves between its tabs with the arrow keys', async () => {
    const { user, dialog } = await renderWord();
    const tabs = dialog.getAllByRole('tab');
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tabs[2]).toHaveFocus();
  });
});

describe('the entry avatar (spec 1 §2: the exploration flow on an exploration path)', () => {
  async function editFirstEntry(route: string) {
    const { chatId } = authorChat();
    const { user } = renderWithProviders(
      <ExplorationWordDialog dialogId={1} chatId={chatId} onClose={vi.fn()} />,
      { preloadedState: await signedInState(), route },
    );
    const dialog = within(await screen.findByRole('dialog'));
    const [edit] = await dialog.findAllByRole('button', { name: /^(编辑|Edit)/ });
    await user.click(edit!);
    await dialog.findByLabelText(t('worlds:entry.name'));
    return dialog;
  }

  it('is offered for an existing entry on /exploration', async () => {
    const dialog = await editFirstEntry('/exploration');
    expect(dialog.getByText(t('exploration:world.avatar'))).toBeInTheDocument();
  });

  it('is not offered on /yjin/chat, where the cropper would take the world-entry flow', async () => {
    const dialog = await editFirstEntry('/yjin/chat');
    expect(dialog.queryByText(t('exploration:world.avatar'))).toBeNull();
  });
});

describe('the entry avatar upload', () => {
  it("takes the chat's entry-avatar access on /exploration and answers the passed image", async () => {
    window.history.replaceState(null, '', '/exploration');
    const { chatId, universe } = authorChat();
    const entry = db.chatEntries.findFirst((q) => q.where({ universe_id: universe.id }))!;
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/upload_credential')) calls.push(path);
    });
    const store = testStore(await signedInState());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProvider store={store}>{children}</AppProvider>
    );
    // The target the entry form gives the cropper's field.
    const { result } = renderHook(
      () => useImageUpload({ kind: 'entry', worldId: universe.id, entryId: entry.id, chatId }),
      { wrapper },
    );
    // The result polls, once a second, run on the app's clock, moved on to each.
    const manual = installManualClock(Date.now());
    let url: string | null | undefined;
    act(() => {
      void result.current
        .upload({
          blob: new Blob([new Uint8Array([255, 216, 255, 224, 0, 16])], { type: 'image/jpeg' }),
          ratio: '1:1',
          size: [1, 1],
        })
        .then((u) => (url = u));
    });
    await manual.runTimersUntil(() => url !== undefined);
    expect(calls).toEqual([`/api/v2/chats/${chatId}/universe/${entry.id}/upload_credential`]);
    expect(url).toMatch(/\/files\//);
    server.events.removeAllListeners('request:start');
    window.history.replaceState(null, '', '/');
  });
});

describe('the exploration-word dialog: nothing typed is lost', () => {
  /** Durable copies of a scope kind in this browser (`texts:<kind>:…`). */
  const copies = (kind: string) =>
    Object.keys(localStorage).filter((key) => key.startsWith(`texts:${kind}:`));

  it('a new entry half-written: back after a remount, its type too; Esc asks, and 放弃 drops it', async () => {
    const first = await renderWord();
    await first.user.click(
      await first.dialog.findByRole('button', { name: t('exploration:world.newEntry') }),
    );
    await first.user.click(
      first.dialog.getByRole('radio', { name: t('worlds:entry.types.character') }),
    );
    await first.user.type(first.dialog.getByLabelText(t('worlds:entry.name')), '灯守');
    await first.user.type(first.dialog.getByLabelText(t('worlds:entry.description')), '守灯人');
    // Gone without a choice (a reload, a crash): the text is kept, the choices with it.
    first.unmount();

    const { user, dialog, onClose } = await renderWord();
    await user.click(await dialog.findByRole('button', { name: t('exploration:world.newEntry') }));
    const name = dialog.getByLabelText(t('worlds:entry.name'));
    await waitFor(() => expect(name).toHaveValue('灯守'));
    expect(dialog.getByLabelText(t('worlds:entry.description'))).toHaveValue('守灯人');
    expect(dialog.getByRole('radio', { name: t('worlds:entry.types.character') })).toBeChecked();

    await user.keyboard('{Escape}');
    const ask = within(await screen.findByRole('dialog', { name: t('common:unsaved.title') }));
    await user.click(ask.getByRole('button', { name: t('common:unsaved.keep') }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: t('common:unsaved.title') })).toBeNull(),
    );
    expect(name).toHaveValue('灯守');
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: t('common:unsaved.discard') }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(copies('chat-entry')).toEqual([]);
  });

  it('an edited background: offered back after a remount, and saved', async () => {
    const first = await renderWord();
    await first.user.click(
      first.dialog.getByRole('tab', { name: t('exploration:world.tab.background') }),
    );
    const area = first.dialog.getByRole('textbox', { name: t('exploration:world.background') });
    await first.user.type(area, '未存的一句');
    const typed = (area as HTMLTextAreaElement).value;
    first.unmount();

    const { user, dialog, universe } = await renderWord();
    await user.click(dialog.getByRole('tab', { name: t('exploration:world.tab.background') }));
    await user.click(await dialog.findByRole('button', { name: t('common:draft.restore') }));
    const again = dialog.getByRole('textbox', { name: t('exploration:world.background') });
    expect(again).toHaveValue(typed);
    await user.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    await waitFor(() =>
      expect(db.chatUniverses.findFirst((q) => q.where({ id: universe.id }))!.background).toBe(
        typed,
      ),
    );
    expect(copies('chat-world')).toEqual([]);
  });

  it('a forbidden word typed but not added: back after a remount, gone once added', async () => {
    const first = await renderWord();
    await first.user.click(first.dialog.getByRole('tab', { name: /^(屏蔽词|Forbidden words)/ }));
    await first.user.type(first.dialog.getByLabelText(t('exploration:world.newWord')), '雾灯');
    first.unmount();

    const { user, dialog } = await renderWord();
    await user.click(dialog.getByRole('tab', { name: /^(屏蔽词|Forbidden words)/ }));
    const input = dialog.getByLabelText(t('exploration:world.newWord'));
    await waitFor(() => expect(input).toHaveValue('雾灯'));
    await user.click(dialog.getByRole('button', { name: t('exploration:world.addWord') }));
    await dialog.findByRole('button', {
      name: t('exploration:world.removeWord', { word: '雾灯' }),
    });
    expect(input).toHaveValue('');
    expect(copies('chat-forbidden')).toEqual([]);
  });
});
