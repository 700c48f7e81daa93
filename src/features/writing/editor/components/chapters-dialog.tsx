import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateChapterMutation,
  useListChaptersQuery,
  useUpdateChapterMetaMutation,
} from '@/api/stories';
import { Dialog } from '@/components/ui/dialog/dialog';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { TitleForm, type TitleFormProps } from '@/components/titles/title-form';

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
                  }}
                  onDone={() => setEditing(null)}
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

/** A chapter name typed inside the chapters dialog: the shared title form, inline. */
function NameForm({
  onCancel,
  ...form
}: Pick<
  TitleFormProps,
  'label' | 'initial' | 'draftOf' | 'submitLabel' | 'endpoint' | 'onSubmit' | 'onDone'
> & { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <TitleForm
      {...form}
      // The form opens on the writer's click: the keyboard goes to its field.
      focus="mount"
      cancel={
        <button type="button" className="button" onClick={onCancel}>
          {t('common:actions.cancel')}
        </button>
      }
      className="chapters-dialog__form"
      actionsClassName="chapters-dialog__actions"
    />
  );
}
