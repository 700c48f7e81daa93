import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import {
  useCreateStoryMutation,
  useDeleteStoryMutation,
  useListStoryPagesInfiniteQuery,
  useRenameStoryMutation,
  type Story,
} from '@/api/stories';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { formatTime } from '../model/format';
import { RECYCLE_RETENTION_DAYS } from '../model/recycle';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { ShareBadge } from './share-badge';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import './stories.css';

// Opened on a click, never on the first screen: the dialogs' code (and the shared dialog
// frame's) loads then, not with the list.
const TitleDialog = lazy(() => import('./title-dialog').then((m) => ({ default: m.TitleDialog })));

type Editing =
  { kind: 'create' } | { kind: 'rename'; story: Story } | { kind: 'delete'; story: Story };

/** /dashboard/novels: my stories, with create, rename and delete into the recycle bin. */
export default function NovelsScreen() {
  const { t, i18n } = useTranslation('stories');
  const dispatch = useDispatch();
  const list = useListStoryPagesInfiniteQuery();
  const [createStory] = useCreateStoryMutation();
  const [renameStory] = useRenameStoryMutation();
  const [deleteStory] = useDeleteStoryMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  const stories = list.data?.pages.flatMap((p) => p.data) ?? [];

  let body;
  if (list.isLoading) body = <ListLoading />;
  else if (list.isError && stories.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (stories.length === 0)
    body = (
      <ListEmpty text={t('list.empty')}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing({ kind: 'create' })}
        >
          {t('list.create')}
        </button>
      </ListEmpty>
    );
  else
    body = (
      <>
        <ul className="stories-list" aria-label={t('list.heading')}>
          {stories.map((s) => (
            <li key={s.id} className="stories-card">
              <div className="stories-card__main">
                <h2 className="stories-card__title">
                  <Link to={paths.dashboard.chapters.getHref(s.id)}>{s.title}</Link>
                </h2>
                <p className="stories-card__meta">
                  <span>{t('list.chapters', { count: s.chapter_count })}</span>
                  <span>
                    {t('list.words', {
                      count: s.word_count,
                      formatted: formatCount(s.word_count, i18n.language === 'zh' ? 'zh' : 'en'),
                    })}
                  </span>
                  <span>
                    {t('list.updated', { time: formatTime(s.updated_at, i18n.language) })}
                  </span>
                </p>
                <p className="stories-card__meta">
                  <ShareBadge status={s.share_status} />
                  <span>
                    {s.universe ? t('list.world', { title: s.universe.title }) : t('list.noWorld')}
                  </span>
                </p>
              </div>
              <div className="stories-card__actions">
                <button
                  type="button"
                  className="button"
                  aria-label={t('list.renameOf', { title: s.title })}
                  onClick={() => setEditing({ kind: 'rename', story: s })}
                >
                  {t('list.rename')}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={t('list.deleteOf', { title: s.title })}
                  onClick={() => setEditing({ kind: 'delete', story: s })}
                >
                  {t('list.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {list.hasNextPage ? (
          <button
            type="button"
            className="button stories-more"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('list.loadMore')}
          </button>
        ) : (
          stories.length > 10 && <p className="stories-end">{t('common:list.end')}</p>
        )}
      </>
    );

  return (
    <section className="stories-screen" aria-labelledby="novels-heading">
      <header className="stories-screen__header">
        <h1 id="novels-heading">{t('list.heading')}</h1>
        <div className="stories-screen__tools">
          <Link className="button" to={paths.dashboard.recycle.getHref()}>
            {t('list.recycleLink')}
          </Link>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing({ kind: 'create' })}
          >
            {t('list.create')}
          </button>
        </div>
      </header>
      {body}

      <Suspense fallback={null}>
        {editing?.kind === 'create' && (
          <TitleDialog
            heading={t('list.createHeading')}
            label={t('list.titleLabel')}
            submitLabel={t('list.createSubmit')}
            draftOf="story:new"
            endpoint="createStory"
            onSubmit={async (title) => {
              await createStory({ storyTitleBody: { title } }).unwrap();
              dispatch(toastShown({ msg: t('list.created') }));
            }}
            onClose={close}
          />
        )}
        {editing?.kind === 'rename' && (
          <TitleDialog
            heading={t('list.renameHeading')}
            label={t('list.titleLabel')}
            submitLabel={t('common:actions.save')}
            initial={editing.story.title}
            draftOf={`story:${editing.story.id}`}
            endpoint="renameStory"
            onSubmit={async (title) => {
              await renameStory({ storyId: editing.story.id, storyTitleBody: { title } }).unwrap();
              dispatch(toastShown({ msg: t('list.renamed') }));
            }}
            onClose={close}
          />
        )}
        {editing?.kind === 'delete' && (
          <ConfirmDialog
            heading={t('list.deleteHeading')}
            text={t('list.deleteText', {
              title: editing.story.title,
              days: RECYCLE_RETENTION_DAYS,
            })}
            confirmLabel={t('list.delete')}
            onConfirm={async () => {
              await deleteStory({ storyId: editing.story.id }).unwrap();
              dispatch(toastShown({ msg: t('list.deleted', { days: RECYCLE_RETENTION_DAYS }) }));
            }}
            onClose={close}
          />
        )}
      </Suspense>
    </section>
  );
}
