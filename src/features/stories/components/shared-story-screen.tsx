import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { useGetSharedStoryQuery, type SharedStory } from '@/api/stories';
import { PublicShareFrame, PublicShareUnavailable } from '@/components/layouts/public-share-frame';
import { formatCount } from '@/lib/number-format';
import { formatTime } from '../model/format';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { ShareBadge } from './share-badge';
import { ShareControl } from './share-control';
import './stories.css';

/** Codes for which retrying cannot help: the story is gone or not for this viewer. */
const FINAL_CODES = new Set([40402, 40418, 40330]);

/** /story/{shareid}: a shared story for anyone (spec 1 §2, §6); its author sees the status control. */
export default function SharedStoryScreen() {
  const { shareid = '' } = useParams();
  const { t } = useTranslation('stories');
  const story = useGetSharedStoryQuery({ shareid });

  if (story.isLoading) return <ListLoading />;
  if (!story.data) {
    const final =
      isApiError(story.error) && story.error.code !== null && FINAL_CODES.has(story.error.code);
    const message = errorText('getSharedStory', story.error, t);
    return final ? (
      <PublicShareUnavailable message={message} />
    ) : (
      <ListError message={message} onRetry={() => void story.refetch()} />
    );
  }
  return <SharedStoryView story={story.data} />;
}

export function SharedStoryView({ story }: { story: SharedStory }) {
  const { t, i18n } = useTranslation('stories');
  return (
    <PublicShareFrame
      kicker={t('share.kind')}
      title={story.title}
      cover={story.cover || undefined}
      work={{
        kind: 'story',
        shareId: story.share_id,
        supporterCount: story.supporter_count,
      }}
      author={story.author}
    >
      <p className="stories-card__meta">
        <ShareBadge status={story.share_status} />
        <span>
          {t('list.words', {
            count: story.word_count,
            formatted: formatCount(story.word_count, i18n.language === 'zh' ? 'zh' : 'en'),
          })}
        </span>
        <span>{t('list.updated', { time: formatTime(story.updated_at, i18n.language) })}</span>
        {story.universe && <span>{t('list.world', { title: story.universe.title })}</span>}
      </p>
      {story.is_author && story.story_id && (
        <div className="stories-settings">
          <ShareControl storyId={story.story_id} status={story.share_status} />
        </div>
      )}
      {story.chapters.length === 0 ? (
        <ListEmpty text={t('share.noChapters')} />
      ) : (
        <>
          <nav aria-label={t('share.contents')} className="stories-toc">
            <ol>
              {story.chapters.map((c) => (
                <li key={c.id}>
                  <a href={`#chapter-${c.id}`}>{c.name}</a>
                </li>
              ))}
            </ol>
          </nav>
          {story.chapters.map((c) => (
            <section key={c.id} id={`chapter-${c.id}`} aria-labelledby={`chapter-title-${c.id}`}>
              <h2 id={`chapter-title-${c.id}`}>{c.name}</h2>
              {c.content
                .split('\n')
                .filter((p) => p.trim())
                .map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
            </section>
          ))}
        </>
      )}
    </PublicShareFrame>
  );
}
