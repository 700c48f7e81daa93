import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetWorldShareStatusMutation, type World } from '@/api/worlds';

const CHOICES = ['square', 'link', 'private'] as const;

/**
 * Share status of one of my worlds (spec 1 §4): square, link only or private, chosen by the
 * author; banned is set by the server and shown, not chosen.
 */
export function ShareStatusSelect({
  world,
}: {
  world: Pick<World, 'id' | 'title' | 'share_status'>;
}) {
  const { t } = useTranslation('worlds');
  const id = useId();
  const [setStatus, state] = useSetWorldShareStatusMutation();
  if (world.share_status === 'banned') {
    return <span className="share-status share-status--banned">{t('worlds:share.banned')}</span>;
  }
  return (
    <span className="share-status">
      <label htmlFor={id} className="visually-hidden">
        {t('worlds:share.label', { title: world.title })}
      </label>
      <select
        id={id}
        value={world.share_status}
        disabled={state.isLoading}
        onChange={(e) =>
          void setStatus({
            id: world.id,
            shareStatusBody: { share_status: e.target.value as (typeof CHOICES)[number] },
          })
        }
      >
        {CHOICES.map((c) => (
          <option key={c} value={c}>
            {t(`worlds:share.${c}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
