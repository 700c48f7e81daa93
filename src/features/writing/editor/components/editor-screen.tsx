import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useGetChapterContentQuery, type ChapterContent } from '@/api/writing';
import { selectUid } from '@/core/session-slice';
import { errorText } from '@/api/error-messages';
import { isApiError, isFailure } from '@/core/api-error';
import { Icon } from '@/components/ui/icon/icons';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { paths } from '@/config/paths';
import { deleteDraft, draftKey, judgeDraft, loadDrafts, saveDraft, type Draft } from '@/lib/drafts';
import { ChapterWorkspace } from './chapter-workspace';
import { ChapterConflictDialog } from './chapter-conflict-dialog';
import { DraftDialog } from './draft-dialog';

/** /editor?nid=<story>&cid=<chapter>: loads the chapter, offers a newer local draft, edits. */
export default function EditorScreen() {
  const { t } = useTranslation('writing');
  const [params] = useSearchParams();
  const cid = params.get('cid') ?? '';
  const query = useGetChapterContentQuery({ id: cid }, { skip: !cid });
  const uid = useSelector(selectUid) ?? '';
  // Only when nothing was loaded: a later check of the server copy that fails (the editor's
  // own watch, offline) must not swap the open editor for another view.
  const offlineDraft = useOfflineDraft(
    unreachable(query.error) && !query.data ? { uid, cid } : null,
    uid,
  );

  if (!cid) {
    return (
      <section className="empty-state">
        <Icon name="empty" size={56} className="empty-state__icon" />
        <p className="empty-state__text">{t('editor.noChapter')}</p>
        <Link className="button button--primary" to={paths.dashboard.novels.getHref()}>
          {t('editor.toNovels')}
        </Link>
      </section>
    );
  }
  if (offlineDraft) {
    // The server copy cannot be reached but this chapter's local draft can: keep writing on
    // it (saves retry until the network is back) rather than hiding it behind an error block.
    return (
      <>
        <p className="editor-offline" role="status">
          {t('editor.offlineDraft')}
        </p>
        <ChapterWorkspace
          chapter={{
            id: cid,
            story_id: params.get('nid') ?? '',
            story_title: '',
            universe_id: null,
            name: offlineDraft.name,
            content: offlineDraft.content,
            updated_at: offlineDraft.base_updated_at,
          }}
          initial={{ name: offlineDraft.name, content: offlineDraft.content, restored: true }}
          draftKey={offlineDraft.key}
          fromServer={false}
        />
      </>
    );
  }
  if (query.isLoading || (query.isFetching && !query.data)) {
    return (
      <div className="editor-state">
        <LoadingIcon />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="editor-state" role="alert">
        <Icon name="warning" size={40} className="empty-state__icon" />
        <p className="empty-state__text">
          {query.error ? errorText('getChapterContent', query.error, t) : t('editor.loadFailed')}
        </p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          <Icon name="retry" size={16} /> {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  return <DraftGate key={query.data.id} chapter={query.data} />;
}

/** No answer at all (offline, timeout, 5xx), as opposed to a refusal such as 40418 or 40330. */
const unreachable = (error: unknown) => isApiError(error) && isFailure(error);

/**
 * The local draft of a chapter whose server copy could not be loaded. Once found it is kept,
 * so the writer is not bounced back to the draft dialog when the connection returns.
 */
function useOfflineDraft(chapter: { uid: string; cid: string } | null, me: string): Draft | null {
  const [found, setFound] = useState<Draft | null>(null);
  const uid = chapter?.uid;
  const cid = chapter?.cid;
  useEffect(() => {
    if (!uid || !cid) return;
    let live = true;
    void loadDrafts(uid, cid).then(([newest]) => {
      if (live && newest) setFound(adoptDraft(newest, draftKey(me, cid)));
    });
    return () => {
      live = false;
    };
  }, [uid, cid, me]);
  return found;
}

/**
 * Makes a found draft this page's (its edit counter starts again here), in this task, then
 * drops the other page's copy; the text is never without a stored copy in between.
 */
function adoptDraft(draft: Draft, key: string): Draft {
  if (draft.key === key) return draft;
  const mine: Draft = { ...draft, key, revision: 0 };
  void saveDraft(mine).then(() => deleteDraft(draft.key));
  return mine;
}

type Start = { name: string; content: string; restored: boolean };
type Found = { draft: Draft; verdict: 'restore' | 'conflict' };

/** Looks for a local draft before the editor mounts, so the body starts from the right text. */
function DraftGate({ chapter: latest }: { chapter: ChapterContent }) {
  const uid = useSelector(selectUid) ?? '';
  // The copy the drafts are judged against and the editor starts from (a later check of the
  // server copy refreshes the query's data; the open editor follows that itself).
  const [chapter] = useState(latest);
  const key = draftKey(uid, chapter.id);
  const [found, setFound] = useState<Found | null | undefined>(undefined);
  const [start, setStart] = useState<Start | null>(null);

  useEffect(() => {
    let live = true;
    void loadDrafts(uid, chapter.id).then((drafts) => {
      if (!live) return;
      // Judged by the server version each draft was based on, never by clocks. Drafts the
      // server already holds word for word are done with.
      const judged = drafts.map((draft) => ({ draft, verdict: judgeDraft(draft, chapter) }));
      for (const j of judged) if (j.verdict === 'saved') void deleteDraft(j.draft.key);
      const offer = judged.find((j): j is Found => j.verdict !== 'saved');
      if (offer) setFound(offer);
      else {
        setFound(null);
        setStart({ name: chapter.name, content: chapter.content, restored: false });
      }
    });
    return () => {
      live = false;
    };
  }, [uid, chapter]);

  if (found && !start) {
    const { draft } = found;
    if (found.verdict === 'conflict') {
      // The server copy moved on since the draft's base: both versions, the writer chooses.
      return (
        <ChapterConflictDialog
          mine={{ name: draft.name, content: draft.content }}
          theirs={chapter}
          onResolve={(choice, result) => {
            if (choice === 'theirs') void deleteDraft(draft.key);
            else adoptDraft(draft, key);
            setStart({ ...result, restored: choice !== 'theirs' });
          }}
        />
      );
    }
    return (
      <DraftDialog
        changedAt={draft.changed_at}
        onRestore={() => {
          // The text becomes this page's draft (deleted once saved), whichever page wrote it.
          adoptDraft(draft, key);
          setStart({ name: draft.name, content: draft.content, restored: true });
        }}
        onDiscard={() => {
          void deleteDraft(draft.key);
          setStart({ name: chapter.name, content: chapter.content, restored: false });
        }}
      />
    );
  }
  if (!start) {
    return (
      <div className="editor-state">
        <LoadingIcon />
      </div>
    );
  }
  return <ChapterWorkspace chapter={chapter} initial={start} draftKey={key} />;
}
