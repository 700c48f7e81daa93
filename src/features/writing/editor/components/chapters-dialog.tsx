import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-messages';
import {
  useCreateChapterMutation,
  useListChaptersQuery,
  useUpdateChapterMetaMutation,
} from '@/api/stories';
import { Dialog } from '@/components/ui/dialog/dialog';
import { useUnsavedInDialog } from '@/components/ui/dialog/dialog-close';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { stripBidiControls } from '@/rules/display-text';
import { countText } from '@/rules/text-count';
import { cleanTitle, TITLE_MAX, titleProblem } from '@/rules/titles';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { selectUid } from '@/session/session-slice';

export interface ChaptersDialogProps {
  storyId: string;
  currentId: string;
  /** The open chapter's title as the editor holds it now (it may be unsaved). */
  currentName: string;
  /** Goes to another chapter through the editor (which saves first and guards the leave). */
  onJump: (chapterId: string) => void;
  /** Renames the open chapter through the editor's own title, saved with its text. */
  onRenameCurrent: (name: string) => void;
  onClose: () => void;
}

type Editing = { kind: 'rename'; id: string; initial: string } | { kind: 'add' } | null;

/**
 * Spec 1 §2 "chapters": the story's chapters without leaving the editor — jump to one, add
 * one (and go to it), rename one. The open chapter is renamed through the editor's title, so
 * its unsaved text and title travel together; jumping is the editor's, which saves first.
 */
export function ChaptersDialog({
  storyId,
  currentId,
  currentName,
  onJump,
  onRenameCurrent,
  onClose,
}: ChaptersDialogProps) {
  const { t } = useTranslation(['writing', 'stories']);
  const list = useListChaptersQuery({ storyId, perPage: 200 });
  const [editing, setEditing] = useState<Editing>(null);
  const [createChapter] = useCreateChapterMutation();
  const [updateMeta] = useUpdateChapterMetaMutation();

  const chapters = list.data?.data ?? [];
  let body;
  if (list.isLoading) body = <ListLoading />;
  else if (!list.data)
    body = (
      <ListError
        message={t('writing:editor.chapters.failed')}
        onRetry={() => void list.refetch()}
      />
    );
  else
    body = (
      <ol className="chapters-dialog__list" aria-label={t('writing:editor.chapters.list')}>
        {chapters.map((c) => {
          const current = c.id === currentId;
          const name = current ? currentName : c.name;
          if (editing?.kind === 'rename' && editing.id === c.id)
            return (
              <li key={c.id} className="chapters-dialog__item">
                <NameForm
                  label={t('writing:editor.chapters.renameLabel', { name })}
                  initial={editing.initial}
                  draftOf={`chapter:${storyId}:${c.id}`}
                  submitLabel={t('common:actions.save')}
                  endpoint="updateChapterMeta"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (next) => {
                    if (current) onRenameCurrent(next);
                    else
                      await updateMeta({
                        storyId,
                        chapterId: c.id,
                        chapterMetaBody: { name: next },
                      }).unwrap();
                    setEditing(null);
                  }}
                />
              </li>
            );
          return (
            <li key={c.id} className="chapters-dialog__item">
              <button
                type="button"
                className="chapters-dialog__jump"
                aria-current={current ? 'true' : undefined}
                disabled={current}
                onClick={() => onJump(c.id)}
              >
                <span className="chapters-dialog__order">{c.order + 1}</span>
                <span className="chapters-dialog__name">{name}</span>
                {current ? (
                  <span className="chapters-dialog__here">
                    {t('writing:editor.chapters.current')}
                  </span>
                ) : null}
              </button>
              <button
                type="button"
                className="button"
                aria-label={t('writing:editor.chapters.rename', { name })}
                onClick={() => setEditing({ kind: 'rename', id: c.id, initial: name })}
              >
                {t('writing:editor.chapters.renameShort')}
              </button>
            </li>
          );
        })}
      </ol>
    );

  return (
    <Dialog title={t('writing:editor.chapters.title')} onClose={onClose} size="sm">
      {body}
      {editing?.kind === 'add' ? (
        <NameForm
          label={t('writing:editor.chapters.newName')}
          initial=""
          draftOf={`chapter:${storyId}:new`}
          submitLabel={t('writing:editor.chapters.create')}
          endpoint="createChapter"
          onCancel={() => setEditing(null)}
          onSubmit={async (name) => {
            const created = await createChapter({
              storyId,
              chapterCreateBody: { name },
            }).unwrap();
            onJump(created.id);
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--primary chapters-dialog__add"
          onClick={() => setEditing({ kind: 'add' })}
          disabled={!list.data}
        >
          {t('writing:editor.chapters.add')}
        </button>
      )}
    </Dialog>
  );
}

/** A chapter name, checked as the server checks it (`rules/titles.ts`), counted as typed. */
function NameForm({
  label,
  initial,
  draftOf,
  submitLabel,
  endpoint,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  /** The title's durable text, as `TitleDialog` keys it: a name typed in either comes back. */
  draftOf: string;
  submitLabel: string;
  endpoint: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['writing', 'stories']);
  // Durable text: kept at every key, offered back after a reload, a crash or a closed dialog.
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `title:${uid}:${draftOf}` : null, { title: initial });
  const value = durable.values.title;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const maxLength = useMaxLength(TITLE_MAX);
  // A name typed here is asked about before the dialog closes on it; 放弃 drops its copy.
  useUnsavedInDialog(durable.dirty, durable.revert);

  const submit = async () => {
    if (busy) return;
    const problem = titleProblem(value);
    if (problem) {
      setError(t(`stories:list.title.${problem}`, { max: TITLE_MAX }));
      return;
    }
    setBusy(true);
    try {
      const title = cleanTitle(value);
      await onSubmit(title);
      durable.saved({ title });
    } catch (err) {
      setError(errorText(endpoint, isApiError(err) ? err : null, t));
      setBusy(false);
    }
  };

  const submitting = useOnceFormSubmit(submit);

  return (
    <form className="chapters-dialog__form" onSubmit={submitting.onSubmit} noValidate>
      <DraftOffer draft={durable} />
      <Field
        label={label}
        error={error ?? maxLength.message}
        hint={t('common:maxLength.counter', { count: countText(value), max: TITLE_MAX })}
      >
        {(control) => (
          <input
            {...control}
            ref={maxLength.ref}
            // The form opens on the writer's click: the keyboard goes to its field.
            autoFocus
            value={value}
            onChange={(e) => {
              durable.set('title', stripBidiControls(e.target.value));
              setError(null);
            }}
          />
        )}
      </Field>
      <div className="chapters-dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common:actions.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || submitting.busy}
          aria-busy={busy || submitting.busy}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
