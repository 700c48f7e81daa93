import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { skipToken } from '@reduxjs/toolkit/query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { selectUid } from '@/core/session-slice';
import { useDeleteWorldsMutation, useListWorldPagesInfiniteQuery, type World } from '@/api/worlds';
import { openStartExploration } from '@/components/exploration/open-start-exploration';
import { paths } from '@/config/paths';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import { CopyWorldDialog } from './copy-world-dialog';
import { CreateWorldDialog } from './create-world-dialog';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { ShareStatusSelect } from './share-status-select';
import './worlds.css';

type Open = null | 'create' | 'copy' | 'delete';

/**
 * My worlds (spec 1 §2 /dashboard/worlds): 20 a page, more when scrolled within 50 px of the
 * end, create, copy from a share id, multi-delete and each world's share status.
 */
export function WorldsScreen() {
  const { t } = useTranslation('worlds');
  const uid = useSelector(selectUid);
  // The list is never requested without a user id (spec 1 §5).
  const list = useListWorldPagesInfiniteQuery(uid ? undefined : skipToken);
  const [open, setOpen] = useState<Open>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleteWorlds] = useDeleteWorldsMutation();
  const scroller = useRef<HTMLDivElement>(null);

  const worlds: World[] = list.data?.pages.flatMap((p) => p.data) ?? [];
  const canLoadMore = list.hasNextPage && !list.isFetching && !list.isError;
  useScrollToBottom(scroller, () => void list.fetchNextPage(), { enabled: canLoadMore });

  function toggle(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function confirmDelete() {
    await deleteWorlds({ deleteWorldsBody: { universe_ids: [...selected] } }).unwrap();
    setSelected(new Set());
    setSelecting(false);
  }

  let body;
  if (list.isLoading || (!list.data && !list.isError)) body = <ListLoading />;
  else if (list.isError && worlds.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (worlds.length === 0)
    body = <ListEmpty title={t('worlds:list.empty')} text={t('worlds:list.emptyText')} />;
  else
    body = (
      <>
        <ul className="world-grid" aria-label={t('worlds:list.label')}>
          {worlds.map((w) => (
            <li key={w.id} className="world-card">
              {selecting ? (
                <input
                  type="checkbox"
                  className="world-card__check"
                  checked={selected.has(w.id)}
                  onChange={() => toggle(w.id)}
                  aria-label={t('worlds:list.select', { title: w.title })}
                />
              ) : null}
              <h2 className="world-card__title">
                <Link to={paths.dashboard.world.getHref(w.id)}>{w.title}</Link>
              </h2>
              <p className="world-card__background">{w.background}</p>
              <p className="world-card__meta">
                {t('worlds:list.entries', { count: w.entry_count })}
              </p>
              <div className="world-card__actions">
                <ShareStatusSelect world={w} />
                <button
                  type="button"
                  className="button"
                  aria-label={t('worlds:exploreWorld', { title: w.title })}
                  onClick={() => openStartExploration({ universeId: w.id })}
                >
                  {t('worlds:explore')}
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
        ) : worlds.length > 10 ? (
          <p className="worlds-end">{t('common:list.end')}</p>
        ) : null}
      </>
    );

  return (
    <section className="worlds-screen" aria-labelledby="worlds-title">
      <header className="worlds-toolbar">
        <h1 id="worlds-title">{t('worlds:list.title')}</h1>
        <div className="worlds-toolbar__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setOpen('create')}
          >
            {t('worlds:list.create')}
          </button>
          <button type="button" className="button" onClick={() => setOpen('copy')}>
            {t('worlds:list.copy')}
          </button>
          {worlds.length > 0 ? (
            <button
              type="button"
              className="button"
              aria-pressed={selecting}
              onClick={() => {
                setSelecting((s) => !s);
                setSelected(new Set());
              }}
            >
              {selecting ? t('worlds:list.doneSelecting') : t('worlds:list.selectMode')}
            </button>
          ) : null}
          {selecting ? (
            <button
              type="button"
              className="button"
              disabled={selected.size === 0}
              onClick={() => setOpen('delete')}
            >
              {t('worlds:list.deleteSelected', { count: selected.size })}
            </button>
          ) : null}
        </div>
      </header>
      <div ref={scroller} className="worlds-scroller">
        {body}
      </div>
      {open === 'create' ? <CreateWorldDialog onClose={() => setOpen(null)} /> : null}
      {open === 'copy' ? <CopyWorldDialog onClose={() => setOpen(null)} /> : null}
      {open === 'delete' ? (
        <ConfirmDialog
          heading={t('worlds:delete.title', { count: selected.size })}
          text={t('worlds:delete.text')}
          confirmLabel={t('worlds:delete.confirm')}
          onConfirm={confirmDelete}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

export default WorldsScreen;
