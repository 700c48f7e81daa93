import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useCreateWorldMutation } from '@/api/worlds';
import { ImageUploadField } from '@/components/media/image-upload-field';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import { paths } from '@/config/paths';
import { WORLD_LIMITS } from '@/rules/world-form-limits';
import { worldFieldOf, worldsErrorText } from '../model/server-errors';
import { checkBackground, checkForbiddenWord, checkTitle } from '@/rules/world-form-rules';
import { TextField } from './text-field';
import { WordChips } from './word-chips';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';

type Errors = Partial<Record<'title' | 'background' | 'words' | 'form', string>>;

/** `word`: a forbidden word typed but not yet added. */
const NEW_WORLD = { title: '', background: '', words: '', word: '' };

/** A new world: title, background, forbidden words and cover. Opens the world editor when created. */
export function CreateWorldDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('worlds');
  const navigate = useNavigate();
  // Durable text: a new world's title, background and forbidden words (and a word typed but not
  // yet added) are kept at every change and back when the dialog opens again after a reload, a
  // crash or a closed tab.
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `world:${uid}:new` : null, NEW_WORLD, { mode: 'merge' });
  const { title, background } = durable.values;
  const words = [...new Set(durable.values.words.split('\n').filter(Boolean))];
  const setTitle = (value: string) => durable.set('title', value);
  const setBackground = (value: string) => durable.set('background', value);
  const setWords = (next: (now: string[]) => string[]) =>
    durable.set('words', next(words).join('\n'));
  const word = durable.values.word;
  const setWord = (value: string) => durable.set('word', value);
  const [cover, setCover] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [createWorld, state] = useCreateWorldMutation();

  function addWord() {
    const problem = checkForbiddenWord(word, words);
    setErrors((e) => ({ ...e, words: problem ? t(problem) : undefined }));
    if (problem) return;
    setWords((w) => [...w, word.trim()]);
    setWord('');
  }

  async function onSubmit() {
    const titleError = checkTitle(title);
    const backgroundError = checkBackground(background);
    // A typed word not yet added would be lost: it must be added (or cleared) first.
    const wordError = word.trim() ? checkForbiddenWord(word, words) : null;
    const next: Errors = {
      title: titleError ? t(titleError) : undefined,
      background: backgroundError ? t(backgroundError) : undefined,
      words: wordError ? t(wordError) : word.trim() ? t('worlds:errors.wordNotAdded') : undefined,
    };
    setErrors(next);
    if (next.title || next.background || next.words) return;
    try {
      const world = await createWorld({
        createWorldBody: { title: title.trim(), background, forbidden_words: words, cover },
      }).unwrap();
      durable.saved(NEW_WORLD);
      onClose();
      void navigate(paths.dashboard.world.getHref(world.id));
    } catch (error) {
      setErrors({ [worldFieldOf(error)]: worldsErrorText('createWorld', error, t) });
    }
  }

  const submitting = useOnceFormSubmit(onSubmit);

  return (
    <Dialog
      title={t('worlds:create.title')}
      onClose={onClose}
      size="md"
      dirty={durable.dirty || cover !== ''}
      onDiscard={durable.revert}
    >
      <form noValidate onSubmit={submitting.onSubmit} className="worlds-form">
        <TextField
          label={t('worlds:fields.title')}
          value={title}
          onChange={setTitle}
          error={errors.title}
          limit={WORLD_LIMITS.title}
          autoFocus
        />
        <TextField
          label={t('worlds:fields.background')}
          value={background}
          onChange={setBackground}
          error={errors.background}
          limit={WORLD_LIMITS.background}
          multiline
          rows={6}
        />
        <WordChips
          words={words.map((w) => ({ key: w, word: w }))}
          draft={word}
          onDraftChange={setWord}
          onAdd={addWord}
          onRemove={(key) => setWords((list) => list.filter((w) => w !== key))}
          error={errors.words}
        />
        <ImageUploadField
          target={{ kind: 'cover' }}
          label={t('worlds:fields.cover')}
          title={t('worlds:fields.coverCropperTitle')}
          value={cover || null}
          onUploaded={(url) => {
            if (url) setCover(url);
          }}
        />
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
            disabled={state.isLoading || submitting.busy}
            aria-busy={submitting.busy}
          >
            {t('worlds:create.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
