import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useCreateEntryMutation, useUpdateEntryMutation, type Entry } from '@/api/worlds';
import { ImageUploadField } from '@/components/media/image-upload-field';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { toEntryBody, toEntryDraft } from '@/rules/entry-draft';
import { ENTRY_LIMITS } from '@/rules/world-form-limits';
import { entryFieldOf, worldsErrorText } from '../model/server-errors';
import {
  checkEntry,
  emptyEntryDraft,
  type EntryDraft,
  type EntryField,
} from '@/rules/world-form-rules';
import { RelationshipsField, newRowKey, type RelationshipRow } from './relationships-field';
import {
  entryDraftOf,
  entryFieldText,
  entryFields,
  relationshipRowsOf,
  relationshipRowsText,
  type EntryFieldKey,
  type EntryFields,
} from '@/rules/entry-fields';
import { TextField } from './text-field';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { selectUid } from '@/core/session-slice';
import { saveWithBase } from '@/components/conflict/save-with-base';

const ENTRY_SHAPE = { body: 'description', title: 'name' } as const;

type Errors = Partial<Record<EntryField | 'form', string>>;

/**
 * The word editor: one glossary entry, noun or character (spec 1 §3). Character fields are
 * shown and sent only for characters. Its unsaved flag is raised while it differs from the
 * entry it opened with; a failed save keeps everything typed.
 */
export function EntryFormDialog({
  worldId,
  entry,
  onClose,
  onDirtyChange,
}: {
  worldId: string;
  /** The entry to edit; a new entry when absent. */
  entry?: Entry;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('worlds');
  const dispatch = useDispatch();
  const ids = { rel: useId(), age: useId(), gender: useId() };
  const initial = useMemo(() => (entry ? toEntryDraft(entry) : emptyEntryDraft()), [entry]);
  // The whole draft is durable text (src/rules/entry-fields.ts): every field kept at every key,
  // per entry (or per world for a new one); closing the dialog keeps it, and it is back when
  // the dialog reopens on the same entry, after a reload, a crash or the session's end too.
  // Closed by the person with something unsaved, the dialog asks; 放弃 drops the kept copy.
  const uid = useSelector(selectUid);
  const durable = useDurableText(
    uid ? `entry:${uid}:${worldId}:${entry?.id ?? 'new'}` : null,
    entryFields(initial),
    { mode: entry ? 'offer' : 'merge', version: entry?.updated_at },
  );
  const draft = entryDraftOf(durable.values);
  // The rows' keys (for React) live here, one per row by position; rows that come back from
  // a kept copy get new ones.
  const keys = useRef<number[]>([]);
  const rows: RelationshipRow[] = relationshipRowsOf(durable.values.relationships).map((r, i) => ({
    ...r,
    key: (keys.current[i] ??= newRowKey()),
  }));
  const setRows = (next: RelationshipRow[]) => {
    keys.current = next.map((r) => r.key);
    durable.set('relationships', relationshipRowsText(next));
  };
  const [image, setImage] = useState(entry?.image ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [createEntry, createState] = useCreateEntryMutation();
  const [updateEntry, updateState] = useUpdateEntryMutation();

  const dirty = durable.dirty || image !== (entry?.image ?? '');
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const set = <K extends EntryFieldKey>(key: K, value: EntryDraft[K]) =>
    durable.set(key, entryFieldText(value));
  const character = draft.type === 'character';

  async function onSubmit() {
    const problems = checkEntry(draft);
    const next: Errors = {};
    for (const [field, key] of Object.entries(problems)) next[field as EntryField] = t(key);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      // What the form holds, as typed: what the save is judged by when it answers.
      const text: EntryFields = { ...durable.values };
      if (entry) {
        // Based on the entry's version: a newer one saved elsewhere is merged in or compared.
        const done = await saveWithBase(
          durable,
          text,
          (next, base) =>
            updateEntry({
              id: worldId,
              entryId: entry.id,
              entryUpdateBody: {
                ...toEntryBody(entryDraftOf(next)),
                image,
                base_updated_at: base,
              },
            }).unwrap(),
          (now: Entry) => entryFields(toEntryDraft(now)),
        );
        if (!done) return;
        durable.saved(done.fields, { version: done.answer.updated_at, sent: done.fields });
      } else {
        await createEntry({ id: worldId, entryBody: toEntryBody(draft) }).unwrap();
        durable.saved(text);
      }
      dispatch(toastShown({ msg: t('worlds:entry.saved') }));
      onDirtyChange(false);
      onClose();
    } catch (error) {
      const endpoint = entry ? 'updateEntry' : 'createEntry';
      setErrors({ [entryFieldOf(error)]: worldsErrorText(endpoint, error, t) });
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);

  const title = entry
    ? t('worlds:entry.editTitle', { name: entry.name })
    : t('worlds:entry.newTitle');
  return (
    <Dialog title={title} onClose={onClose} size="lg" dirty={dirty} onDiscard={durable.revert}>
      <form noValidate className="worlds-form" onSubmit={submitting.onSubmit}>
        <DraftOffer draft={durable} shape={ENTRY_SHAPE} />
        <fieldset className="entry-form__choices">
          <legend>{t('worlds:entry.type')}</legend>
          {(['normal', 'character'] as const).map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="entry-type"
                value={type}
                checked={draft.type === type}
                onChange={() => set('type', type)}
              />{' '}
              {t(`worlds:entry.types.${type}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('worlds:entry.name')}
          value={draft.name}
          onChange={(v) => set('name', v)}
          error={errors.name}
          limit={ENTRY_LIMITS.name}
          autoFocus
        />
        <TextField
          label={t('worlds:entry.description')}
          value={draft.description}
          onChange={(v) => set('description', v)}
          error={errors.description}
          limit={ENTRY_LIMITS.description}
          multiline
          rows={5}
        />
        {entry ? (
          <ImageUploadField
            target={{ kind: 'entry', worldId, entryId: entry.id }}
            label={t('worlds:entry.image')}
            title={t('worlds:entry.imageCropperTitle')}
            value={image || null}
            onUploaded={(url) => {
              if (url) setImage(url);
            }}
          />
        ) : (
          <p className="field__hint">{t('worlds:entry.imageAfterSave')}</p>
        )}
        {character ? (
          <>
            <fieldset className="entry-form__choices">
              <legend>{t('worlds:entry.status')}</legend>
              {(['alive', 'dead'] as const).map((s) => (
                <label key={s}>
                  <input
                    type="radio"
                    name="character-status"
                    value={s}
                    checked={draft.character_status === s}
                    onChange={() => set('character_status', s)}
                  />{' '}
                  {t(`worlds:entry.statuses.${s}`)}
                </label>
              ))}
            </fieldset>
            <div className="entry-form__choices">
              <div className="field">
                <label className="field__label" htmlFor={ids.age}>
                  {t('worlds:entry.age')}
                </label>
                <select
                  id={ids.age}
                  value={draft.character_age}
                  onChange={(e) =>
                    set('character_age', e.target.value as EntryDraft['character_age'])
                  }
                >
                  {(['youth', 'adult', 'elder', 'unknown'] as const).map((a) => (
                    <option key={a} value={a}>
                      {t(`worlds:entry.ages.${a}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={ids.gender}>
                  {t('worlds:entry.gender')}
                </label>
                <select
                  id={ids.gender}
                  value={draft.character_gender ?? ''}
                  onChange={(e) =>
                    set(
                      'character_gender',
                      e.target.value === ''
                        ? null
                        : (e.target.value as 'male' | 'female' | 'unknown'),
                    )
                  }
                >
                  <option value="">{t('worlds:entry.genders.none')}</option>
                  {(['male', 'female', 'unknown'] as const).map((g) => (
                    <option key={g} value={g}>
                      {t(`worlds:entry.genders.${g}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <label className="entry-form__choices">
              <input
                type="checkbox"
                checked={draft.is_recommended}
                onChange={(e) => set('is_recommended', e.target.checked)}
              />{' '}
              {t('worlds:entry.recommended')}
            </label>
            <TextField
              label={t('worlds:entry.target')}
              value={draft.character_target}
              onChange={(v) => set('character_target', v)}
              error={errors.target}
              limit={ENTRY_LIMITS.target}
            />
            <RelationshipsField
              rows={rows}
              onChange={setRows}
              error={errors.relationships}
              errorId={ids.rel}
            />
          </>
        ) : null}
        {errors.form ? (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="worlds-form__actions">
          <DialogCancel className="button">{t('common:actions.cancel')}</DialogCancel>
          <button
            type="submit"
            className="button button--primary"
            disabled={createState.isLoading || updateState.isLoading || submitting.busy}
            aria-busy={submitting.busy}
          >
            {t('common:actions.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
