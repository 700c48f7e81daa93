import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import {
  useListRecycledStoryPagesInfiniteQuery,
  usePurgeStoryMutation,
  useRecoverStoryMutation,
  type RecycledStory,
} from '@/api/stories';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { formatCount } from '@/lib/number-format';
import { formatTime } from '../model/format';
import { RECYCLE_RETENTION_DAYS } from '../model/recycle';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import './stories.css';

/** /dashboard/recycle: deleted stories, recovered or deleted for good, with the days left. */
export default function RecycleScreen() {
  const { t, i18n } = useTranslation('stories');
  const dispatch = useDispatch();
  const list = useListRecycledStoryPagesInfiniteQuery();
  const [recover, recovering] = useRecoverStoryMutation();
  const [purge] = usePurgeStoryMutation();
  const [purging, setPurging] = useState<RecycledStory | null>(null);
  const stories = list.data?.pages.flatMap((p) => p.data) ?? [];

  let body;
  if (list.isLoading) body = <ListLoading />;
  else if (list.isError && stories.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (stories.length === 0) body = <ListEmpty text={t('recycle.empty')} />;
  else
    body = (
      <>
        <ul className="stories-list" aria-label={t('recycle.heading')}>
          {stories.map((s) => (
            <li key={s.id} className="stories-card">
              <div className="stories-card__main">
                <h2 className="stories-card__title">{s.title}</h2>
                <p className="stories-card__meta">
                  <span>{t('list.chapters', { count: s.chapter_count })}</span>
                  <span>
                    {t('list.words', {
                      count: s.word_count,
                      formatted: formatCount(s.word_count, i18n.language === 'zh' ? 'zh' : 'en'),
                    })}
                  </span>
                  <span>
                    {t('recycle.deletedAt', { time: formatTime(s.deleted_at, i18n.language) })}
                  </span>
                  <strong className="stories-days">
                    {t('recycle.daysLeft', { count: s.remaining_days })}
                  </strong>
                </p>
              </div>
              <div className="stories-card__actions">
                <button
                  type="button"
                  className="button"
                  disabled={recovering.isLoading}
                  aria-label={t('recycle.recoverOf', { title: s.title })}
                  onClick={() =>
                    void recover({ storyId: s.id })
                      .unwrap()
                      .then(() =>
                        dispatch(toastShown({ msg: t('recycle.recovered', { title: s.title }) })),
                      )
                      .catch(() => undefined)
                  }
                >
                  {t('recycle.recover')}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={t('recycle.purgeOf', { title: s.title })}
                  onClick={() => setPurging(s)}
                >
                  {t('recycle.purge')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <button
            type="button"
            className="button stories-more"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('list.loadMore')}
          </button>
        )}
      </>
    );

  return (
    <section className="stories-screen" aria-labelledby="recycle-heading">
      <header className="stories-screen__header">
        <h1 id="recycle-heading">{t('recycle.heading')}</h1>
      </header>
      <p className="stories-lead">{t('recycle.lead', { days: RECYCLE_RETENTION_DAYS })}</p>
      {body}
      {purging && (
        <ConfirmDialog
          heading={t('recycle.purgeHeading')}
          text={t('recycle.purgeText', { title: purging.title })}
          confirmLabel={t('recycle.purge')}
          onConfirm={async () => {
            await purge({ storyId: purging.id }).unwrap();
            dispatch(toastShown({ msg: t('recycle.purged') }));
          }}
          onClose={() => setPurging(null)}
        />
      )}
    </section>
  );
}
