import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { errorText } from '@/api/error-messages';
import {
  useCreateChatEntryMutation,
  useUpdateChatEntryMutation,
  type ChatEntry,
} from '@/api/exploration';
import { ImageUploadField } from '@/components/media/image-upload-field';
import { useUnsavedInDialog } from '@/components/ui/dialog/dialog-close';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { stripBidiControls } from '@/rules/display-text';
import { toEntryBody, toEntryDraft } from '@/rules/entry-draft';
import {
  entryDraftOf,
  entryFieldText,
  entryFields,
  type EntryFieldKey,
  type EntryFields,
} from '@/rules/entry-fields';
import { countText } from '@/rules/text-count';
import { useMaxLength, type MaxLength } from '@/components/ui/field/use-max-length';
import { ENTRY_LIMITS } from '@/rules/world-form-limits';
import { checkEntry, emptyEntryDraft, type EntryDraft } from '@/rules/world-form-rules';
import { WORLD_SERVER_LIMITS } from '@/rules/world-limits';
import { entryFieldOfError, isEntryDeleted, type EntryFormField } from './word-entry-errors';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';

type Errors = Partial<Record<EntryFormField, string>>;

/**
 * One entry of the chat's world, noun or character, with a world's entry rules (spec 1 §5:
 * `src/rules/world-form-rules.ts`), checked before sending. Character fields are shown and sent
 * only for characters; relationships are kept as they are. The avatar of an existing entry
 * goes through the cropper, whose upload takes the exploration entry-avatar flow on this path
 * (spec 1 §2, §7). A failed save keeps everything typed; 40404 says the entry is gone.
 * The whole draft (its choices too) is durable text per chat and entry
 * (`chat-entry:<uid>:<chatId>:<entryId>|new`), like a world's entry form: back after a reload,
 * a crash or going back to the list; the dialog asks before it closes on unsaved text.
 */
export function WordEntryForm({
  chatId,
  universeId,
  entry,
  onDone,
  onGone,
}: {
  chatId: string;
  universeId: string;
  /** The entry to edit; a new entry when absent. */
  entry?: ChatEntry;
  onDone: () => void;
  /** The entry was deleted meanwhile (40404): the message to show with the list. */
  onGone: (message: string) => void;
}) {
  const { t } = useTranslation(['exploration', 'worlds']);
  const dispatch = useDispatch();
  const id = useId();
  const initial = useMemo(() => (entry ? toEntryDraft(entry) : emptyEntryDraft()), [entry]);
  const uid = useSelector(selectUid);
  // The whole draft is durable text (src/rules/entry-fields.ts), choices included; the
  // relationships, not edited here, are sent as the entry has them.
  const durable = useDurableText(
    uid ? `chat-entry:${uid}:${chatId}:${entry?.id ?? 'new'}` : null,
    entryFields(initial),
    { mode: entry ? 'offer' : 'merge' },
  );
  const draft: EntryDraft = {
    ...entryDraftOf(durable.values),
    character_relationships: initial.character_relationships,
  };
  const [image, setImage] = useState(entry?.image ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [createEntry, createState] = useCreateChatEntryMutation();
  const [updateEntry, updateState] = useUpdateChatEntryMutation();
  const character = draft.type === 'character';
  // The cropper takes the exploration entry-avatar flow only on a path containing
  // 'exploration' (spec 1 §2); elsewhere (the one-to-one chat) the avatar is not offered.
  const avatarFlow = useLocation().pathname.includes('exploration');
  const set = <K extends EntryFieldKey>(key: K, value: EntryDraft[K]) =>
    durable.set(key, entryFieldText(value));
  const dirty = durable.dirty || image !== (entry?.image ?? '');
  useUnsavedInDialog(dirty, durable.revert);

  const maxLengths: Record<'name' | 'description' | 'target', MaxLength> = {
    name: useMaxLength(ENTRY_LIMITS.name),
    description: useMaxLength(ENTRY_LIMITS.description),
    target: useMaxLength(ENTRY_LIMITS.target),
  };

  async function onSubmit() {
    const problems = checkEntry(draft);
    const next: Errors = {};
    for (const [field, key] of Object.entries(problems)) {
      next[field === 'relationships' ? 'form' : (field as EntryFormField)] = t(key);
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body = toEntryBody(draft);
    // What the form holds, as typed: what the save is judged by when it answers.
    const text: EntryFields = { ...durable.values };
    try {
      if (entry)
        await updateEntry({ chatId, entryId: entry.id, entryBody: { ...body, image } }).unwrap();
      else await createEntry({ chatId, entryBody: body }).unwrap();
      durable.saved(text);
      dispatch(toastShown({ msg: t('exploration:world.entrySaved') }));
      onDone();
    } catch (e) {
      const endpoint = entry ? 'updateChatEntry' : 'createChatEntry';
      const message = errorText(endpoint, e, (k: string, o?: Record<string, unknown>) =>
        String(t(k, { max: WORLD_SERVER_LIMITS.description, ...o })),
      );
      if (isEntryDeleted(e)) {
        onGone(message);
        return;
      }
      setErrors({ [entryFieldOfError(e)]: message });
    }
  }

  const field = (
    name: 'name' | 'description' | 'target',
    label: string,
    value: string,
    onChange: (v: string) => void,
    limit: number,
    multiline = false,
  ) => {
    const error = errors[name] ?? maxLengths[name].message;
    const props = {
      id: `${id}-${name}`,
      ref: maxLengths[name].ref,
      value,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': `${id}-${name}-count${error ? ` ${id}-${name}-error` : ''}`,
    } as const;
    return (
      <div className="field">
        <label htmlFor={props.id}>{label}</label>
        {multiline ? (
          <textarea {...props} rows={4} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...props} onChange={(e) => onChange(stripBidiControls(e.target.value))} />
        )}
        <span id={`${id}-${name}-count`} className="word-form__count">
          {t('exploration:world.count', { count: countText(value), max: limit })}
        </span>
        {error ? (
          <p id={`${id}-${name}-error`} role="alert" className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const submitting = useOnceFormSubmit(onSubmit);

  return (
    <form
      noValidate
      className="word-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submitting.onSubmit}
    >
      <h3 id={`${id}-title`}>
        {entry ? t('worlds:entry.editTitle', { name: entry.name }) : t('worlds:entry.newTitle')}
      </h3>
      <DraftOffer draft={durable} />
      <fieldset className="word-form__choices">
        <legend>{t('worlds:entry.type')}</legend>
        {(['normal', 'character'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name={`${id}-type`}
              checked={draft.type === type}
              onChange={() => set('type', type)}
            />{' '}
            {t(`worlds:entry.types.${type}`)}
          </label>
        ))}
      </fieldset>
      {field('name', t('worlds:entry.name'), draft.name, (v) => set('name', v), ENTRY_LIMITS.name)}
      {field(
        'description',
        t('worlds:entry.description'),
        draft.description,
        (v) => set('description', v),
        ENTRY_LIMITS.description,
        true,
      )}
      {entry && avatarFlow ? (
        <ImageUploadField
          target={{ kind: 'entry', worldId: universeId, entryId: entry.id, chatId }}
          label={t('exploration:world.avatar')}
          title={t('exploration:world.avatarCropperTitle')}
          headImage
          value={image || null}
          onUploaded={(url) => {
            if (url) setImage(url);
          }}
        />
      ) : entry ? null : (
        <p className="word-note">{t('exploration:world.avatarAfterSave')}</p>
      )}
      {character ? (
        <>
          <fieldset className="word-form__choices">
            <legend>{t('worlds:entry.status')}</legend>
            {(['alive', 'dead'] as const).map((s) => (
              <label key={s}>
                <input
                  type="radio"
                  name={`${id}-status`}
                  checked={draft.character_status === s}
                  onChange={() => set('character_status', s)}
                />{' '}
                {t(`worlds:entry.statuses.${s}`)}
              </label>
            ))}
          </fieldset>
          <div className="word-form__choices">
            <div className="field">
              <label htmlFor={`${id}-age`}>{t('worlds:entry.age')}</label>
              <select
                id={`${id}-age`}
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
              <label htmlFor={`${id}-gender`}>{t('worlds:entry.gender')}</label>
              <select
                id={`${id}-gender`}
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
          <label className="word-form__choices">
            <input
              type="checkbox"
              checked={draft.is_recommended}
              onChange={(e) => set('is_recommended', e.target.checked)}
            />{' '}
            {t('worlds:entry.recommended')}
          </label>
          {field(
            'target',
            t('worlds:entry.target'),
            draft.character_target,
            (v) => set('character_target', v),
            ENTRY_LIMITS.target,
          )}
        </>
      ) : null}
      {errors.form ? (
        <p role="alert" className="field__error">
          {errors.form}
        </p>
      ) : null}
      <div className="word-form__actions">
        <button type="button" className="button" onClick={onDone}>
          {t('exploration:world.back')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={createState.isLoading || updateState.isLoading || submitting.busy}
          aria-busy={submitting.busy}
        >
          {t('exploration:world.save')}
        </button>
      </div>
    </form>
  );
}
