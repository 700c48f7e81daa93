import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStoryShareStatusMutation, type ShareStatus } from '@/api/stories';
import { canChangeShareStatus, shareChoices } from '../model/share-status';

/**
 * The author's share status control (spec 1 §4): square, link only or private. A banned
 * story shows its status and cannot be changed; the server answers 42223 for "already so".
 */
export function ShareControl({ storyId, status }: { storyId: string; status: ShareStatus }) {
  const { t } = useTranslation('stories');
  const [setStatus, { isLoading }] = useSetStoryShareStatusMutation();
  const name = useId();
  const editable = canChangeShareStatus(status, true);
  return (
    <fieldset className="stories-share" disabled={!editable || isLoading}>
      <legend>{t('share.legend')}</legend>
      {status === 'banned' && (
        <p className="stories-share__banned" role="note">
          {t('share.bannedNote')}
        </p>
      )}
      {shareChoices(status).map(({ value, current }) => (
        <label key={value} className="stories-share__choice">
          <input
            type="radio"
            name={name}
            value={value}
            checked={current}
            onChange={() => {
              if (!current) void setStatus({ storyId, shareStatusBody: { share_status: value } });
            }}
          />
          <span>{t(`share.status.${value}`)}</span>
          <span className="stories-share__hint">{t(`share.hint.${value}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
