import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useUpdateWorldMutation, type World } from '@/api/worlds';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { WORLD_LIMITS } from '@/rules/world-form-limits';
import { worldFieldOf, worldsErrorText } from '../model/server-errors';
import { checkBackground, checkTitle } from '@/rules/world-form-rules';
import { TextField } from './text-field';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { selectUid } from '@/core/session-slice';
import { saveWithBase } from '@/components/conflict/save-with-base';

const WORLD_SHAPE = { body: 'background', title: 'title' } as const;
/** A world's text fields, as this form edits them. */
const worldText = (w: World) => ({ title: w.title, background: w.background });

type Errors = Partial<Record<'title' | 'background' | 'words' | 'form', string>>;

/**
 * The world-info editor: title and background, saved together. Its unsaved flag is raised
 * while the fields differ from what was last saved; a failed save keeps what was typed.
 */
export function WorldInfoForm({
  world,
  onDirtyChange,
}: {
  world: World;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('worlds');
  const dispatch = useDispatch();
  const [saved, setSaved] = useState(() => worldText(world));
  // The world as the server has it follows a save elsewhere (another tab's, refetched): the
  // form's durable text then merges it or asks (`DraftOffer`).
  const [seen, setSeen] = useState(saved);
  if (seen.title !== world.title || seen.background !== world.background) {
    const now = worldText(world);
    setSeen(now);
    setSaved(now);
  }
  // Durable text (src/lib/use-durable-text.ts): kept at every key, offered back after a
  // reload, a crash, a closed tab or a new login.
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `world:${uid}:${world.id}` : null, saved, {
    version: world.updated_at,
  });
  const { title, background } = durable.values;
  const [errors, setErrors] = useState<Errors>({});
  const [updateWorld, state] = useUpdateWorldMutation();
  const dirty = title !== saved.title || background !== saved.background;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  async function onSubmit() {
    const titleError = checkTitle(title);
    const backgroundError = checkBackground(background);
    setErrors({
      title: titleError ? t(titleError) : undefined,
      background: backgroundError ? t(backgroundError) : undefined,
    });
    if (titleError || backgroundError) return;
    try {
      // Based on the version the text started from: a newer one saved elsewhere is merged
      // in or compared (`saveWithBase`), never silently overwritten.
      const done = await saveWithBase(
        durable,
        { title, background },
        (text, base) =>
          updateWorld({
            id: world.id,
            updateWorldBody: {
              title: text.title.trim(),
              background: text.background,
              base_updated_at: base,
            },
          }).unwrap(),
        worldText,
      );
      if (!done) return;
      const result = done.answer;
      const now = worldText(result);
      setSaved(now);
      // What was typed while the save was on its way (a save that waited for a new login,
      // say) stays, unsaved.
      durable.saved(now, { version: result.updated_at, sent: done.fields });
      dispatch(toastShown({ msg: t('worlds:editor.saved') }));
    } catch (error) {
      setErrors({ [worldFieldOf(error)]: worldsErrorText('updateWorld', error, t) });
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);

  return (
    <form noValidate className="worlds-form" onSubmit={submitting.onSubmit}>
      <DraftOffer draft={durable} shape={WORLD_SHAPE} />
      <TextField
        label={t('worlds:fields.title')}
        value={title}
        onChange={(value) => durable.set('title', value)}
        error={errors.title}
        limit={WORLD_LIMITS.title}
      />
      <TextField
        label={t('worlds:fields.background')}
        value={background}
        onChange={(value) => durable.set('background', value)}
        error={errors.background}
        limit={WORLD_LIMITS.background}
        multiline
        rows={10}
      />
      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="worlds-form__actions">
        {dirty ? <span className="field__hint">{t('worlds:editor.unsavedHint')}</span> : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={state.isLoading || submitting.busy}
          aria-busy={submitting.busy}
        >
          {t('worlds:editor.saveInfo')}
        </button>
      </div>
    </form>
  );
}
