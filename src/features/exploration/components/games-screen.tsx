import { CoverFallback } from '@/components/ui/cover/cover-fallback';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useDeleteChatGameMutation,
  useListChatGamePagesInfiniteQuery,
  type ChatGame,
} from '@/api/exploration';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { paths } from '@/config/paths';
import { formatDate, fromSeconds } from '@/lib/date-format';
import { formatCount } from '@/lib/number-format';
import { useScrollToBottom } from '@/lib/use-scroll-to-bottom';
import './games-screen.css';
import { imageUrl } from '@/lib/image-url';

/**
 * My chat games (spec 2 §2 /dashboard/exploration): latest played first, 20 a page (`limit`),
 * more when scrolled within 50 px of the end or by the button; continue opens the game's chat,
 * delete asks first. A game is started from a world ("explore this world").
 */
export function GamesScreen() {
  const { t, i18n } = useTranslation('exploration');
  const list = useListChatGamePagesInfiniteQuery();
  const [deleteGame] = useDeleteChatGameMutation();
  const [deleting, setDeleting] = useState<ChatGame | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const games = list.data?.pages.flatMap((p) => p.data) ?? [];
  const canLoadMore = list.hasNextPage && !list.isFetching && !list.isError;
  useScrollToBottom(scroller, () => void list.fetchNextPage(), { enabled: canLoadMore });

  let body;
  if (list.isLoading) body = <ListLoading />;
  else if (list.isError && games.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (games.length === 0)
    body = (
      <ListEmpty title={t('exploration:games.empty')} text={t('exploration:games.emptyText')}>
        <Link className="button button--primary" to={paths.dashboard.square.getHref()}>
          {t('exploration:games.toSquare')}
        </Link>
      </ListEmpty>
    );
  else
    body = (
      <>
        <ul className="games-list" aria-label={t('exploration:games.label')}>
          {games.map((g) => (
            <li key={g.id} className="game-card">
              {imageUrl(g.cover) ? (
                <img className="game-card__cover" src={imageUrl(g.cover)} alt="" loading="lazy" />
              ) : (
                <CoverFallback
                  title={g.title}
                  kind="universe"
                  className="game-card__cover game-card__cover--none"
                />
              )}
              <div className="game-card__text">
                <h2 className="game-card__title">{g.title}</h2>
                {g.cast.length > 0 ? (
                  <p className="game-card__meta">
                    {t('exploration:games.cast', { names: g.cast.map((c) => c.name).join('、') })}
                  </p>
                ) : null}
                <p className="game-card__last">
                  {g.last_message || t('exploration:games.noMessages')}
                </p>
                <p className="game-card__meta">
                  {t('exploration:games.messages', {
                    count: g.message_count,
                    formatted: formatCount(g.message_count, i18n.language === 'en' ? 'en' : 'zh'),
                  })}{' '}
                  ·{' '}
                  <time dateTime={new Date(g.updated_at * 1000).toISOString()}>
                    {t('exploration:games.played', {
                      date: formatDate(fromSeconds(g.updated_at), i18n.language, 'short', {
                        time: true,
                      }),
                    })}
                  </time>
                </p>
              </div>
              <div className="game-card__actions">
                <Link
                  className="button button--primary"
                  to={paths.exploration.getHref({ chat: g.chat_id })}
                  aria-label={t('exploration:games.continueGame', { title: g.title })}
                >
                  {t('exploration:games.continue')}
                </Link>
                <button
                  type="button"
                  className="button"
                  aria-label={t('exploration:games.deleteGame', { title: g.title })}
                  onClick={() => setDeleting(g)}
                >
                  {t('exploration:games.delete')}
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
            className="button games-more"
            disabled={list.isFetching}
            onClick={() => void list.fetchNextPage()}
          >
            {t('exploration:games.more')}
          </button>
        ) : games.length > 10 ? (
          <p className="games-end">{t('common:list.end')}</p>
        ) : null}
      </>
    );

  return (
    <section className="games-screen" aria-labelledby="games-title">
      <header className="games-toolbar">
        <h1 id="games-title">{t('exploration:games.title')}</h1>
      </header>
      <div ref={scroller} className="games-scroller">
        {body}
      </div>
      {deleting ? (
        <ConfirmDialog
          heading={t('exploration:games.deleteTitle', { title: deleting.title })}
          text={t('exploration:games.deleteText')}
          confirmLabel={t('exploration:games.deleteConfirm')}
          onConfirm={() => deleteGame({ gameId: deleting.id }).unwrap()}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

export default GamesScreen;
