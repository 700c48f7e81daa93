import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { selectUid } from '@/core/session-slice';
import {
  useDeleteEntryMutation,
  useListEntryPagesInfiniteQuery,
  type Entry,
  type EntryFilter,
} from '@/api/worlds';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { EntryFormDialog } from './entry-form-dialog';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';

/** Entries per page of the glossary; sent because it is above 0 (spec 1 §5). */
export const ENTRIES_PER_PAGE = 20;

type Editing = null | { entry?: Entry };

/**
 * The glossary of a world: filter by type, order, search by name, load more at the end;
 * add, edit and delete entries in the word editor.
 */
export function GlossaryPanel({
  worldId,
  onDirtyChange,
}: {
  worldId: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('worlds');
  const ids = { type: useId(), order: useId(), search: useId() };
  const [filter, setFilter] = useState<EntryFilter>({
    perPage: ENTRIES_PER_PAGE,
    orderBy: 'updated_at',
  });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [deleteEntry] = useDeleteEntryMutation();
  const uid = useSelector(selectUid);
  // The entry list is never requested without a user id (spec 1 §5).
  const list = useListEntryPagesInfiniteQuery(uid ? { id: worldId, filter } : skipToken);
  const scroller = useRef<HTMLDivElement>(null);
  const entries = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  useScrollToBottom(scroller, () => void list.fetchNextPage(), {
    enabled: list.hasNextPage && !list.isFetching && !list.isError,
  });

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setFilter((f) => ({ ...f, name: search.trim() || undefined }));
  }

  async function confirmDelete() {
    if (deleting) await deleteEntry({ id: worldId, entryId: deleting.id }).unwrap();
  }

  let body;
  if (list.isLoading || (!list.data && !list.isError)) body = <ListLoading />;
  else if (list.isError && entries.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (entries.length === 0)
    body = (
      <ListEmpty
        title={
          filter.name || filter.type ? t('worlds:glossary.noMatch') : t('worlds:glossary.empty')
        }
      />
    );
  else
    body = (
      <>
        <ul className="entry-list" aria-label={t('worlds:glossary.list', { total })}>
          {entries.map((e) => (
            <li key={e.id} className="entry-row">
              <div>
                <p className="entry-row__name">
                  <span>{e.name || t('worlds:glossary.unnamed')}</span>
                  <span className="entry-row__type">{t(`worlds:entry.types.${e.type}`)}</span>
                </p>
                {e.description ? <p className="entry-row__description">{e.description}</p> : null}
              </div>
              <div className="entry-row__actions">
                <button
                  type="button"
                  className="button"
                  aria-label={t('worlds:glossary.edit', {
                    name: e.name || e.description.slice(0, 10),
                  })}
                  onClick={() => setEditing({ entry: e })}
                >
                  {t('worlds:glossary.editShort')}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={t('worlds:glossary.delete', {
                    name: e.name || e.description.slice(0, 10),
                  })}
                  onClick={() => setDeleting(e)}
                >
                  {t('worlds:glossary.deleteShort')}
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
            className="button worlds-more"
            disabled={list.isFetching}
            onClick={() => void list.fetchNextPage()}
          >
            {t('worlds:list.more')}
          </button>
        ) : null}
      </>
    );

  return (
    <section className="worlds-panel" aria-labelledby="glossary-title">
      <div className="worlds-toolbar">
        <h2 id="glossary-title">{t('worlds:glossary.title')}</h2>
        <button type="button" className="button button--primary" onClick={() => setEditing({})}>
          {t('worlds:glossary.add')}
        </button>
      </div>
      <form
        className="glossary-filters"
        role="search"
        aria-label={t('worlds:glossary.filters')}
        onSubmit={onSearch}
      >
        <div className="field">
          <label className="field__label" htmlFor={ids.type}>
            {t('worlds:glossary.type')}
          </label>
          <select
            id={ids.type}
            value={filter.type ?? ''}
            onChange={(e) =>
              setFilter((f) => ({
                ...f,
                type:
                  e.target.value === '' ? undefined : (e.target.value as 'normal' | 'character'),
              }))
            }
          >
            <option value="">{t('worlds:glossary.allTypes')}</option>
            <option value="normal">{t('worlds:entry.types.normal')}</option>
            <option value="character">{t('worlds:entry.types.character')}</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.order}>
            {t('worlds:glossary.order')}
          </label>
          <select
            id={ids.order}
            value={filter.orderBy ?? 'updated_at'}
            onChange={(e) =>
              setFilter((f) => ({ ...f, orderBy: e.target.value as EntryFilter['orderBy'] }))
            }
          >
            <option value="updated_at">{t('worlds:glossary.orders.updated_at')}</option>
            <option value="created_at">{t('worlds:glossary.orders.created_at')}</option>
            <option value="name">{t('worlds:glossary.orders.name')}</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.search}>
            {t('worlds:glossary.search')}
          </label>
          <input
            id={ids.search}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button type="submit" className="button">
          {t('worlds:glossary.searchSubmit')}
        </button>
      </form>
      <div ref={scroller} className="worlds-scroller">
        {body}
      </div>
      {editing ? (
        <EntryFormDialog
          worldId={worldId}
          entry={editing.entry}
          onClose={() => setEditing(null)}
          onDirtyChange={onDirtyChange}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          heading={t('worlds:glossary.deleteTitle', {
            name: deleting.name || deleting.description.slice(0, 10),
          })}
          text={t('worlds:glossary.deleteText')}
          confirmLabel={t('worlds:delete.confirm')}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
