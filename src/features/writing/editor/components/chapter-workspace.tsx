import { Avatar } from '@/components/ui/avatar/avatar';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDispatch } from 'react-redux';
import { createEditor, Editor, Range } from 'slate';
import { withHistory } from 'slate-history';
import { ReactEditor, withReact } from 'slate-react';
import { useGetWritingBenefitsQuery } from '@/api/account/startup';
import { PowerDetails } from '@/components/power/power-details';
import { useGetSelfProfileQuery } from '@/api/profile';
import { errorText } from '@/api/error-messages';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { powerBalance } from '@/rules/power';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import type { ChapterContent } from '@/api/writing';
import { AiPanel } from '../../ai/components/ai-panel';
import { useContinuation } from '../../ai/hooks/use-continuation';
import { LabPanel } from '../../lab/components/lab-panel';
import { useChapterSave, type ServerCopy } from '../hooks/use-chapter-save';
import { useGlossary } from '../hooks/use-glossary';
import { useServerCopy } from '../hooks/use-server-copy';
import { isBlankBeforeCaret } from '../model/caret';
import {
  resetBody,
  selectedText,
  textToValue,
  valueToText,
  withChapterRules,
  type LimitRefusal,
} from '../model/chapter-text';
import { createEditorApi } from '../model/editor-api';
import { ChapterBody } from './chapter-body';
import { ChapterCounts, createChangeSignal } from './chapter-counts';
import { useBothLabels } from '@/components/conflict/conflict-dialog';
import { resolveChapterConflict, type ChapterVersion } from '@/lib/conflict';
import { ChapterConflictDialog } from './chapter-conflict-dialog';
import { ElsewhereNotice } from '@/components/ui/field/draft-offer';
import { ChapterTitleField } from './chapter-title-field';
import { ChaptersDialog } from './chapters-dialog';
import { GlossaryTooltip } from './glossary-tooltip';
import { LeaveDialog } from './leave-dialog';
import './editor.css';

export interface ChapterWorkspaceProps {
  chapter: ChapterContent;
  /** Where the writing starts: the server copy, or a restored local draft. */
  initial: { name: string; content: string; restored: boolean };
  draftKey: string;
  /** False when `chapter` was rebuilt from a local draft (the server could not be reached). */
  fromServer?: boolean;
}

/** Paragraphs per chunk of Slate's chunking (rendered by `ChapterBody`). */
const CHUNK_SIZE = 40;

function createChapterEditor(onRefused: (r: LimitRefusal) => void) {
  const editor = withChapterRules(withHistory(withReact(createEditor())), onRefused);
  editor.getChunkSize = (node) => (Editor.isEditor(node) ? CHUNK_SIZE : null);
  return editor;
}

/** The writing screen: title, Slate body, counts and save status, AI continuation, lab. */
export function ChapterWorkspace({
  chapter,
  initial,
  draftKey,
  fromServer = true,
}: ChapterWorkspaceProps) {
  const { t } = useTranslation('writing');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const ids = { status: useId() };
  /** The writer asked to see both versions of a conflict (the notice's button). */
  const [comparing, setComparing] = useState(false);
  /**
   * A comparison was answered: the notice's button is gone, so the keyboard goes back to the
   * text once the chosen version is on screen (Slate's own focus, asked before that render,
   * retries on a timer and may meet an unmounted editor).
   */
  const [backToText, setBackToText] = useState(0);
  const [changes] = useState(createChangeSignal);
  /** The title field starts over (a new `key`) when a whole version replaces the text. */
  const [title, setTitle] = useState({ name: initial.name, version: 0 });
  const [selection, setSelection] = useState('');
  const [openingFree, setOpeningFree] = useState(initial.content.trim() === '');
  const [inTitle, setInTitle] = useState(false);
  const [chaptersOpen, setChaptersOpen] = useState(false);
  const nameRef = useRef(initial.name);

  const toast = useCallback(
    (msg: string, type: 'error' | 'success' = 'error') =>
      dispatch(toastShown({ msg, type, duration: type === 'error' ? 3000 : 1500 })),
    [dispatch],
  );
  const refusal = useRef<(r: LimitRefusal) => void>(() => undefined);
  useEffect(() => {
    refusal.current = (r) =>
      toast(
        r.kind === 'paste' ? t('editor.limit.paste', { total: r.total }) : t('editor.limit.typing'),
      );
  });
  const [editor] = useState(() => createChapterEditor((r) => refusal.current(r)));
  const initialValue = useMemo(() => textToValue(initial.content), [initial.content]);
  const api = useMemo(() => createEditorApi(editor), [editor]);
  useEffect(() => {
    if (backToText > 0) ReactEditor.toDOMNode(editor, editor).focus({ preventScroll: true });
  }, [backToText, editor]);

  const read = useCallback(
    (): ChapterVersion => ({ name: nameRef.current, content: valueToText(editor.children) }),
    [editor],
  );
  const conflictSeen = useRef<() => void>(() => undefined);
  const save = useChapterSave({
    chapterId: chapter.id,
    draftKey,
    baseUpdatedAt: chapter.updated_at,
    serverText: fromServer ? { name: chapter.name, content: chapter.content } : null,
    read,
    onConflict: () => conflictSeen.current(),
  });
  const { edited, rebase, saveNow } = save;

  /** Puts a whole version into the title and body (a resolved conflict, a newer server copy). */
  const replaceText = useCallback(
    (version: ChapterVersion) => {
      if (version.name !== nameRef.current)
        setTitle((shown) => ({ name: version.name, version: shown.version + 1 }));
      nameRef.current = version.name;
      if (valueToText(editor.children) !== version.content) resetBody(editor, version.content);
      edited();
    },
    [editor, edited],
  );
  const saveSoon = useCallback(() => {
    // After the body's change notification (a microtask), so the save sees its revision.
    // eslint-disable-next-line no-restricted-properties -- yields a task past the microtask, not an app timer
    window.setTimeout(() => void saveNow(), 0);
  }, [saveNow]);
  const watch = useServerCopy({
    chapterId: chapter.id,
    read,
    save,
    adopt: (server: ServerCopy) => {
      rebase(server);
      replaceText(server);
      saveSoon();
      toast(t('editor.updatedElsewhere'), 'success');
    },
  });
  useEffect(() => {
    conflictSeen.current = watch.onConflict;
  }, [watch.onConflict]);
  const labels = useBothLabels();
  // A restored draft is unsaved work: save it like fresh typing.
  useEffect(() => {
    if (initial.restored) edited();
  }, [initial.restored, edited]);

  const terms = useGlossary(chapter.universe_id);
  const ai = useContinuation(chapter.id, api.textBeforeCaret);
  const { data: benefits } = useGetWritingBenefitsQuery();
  const balance = benefits ? powerBalance(benefits) : null;
  const { data: profile } = useGetSelfProfileQuery();

  // A keystroke touches no state of this screen: only the counts listen to changes. The
  // callbacks are stable so that the memoised body never re-renders with the screen.
  const onValueChange = useCallback(() => {
    changes.emit();
    edited();
  }, [changes, edited]);
  // Every keystroke moves the caret: the screen's state is set only when it changes (a
  // same-value setState can still render the whole screen once, see useChapterSave).
  const shownSelection = useRef({ text: '', openingFree });
  const onSelectionChange = useCallback(() => {
    const sel = editor.selection;
    const text = sel && Range.isExpanded(sel) ? selectedText(editor) : '';
    const free = isBlankBeforeCaret(editor);
    const shown = shownSelection.current;
    if (text !== shown.text) setSelection(text);
    if (free !== shown.openingFree) setOpeningFree(free);
    shownSelection.current = { text, openingFree: free };
  }, [editor]);
  const onBodyFocus = useCallback(() => setInTitle(false), []);
  const onBodyBlur = useCallback(() => void saveNow(), [saveNow]);

  // Ctrl+S / ⌘S saves now, instead of opening the browser's "save page as" (a writer's reflex).
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's')
        return;
      e.preventDefault();
      void saveNow();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [saveNow]);

  const { isDirtyNow } = save;
  const blocker = useLeaveGuard(save.dirty, isDirtyNow);

  /** Spec 1 §2: clicking an avatar in the editor saves first, then navigates. */
  async function openProfile() {
    if (!profile) return;
    await save.saveNow();
    void navigate(paths.user.getHref(profile.user._id));
  }

  /**
   * Spec 1 §2 "chapters": another chapter of the story in this editor. The text is saved
   * first; when that fails the leave guard holds the move and asks (the local draft keeps
   * every keystroke meanwhile), as for any other way out of the editor.
   */
  async function openChapter(chapterId: string) {
    setChaptersOpen(false);
    await save.saveNow();
    void navigate(paths.editor.getHref({ nid: chapter.story_id, cid: chapterId }));
  }

  const status = save.status;
  // A conflict is explained by its notice below: the status only names it.
  const statusText =
    status === 'failed' && save.lastError?.code === 40920
      ? t('editor.status.conflict')
      : status === 'failed'
        ? t('editor.status.failed', {
            reason: save.lastError ? errorText('saveChapterContent', save.lastError, t) : '',
          })
        : t(`editor.status.${status}`);

  return (
    <div className="chapter-workspace">
      <div className="chapter-workspace__main">
        {/* The page's heading for those who move by headings; the toolbar shows the title. */}
        <h1 className="visually-hidden">{t('editor.heading', { story: chapter.story_title })}</h1>
        <div className="editor-toolbar" role="toolbar" aria-label={t('editor.screenTitle')}>
          <a
            className="button"
            href={paths.dashboard.chapters.getHref(chapter.story_id)}
            onClick={(e) => {
              e.preventDefault();
              void navigate(paths.dashboard.chapters.getHref(chapter.story_id));
            }}
          >
            {t('editor.backToChapters')}
          </a>
          <span className="editor-toolbar__story">{chapter.story_title}</span>
          <button
            type="button"
            className="button"
            aria-haspopup="dialog"
            onClick={() => setChaptersOpen(true)}
          >
            {t('editor.chapters.open')}
          </button>
          <span className="editor-toolbar__spacer" />
          <span id={ids.status} className="editor-toolbar__status" role="status">
            {statusText}
          </span>
          <button
            type="button"
            className="button"
            disabled={status === 'saved' || status === 'saving'}
            onClick={() => void save.saveNow()}
            title={t('editor.saveShortcut')}
            aria-keyshortcuts="Control+S Meta+S"
          >
            {t('editor.saveNow')}
          </button>
          {profile ? (
            <button
              type="button"
              className="editor-toolbar__avatar"
              aria-label={profile.user.name}
              onClick={() => void openProfile()}
            >
              <Avatar src={profile.user.avatar} />
            </button>
          ) : null}
        </div>

        {watch.conflict ? (
          // Said without taking the keyboard: a dialog opened by an autosave in the middle of
          // typing took the keys typed after it (and a space chose for the writer).
          <ElsewhereNotice
            text={t('editor.conflict.notice')}
            onCompare={() => setComparing(true)}
          />
        ) : null}

        <ChapterTitleField
          key={title.version}
          initial={title.name}
          onValidChange={(next) => {
            nameRef.current = next;
            edited();
          }}
          onFocus={() => setInTitle(true)}
          onBlur={() => void save.saveNow()}
        />

        <ChapterBody
          editor={editor}
          initialValue={initialValue}
          label={t('editor.body')}
          placeholder={t('editor.placeholder')}
          onValueChange={onValueChange}
          onSelectionChange={onSelectionChange}
          onFocus={onBodyFocus}
          onBlur={onBodyBlur}
        />

        <GlossaryTooltip editor={editor} terms={terms} changes={changes} />
        <ChapterCounts editor={editor} changes={changes} balance={balance} />
        {benefits ? <PowerDetails benefits={benefits} label={t('editor.powerBreakdown')} /> : null}
      </div>

      <aside className="chapter-workspace__side">
        <AiPanel
          state={ai.state}
          dispatch={ai.dispatch}
          stream={ai.stream}
          error={ai.error}
          balance={balance}
          openingFree={openingFree}
          storyId={chapter.story_id}
          onStart={(regenerate, characterIds) => {
            // The button is replaced while the stream runs: the keyboard goes back to the body.
            api.focus();
            void ai.start(regenerate, characterIds);
          }}
          onModel={ai.setModel}
          onLength={ai.setLength}
          onInsert={api.insertCard}
          onUndo={api.undoCard}
          onRedo={api.redoCard}
          onNotice={(m) => toast(m)}
        />
        <LabPanel
          chapterId={chapter.id}
          selection={selection}
          inTitle={inTitle}
          takeTarget={api.labTarget}
          onToast={toast}
        />
      </aside>

      {watch.conflict && comparing ? (
        <ChapterConflictDialog
          mine={read()}
          theirs={watch.conflict.theirs}
          onResolve={(choice) => {
            const theirs = watch.conflict!.theirs;
            // The editor's text now: nothing typed since the notice appeared is left out.
            const result = resolveChapterConflict(choice, read(), theirs, labels);
            rebase(theirs);
            replaceText(result);
            watch.closeConflict();
            setComparing(false);
            setBackToText((n) => n + 1);
            saveSoon();
          }}
        />
      ) : null}

      {chaptersOpen ? (
        <ChaptersDialog
          storyId={chapter.story_id}
          currentId={chapter.id}
          currentName={nameRef.current}
          onJump={(id) => void openChapter(id)}
          onRenameCurrent={(name) => {
            replaceText({ name, content: valueToText(editor.children) });
            saveSoon();
          }}
          onClose={() => setChaptersOpen(false)}
        />
      ) : null}

      {blocker.state === 'blocked' ? (
        <LeaveDialog
          onSave={async () => {
            if (await save.saveNow()) blocker.proceed();
          }}
          onDiscard={async () => {
            await save.discard();
            blocker.proceed();
          }}
          onStay={() => blocker.reset()}
          failure={status === 'failed' ? statusText : null}
        />
      ) : null}
    </div>
  );
}
