import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useParams } from 'react-router';
import { errorText } from '@/api/error-messages';
import {
  useCreateChapterMutation,
  useGetStoryQuery,
  useListChaptersQuery,
  useUpdateChapterMetaMutation,
  type ChapterMeta,
} from '@/api/stories';
import { PublicLink } from '@/components/ui/public-link/public-link';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { movedIndex } from '../model/chapter-order';
import { formatCount } from '@/lib/number-format';
import { formatTime } from '../model/format';
import { isViewableByLink } from '../model/share-status';
import { publishBlocker } from '../model/story-rules';
import { ExportButtons } from './export-buttons';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { ShareBadge } from './share-badge';
import { ShareControl } from './share-control';
import { TitleDialog } from './title-dialog';
import { WorldBinder } from './world-binder';
import './stories.css';

/** Messages for the client's publish check: the same keys as the server's codes. */
const BLOCKER_KEY = {
  42241: 'list.errors.chapterNameRequired',
  42242: 'list.errors.bodyEmpty',
  42248: 'list.errors.bodyTooShort',
} as const;

type Editing = { kind: 'add' } | { kind: 'rename'; chapter: ChapterMeta };

/** /dashboard/novels/{nid}: the chapters of one story, and the story's settings. */
export default function ChaptersScreen() {
  const { nid = '' } = useParams();
  const { t } = useTranslation('stories');
  const story = useGetStoryQuery({ storyId: nid });

  if (story.isLoading) return <ListLoading />;
  if (!story.data) {
    return (
      <section className="stories-screen">
        <ListError
          message={story.error ? errorText('getStory', story.error, t) : undefined}
          onRetry={() => void story.refetch()}
        />
        <p className="stories-back">
          <Link to={paths.dashboard.novels.getHref()}>{t('chapters.back')}</Link>
        </p>
      </section>
    );
  }
  const s = story.data;
  return (
    <section className="stories-screen" aria-labelledby="chapters-heading">
      <p className="stories-back">
        <Link to={paths.dashboard.novels.getHref()}>{t('chapters.back')}</Link>
      </p>
      <header className="stories-screen__header">
        <h1 id="chapters-heading">{s.title}</h1>
        <ShareBadge status={s.share_status} />
      </header>
      <div className="stories-settings">
        <ShareControl storyId={s.id} status={s.share_status} />
        <div className="stories-settings__side">
          <WorldBinder storyId={s.id} world={s.universe} />
          {isViewableByLink(s.share_status) && (
            <PublicLink path={paths.story.getHref(s.share_id)} shareId={s.share_id} />
          )}
          <p className="stories-settings__export">
            <span>{t('export.story')}</span>
            <ExportButtons storyId={s.id} label={s.title} />
          </p>
        </div>
      </div>
      <ChapterList storyId={s.id} />
    </section>
  );
}

function ChapterList({ storyId }: { storyId: string }) {
  const { t, i18n } = useTranslation('stories');
  const dispatch = useDispatch();
  const list = useListChaptersQuery({ storyId, perPage: 200 });
  const [createChapter] = useCreateChapterMutation();
  const [updateMeta, { isLoading: saving }] = useUpdateChapterMetaMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const chapters = list.data?.data ?? [];

  const move = (chapter: ChapterMeta, to: number) =>
    void updateMeta({ storyId, chapterId: chapter.id, chapterMetaBody: { order: to } });

  const togglePublished = (c: ChapterMeta) => {
    if (!c.published) {
      const blocker = publishBlocker(c);
      if (blocker) {
        dispatch(toastShown({ msg: t(BLOCKER_KEY[blocker]), type: 'error' }));
        return;
      }
    }
    void updateMeta({ storyId, chapterId: c.id, chapterMetaBody: { published: !c.published } })
      .unwrap()
      .then((r) =>
        dispatch(
          toastShown({
            msg: t(r.published ? 'chapters.publishedToast' : 'chapters.unpublishedToast'),
          }),
        ),
      )
      .catch(() => undefined);
  };

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const from = dragFrom;
    setDragFrom(null);
    const chapter = from === null ? undefined : chapters[from];
    if (chapter && from !== to) move(chapter, to);
  };

  let body;
  if (list.isLoading) body = <ListLoading />;
  else if (list.isError && chapters.length === 0)
    body = <ListError onRetry={() => void list.refetch()} />;
  else if (chapters.length === 0) body = <ListEmpty text={t('chapters.empty')} />;
  else
    body = (
      <ol className="stories-chapters" aria-label={t('chapters.heading')}>
        {chapters.map((c, i) => (
          <li
            key={c.id}
            className={`stories-chapter${dragFrom === i ? ' is-dragging' : ''}`}
            draggable
            onDragStart={() => setDragFrom(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, i)}
            onDragEnd={() => setDragFrom(null)}
          >
            <div className="stories-chapter__main">
              <h3 className="stories-chapter__name">
                <Link to={paths.editor.getHref({ nid: storyId, cid: c.id })}>{c.name}</Link>
              </h3>
              <p className="stories-card__meta">
                <span>
                  {t('list.words', {
                    count: c.word_count,
                    formatted: formatCount(c.word_count, i18n.language === 'zh' ? 'zh' : 'en'),
                  })}
                </span>
                <span>
                  {t('chapters.created', { time: formatTime(c.created_at, i18n.language) })}
                </span>
                <span>{t('list.updated', { time: formatTime(c.updated_at, i18n.language) })}</span>
                <span className={`stories-badge ${c.published ? 'stories-badge--square' : ''}`}>
                  {t(c.published ? 'chapters.published' : 'chapters.draft')}
                </span>
              </p>
            </div>
            <div className="stories-card__actions">
              <button
                type="button"
                className="button"
                disabled={saving}
                aria-label={t(c.published ? 'chapters.unpublishOf' : 'chapters.publishOf', {
                  name: c.name,
                })}
                onClick={() => togglePublished(c)}
              >
                {t(c.published ? 'chapters.unpublish' : 'chapters.publish')}
              </button>
              <button
                type="button"
                className="button"
                aria-label={t('chapters.renameOf', { name: c.name })}
                onClick={() => setEditing({ kind: 'rename', chapter: c })}
              >
                {t('list.rename')}
              </button>
              {(['up', 'down'] as const).map((dir) => {
                const to = movedIndex(i, dir, chapters.length);
                return (
                  <button
                    key={dir}
                    type="button"
                    className="icon-button"
                    disabled={to === null || saving}
                    aria-label={t(dir === 'up' ? 'chapters.moveUp' : 'chapters.moveDown', {
                      name: c.name,
                    })}
                    onClick={() => to !== null && move(c, to)}
                  >
                    <span aria-hidden="true">{dir === 'up' ? '↑' : '↓'}</span>
                  </button>
                );
              })}
              <ExportButtons storyId={storyId} chapterId={c.id} label={c.name} />
            </div>
          </li>
        ))}
      </ol>
    );

  return (
    <section className="stories-chapters-section" aria-labelledby="chapter-list-heading">
      <header className="stories-screen__header">
        <h2 id="chapter-list-heading">{t('chapters.heading')}</h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing({ kind: 'add' })}
        >
          {t('chapters.add')}
        </button>
      </header>
      {body}
      {editing?.kind === 'add' && (
        <TitleDialog
          heading={t('chapters.addHeading')}
          label={t('chapters.nameLabel')}
          submitLabel={t('chapters.add')}
          initial={t('chapters.defaultName', { n: chapters.length + 1 })}
          draftOf={`chapter:${storyId}:new`}
          endpoint="createChapter"
          onSubmit={(name) => createChapter({ storyId, chapterCreateBody: { name } }).unwrap()}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'rename' && (
        <TitleDialog
          heading={t('chapters.renameHeading')}
          label={t('chapters.nameLabel')}
          submitLabel={t('common:actions.save')}
          initial={editing.chapter.name}
          draftOf={`chapter:${storyId}:${editing.chapter.id}`}
          endpoint="updateChapterMeta"
          onSubmit={(name) =>
            updateMeta({
              storyId,
              chapterId: editing.chapter.id,
              chapterMetaBody: { name },
            }).unwrap()
          }
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
