import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { errorText } from '@/api/error-messages';
import {
  useDeleteChatEntryMutation,
  useListChatEntryPagesInfiniteQuery,
  type ChatEntry,
} from '@/api/exploration';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { isEntryDeleted } from './word-entry-errors';
import { WordEntryForm } from './word-entry-form';
import { imageUrl } from '@/lib/image-url';

type TypeFilter = '' | 'normal' | 'character';
type Editing = { kind: 'new' } | { kind: 'edit'; entry: ChatEntry } | null;

/**
 * The entries of the chat's world (spec 2 §7 "with limit, type and name"): filtered by type and
 * by a name, a page at a time; new, edit and delete (asked first). A deleted entry (40404)
 * is said so and the list is read again.
 */
export function WordEntriesPanel({ chatId, universeId }: { chatId: string; universeId: string }) {
  const { t } = useTranslation(['exploration', 'worlds']);
  const dispatch = useDispatch();
  const id = useId();
  const [type, setType] = useState<TypeFilter>('');
  const [nameInput, setNameInput] = useState('');
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChatEntry | null>(null);
  /** Why the editor closed by itself (the entry was deleted meanwhile). */
  const [notice, setNotice] = useState<string | null>(null);
  const list = useListChatEntryPagesInfiniteQuery({
    chatId,
    ...(type ? { type } : {}),
    ...(name ? { name } : {}),
  });
  const [deleteEntry] = useDeleteChatEntryMutation();
  const entries = list.data?.pages.flatMap((p) => p.data) ?? [];

  if (editing) {
    return (
      <WordEntryForm
        chatId={chatId}
        universeId={universeId}
        entry={editing.kind === 'edit' ? editing.entry : undefined}
        onDone={() => {
          setNotice(null);
          setEditing(null);
        }}
        onGone={(message) => {
          setNotice(message);
          setEditing(null);
          void list.refetch();
        }}
      />
    );
  }

  async function confirmDelete(entry: ChatEntry) {
    try {
      await deleteEntry({ chatId, entryId: entry.id }).unwrap();
      dispatch(toastShown({ msg: t('exploration:world.entryDeleted', { name: entry.name }) }));
    } catch (e) {
      // The app's toast says why; a deleted entry leaves the list.
      if (isEntryDeleted(e)) void list.refetch();
      throw e;
    }
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setName(nameInput.trim());
  }

  let body;
  if (list.isLoading) body = <ListLoading />;
  else if (list.isError && entries.length === 0)
    body = (
      <ListError
        onRetry={() => void list.refetch()}
        message={errorText('listChatEntryPages', list.error, t)}
      />
    );
  else if (entries.length === 0)
    body = (
      <ListEmpty
        title={name || type ? t('exploration:world.noMatch') : t('exploration:world.noEntries')}
      />
    );
  else
    body = (
      <>
        <ul className="word-entries" aria-label={t('exploration:world.entriesLabel')}>
          {entries.map((e) => (
            <li key={e.id} className="word-entry">
              {imageUrl(e.image) ? (
                <img className="word-entry__avatar" src={imageUrl(e.image)} alt="" loading="lazy" />
              ) : (
                <span className="word-entry__avatar word-entry__avatar--none" aria-hidden="true">
                  {[...e.name][0] ?? '·'}
                </span>
              )}
              <div className="word-entry__text">
                <strong>{e.name || t('exploration:world.unnamed')}</strong>{' '}
                <span className="word-entry__type">{t(`worlds:entry.types.${e.type}`)}</span>
                {e.description ? <p className="word-entry__description">{e.description}</p> : null}
              </div>
              <div className="word-entry__actions">
                <button
                  type="button"
                  className="button"
                  aria-label={t('exploration:world.editEntry', { name: e.name })}
                  onClick={() => setEditing({ kind: 'edit', entry: e })}
                >
                  {t('exploration:world.edit')}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={t('exploration:world.deleteEntry', { name: e.name })}
                  onClick={() => setDeleting(e)}
                >
                  {t('exploration:world.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {list.isFetchingNextPage ? <ListLoading /> : null}
        {list.isError ? (
          <ListError onRetry={() => void list.fetchNextPage()} />
        ) : list.hasNextPage ? (
          <button
            type="button"
            className="button word-more"
            disabled={list.isFetching}
            onClick={() => void list.fetchNextPage()}
          >
            {t('exploration:world.more')}
          </button>
        ) : null}
      </>
    );

  return (
    <div className="word-entries-panel">
      <div className="word-filters">
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('worlds:entry.type')}</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as TypeFilter)}
          >
            <option value="">{t('exploration:world.allTypes')}</option>
            <option value="normal">{t('worlds:entry.types.normal')}</option>
            <option value="character">{t('worlds:entry.types.character')}</option>
          </select>
        </div>
        <form
          role="search"
          aria-label={t('exploration:world.searchEntries')}
          className="word-filters__search"
          onSubmit={onSearch}
        >
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('exploration:world.searchName')}</label>
            <input
              id={`${id}-name`}
              type="search"
              value={nameInput}
              onChange={(e) => setNameInput(e.target.value)}
            />
          </div>
          <button type="submit" className="button">
            {t('exploration:world.search')}
          </button>
        </form>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing({ kind: 'new' })}
        >
          {t('exploration:world.newEntry')}
        </button>
      </div>
      {notice ? (
        <p role="alert" className="field__error">
          {notice}
        </p>
      ) : null}
      {body}
      {deleting ? (
        <ConfirmDialog
          heading={t('exploration:world.deleteTitle', { name: deleting.name })}
          text={t('exploration:world.deleteText')}
          confirmLabel={t('exploration:world.delete')}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
