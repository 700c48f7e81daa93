import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useBindStoryWorldMutation,
  useListBindableWorldsQuery,
  type StoryWorldRef,
} from '@/api/stories';

const NONE = '';

/** Binds one of my worlds to the story, or none (POST /v2/novel/{id}/preset_universe). */
export function WorldBinder({ storyId, world }: { storyId: string; world: StoryWorldRef | null }) {
  const { t } = useTranslation('stories');
  const id = useId();
  const worlds = useListBindableWorldsQuery();
  const [bind, { isLoading, originalArgs }] = useBindStoryWorldMutation();
  // While a bind is on its way the select shows the choice, not the stale server value.
  const pending = isLoading ? originalArgs?.presetUniverseBody.value : undefined;
  const options = worlds.data?.data ?? [];
  // The bound world stays selectable while the list loads (or if it is not in it).
  const all = world && !options.some((w) => w.id === world.id) ? [world, ...options] : options;
  return (
    <div className="field stories-world">
      <label className="field__label" htmlFor={id}>
        {t('chapters.world')}
      </label>
      <select
        id={id}
        value={pending === undefined ? (world?.id ?? NONE) : (pending ?? NONE)}
        disabled={isLoading || worlds.isLoading}
        onChange={(e) =>
          void bind({
            novelId: storyId,
            presetUniverseBody: { value: e.target.value === NONE ? null : e.target.value },
          })
        }
      >
        <option value={NONE}>{t('chapters.noWorld')}</option>
        {all.map((w) => (
          <option key={w.id} value={w.id}>
            {w.title}
          </option>
        ))}
      </select>
      {worlds.isError && (
        <p className="field__hint">
          {t('chapters.worldsFailed')}{' '}
          <button type="button" className="button" onClick={() => void worlds.refetch()}>
            {t('common:actions.retry')}
          </button>
        </p>
      )}
    </div>
  );
}
