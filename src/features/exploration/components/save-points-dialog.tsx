import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import {
  useListChatArchivePagesInfiniteQuery,
  useLoadChatArchiveMutation,
  useSendChatToDeskMutation,
  type ChatArchive,
} from '@/api/exploration';
import { useListStoryPagesInfiniteQuery } from '@/api/stories';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useUnsavedInDialog } from '@/components/ui/dialog/dialog-close';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { paths } from '@/config/paths';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import {
  fromChoices,
  oldestFirst,
  spanProblem,
  titleProblem,
  type SpanProblem,
} from '../model/save-points';
import { useOnceFormSubmit, useOnceSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { formatDate, fromSeconds } from '@/lib/date-format';
import { formatCount } from '@/lib/number-format';
import { selectUid } from '@/core/session-slice';

/** Loading a save point that was deleted meanwhile (spec 2 §8: record deleted). */
const ARCHIVE_GONE = 40411;

const SPAN_PROBLEM_KEY: Record<SpanProblem, string> = {
  noTo: 'exploration:desk.chooseTo',
  noStory: 'exploration:desk.chooseStory',
  emptySpan: 'exploration:errors.emptySpan',
  nameTooLong: 'exploration:errors.titleTooLong',
};

/**
 * The game's save points (newest first, paged): load one (the chat becomes a copy of it and
 * play continues from there; unsaved progress is dropped, so it asks first when there is
 * some), and "to the desk": the span between two save points becomes a chapter draft of a
 * story I choose, opened in the editor.
 */
export function SavePointsDialog({
  gameId,
  isSaved,
  onLoaded,
  onClose,
}: {
  gameId: string;
  isSaved: boolean | undefined;
  onLoaded: (chatId: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const list = useListChatArchivePagesInfiniteQuery({ gameId });
  const [load, loadCall] = useLoadChatArchiveMutation();
  const [confirming, setConfirming] = useState<ChatArchive | null>(null);
  const [view, setView] = useState<'list' | 'desk'>('list');
  const archives = list.data?.pages.flatMap((p) => p.data) ?? [];

  const [loadError, setLoadError] = useState<string | null>(null);

  const doLoad = async (archive: ChatArchive) => {
    setLoadError(null);
    const result = await load({ gameId, archiveId: archive.id });
    if ('error' in result) {
      // The question is answered either way; a save point that is gone leaves the list.
      setConfirming(null);
      setLoadError(errorText('loadChatArchive', result.error, t));
      if (isApiError(result.error) && result.error.code === ARCHIVE_GONE) void list.refetch();
      return;
    }
    onClose();
    onLoaded(result.data.chat_id);
  };
  const loading = useOnceSubmit(doLoad);

  return (
    <Dialog
      title={view === 'desk' ? t('exploration:desk.title') : t('exploration:savePoints.title')}
      onClose={onClose}
      variant="slider"
      size="md"
    >
      {loadError && view === 'list' ? (
        <p className="field__error" role="alert">
          {loadError}
        </p>
      ) : null}
      {view === 'desk' ? (
        <DeskForm archives={archives} gameId={gameId} onBack={() => setView('list')} />
      ) : list.isLoading ? (
        <ListLoading />
      ) : list.isError && !list.data ? (
        <ListError
          onRetry={() => void list.refetch()}
          message={errorText('listChatArchivePages', list.error, t)}
        />
      ) : archives.length === 0 ? (
        <ListEmpty title={t('exploration:savePoints.empty')} />
      ) : (
        <>
          {confirming ? (
            <div className="chat-confirm" role="alertdialog" aria-labelledby="chat-confirm-text">
              <p id="chat-confirm-text">
                {t('exploration:savePoints.loadUnsaved', { title: confirming.title })}
              </p>
              <button type="button" className="button" onClick={() => setConfirming(null)}>
                {t('common:actions.cancel')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={loadCall.isLoading || loading.busy}
                aria-busy={loading.busy}
                onClick={() => void loading.run(confirming)}
                data-autofocus
              >
                {t('exploration:savePoints.loadAnyway')}
              </button>
            </div>
          ) : null}
          <ul className="chat-archives">
            {archives.map((archive) => (
              <li key={archive.id} className="chat-archives__item">
                <div>
                  <strong>{archive.title}</strong>
                  <span className="chat-archives__meta">
                    {t(`exploration:savePoints.kinds.${archive.kind}`)} ·{' '}
                    {t(
                      'exploration:savePoints.messages',
                      messagesOf(archive.message_count, i18n.language),
                    )}{' '}
                    ·{' '}
                    {formatDate(fromSeconds(archive.created_at), i18n.language, 'short', {
                      time: true,
                    })}
                  </span>
                  {archive.last_message ? (
                    <span className="chat-archives__last">{archive.last_message}</span>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="button"
                  disabled={loadCall.isLoading || loading.busy}
                  aria-busy={loading.busy}
                  aria-label={t('exploration:savePoints.loadNamed', { title: archive.title })}
                  onClick={() =>
                    isSaved === false ? setConfirming(archive) : void loading.run(archive)
                  }
                >
                  {t('exploration:savePoints.load')}
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <button
              type="button"
              className="button button--block"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('exploration:savePoints.more')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => setView('desk')}
          >
            {t('exploration:desk.open')}
          </button>
        </>
      )}
    </Dialog>
  );
}

const NO_CHAPTER_NAME = { chapter_name: '' };

/** A save point's message count, compact (spec 1 §9 number display). */
const messagesOf = (count: number, language: string) => ({
  count,
  formatted: formatCount(count, language === 'en' ? 'en' : 'zh'),
});

/**
 * The span of save points that becomes a chapter. Its chapter name is durable text per game
 * (`desk:<uid>:<gameId>`), and the dialog asks before it closes on a typed one.
 */
function DeskForm({
  archives,
  gameId,
  onBack,
}: {
  archives: ChatArchive[];
  gameId: string;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const stories = useListStoryPagesInfiniteQuery();
  const [send, call] = useSendChatToDeskMutation();
  const ordered = oldestFirst(archives);
  const [toId, setToId] = useState(ordered[ordered.length - 1]?.id ?? '');
  const [fromId, setFromId] = useState<string>('');
  const [storyId, setStoryId] = useState('');
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `desk:${uid}:${gameId}` : null, NO_CHAPTER_NAME, {
    mode: 'merge',
  });
  const chapterName = durable.values.chapter_name;
  useUnsavedInDialog(durable.dirty, durable.revert);
  const maxLength = useMaxLength(EXPLORATION_LIMITS.archiveTitle, {
    isOver: (text) => titleProblem(text) === 'tooLong',
  });
  const [error, setError] = useState<string | null>(null);
  const froms = fromChoices(archives, toId);
  const storyList = stories.data?.pages.flatMap((p) => p.data) ?? [];

  const submit = async () => {
    const span = { fromId: fromId || null, toId, storyId, chapterName };
    const problem = spanProblem(archives, span);
    if (problem) {
      setError(t(SPAN_PROBLEM_KEY[problem]));
      return;
    }
    const name = chapterName.trim();
    const result = await send({
      gameId,
      toDeskBody: {
        from_archive_id: span.fromId,
        to_archive_id: toId,
        story_id: storyId,
        ...(name ? { chapter_name: name } : {}),
      },
    });
    if ('error' in result) {
      setError(errorText('sendChatToDesk', result.error, t));
      return;
    }
    durable.saved(NO_CHAPTER_NAME);
    void navigate(paths.editor.getHref({ nid: result.data.story_id, cid: result.data.chapter_id }));
  };

  const submitting = useOnceFormSubmit(submit);

  return (
    <form className="chat-desk" onSubmit={submitting.onSubmit}>
      <p>{t('exploration:desk.text')}</p>
      <Field label={t('exploration:desk.to')}>
        {(control) => (
          <select
            {...control}
            value={toId}
            onChange={(event) => {
              setToId(event.target.value);
              setFromId('');
              setError(null);
            }}
          >
            {ordered.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} (
                {t('exploration:savePoints.messages', messagesOf(a.message_count, i18n.language))})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('exploration:desk.from')}>
        {(control) => (
          <select
            {...control}
            value={fromId}
            onChange={(event) => {
              setFromId(event.target.value);
              setError(null);
            }}
          >
            <option value="">{t('exploration:desk.fromStart')}</option>
            {froms.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} (
                {t('exploration:savePoints.messages', messagesOf(a.message_count, i18n.language))})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('exploration:desk.story')}>
        {(control) => (
          <select
            {...control}
            value={storyId}
            onChange={(event) => {
              setStoryId(event.target.value);
              setError(null);
            }}
          >
            <option value="">
              {stories.isLoading
                ? t('exploration:desk.loadingStories')
                : t('exploration:desk.chooseStory')}
            </option>
            {storyList.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      {stories.hasNextPage ? (
        <button
          type="button"
          className="button"
          disabled={stories.isFetchingNextPage}
          onClick={() => void stories.fetchNextPage()}
        >
          {t('exploration:desk.moreStories')}
        </button>
      ) : null}
      <Field
        label={t('exploration:desk.chapterName')}
        hint={t('exploration:savePoints.titleHint', { max: EXPLORATION_LIMITS.archiveTitle })}
        error={maxLength.message}
      >
        {(control) => (
          <input
            {...control}
            ref={maxLength.ref}
            value={chapterName}
            onChange={(event) => {
              durable.set('chapter_name', event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="chat-desk__bar">
        <button type="button" className="button" onClick={onBack}>
          {t('exploration:desk.back')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={call.isLoading || submitting.busy}
          aria-busy={submitting.busy}
        >
          {t('exploration:desk.send')}
        </button>
      </div>
    </form>
  );
}
