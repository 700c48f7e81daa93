import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useGetUserProfileQuery, type UserSummary } from '@/api/profile';
import { useFollowUserMutation } from '@/api/social';
import {
  FOLLOW_SUCCESS_KEYS,
  followButtonHidden,
  followErrorKey,
  followFailed,
} from '@/components/social/follow-machine';
import { OfficialBadge } from '@/components/social/official-badge';
import { Avatar } from '@/components/ui/avatar/avatar';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { selectUid } from '@/session/session-slice';
import '@/components/social/social.css';
import './care-dialog.css';

export interface CareDialogProps {
  /** The author who was just supported (a share's author or the user tipped). */
  author: UserSummary;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    care: CareDialogProps;
  }
}

/**
 * The care dialog (spec 2 §2 names it beside charge; what it does is ours): opened by the
 * charge flow after a successful tip, it thanks the supporter and offers to follow the author
 * so their new works reach the supporter's feed, or says they already do. "Not now" closes it.
 * A follow refused with a code shows the follow message of spec 1 §8 in the dialog (40327,
 * already followed, turns it into the "already following" state); success toasts "Followed".
 */
export function CareDialog({ author, onClose }: HostedDialogProps & CareDialogProps) {
  const { t } = useTranslation('social');
  const dispatch = useDispatch();
  const uid = useSelector(selectUid);
  const own = followButtonHidden(uid, author._id);
  const profile = useGetUserProfileQuery({ uid: author._id }, { skip: !uid || own });
  const [follow, { isLoading }] = useFollowUserMutation();
  const [followedHere, setFollowedHere] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const following = followedHere || profile.data?.following.is_following === true;
  const canFollow = Boolean(uid) && !own && !following;

  async function onFollow() {
    setError(null);
    try {
      await follow({ uid: author._id }).unwrap();
      dispatch(toastShown({ msg: t(FOLLOW_SUCCESS_KEYS.follow), type: 'success' }));
      onClose();
    } catch (e) {
      const failed = followFailed(e);
      if (failed.code === 40327) {
        setFollowedHere(true);
        return;
      }
      if (failed.connectivity) {
        setError(t(`errors:${failed.connectivity}`));
        return;
      }
      const message = followErrorKey(failed.code, { action: 'follow' }, failed.message);
      setError(message.key ? t(message.key) : (message.text ?? t('follow.errors.followFailed')));
    }
  }

  const footer = canFollow ? (
    <>
      <button type="button" className="button" onClick={onClose}>
        {t('care.notNow')}
      </button>
      <button
        type="button"
        className="button button--primary"
        data-autofocus
        disabled={isLoading}
        aria-busy={isLoading}
        onClick={() => void onFollow()}
      >
        {t('care.follow', { name: author.name })}
      </button>
    </>
  ) : (
    <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
      {t('care.close')}
    </button>
  );

  let text: string | null;
  if (!uid) text = null;
  else if (own) text = t('care.own');
  else if (following) text = t('care.alreadyFollowing', { name: author.name });
  else text = t('care.offer', { name: author.name });

  return (
    <Dialog title={t('care.title')} onClose={onClose} size="sm" footer={footer}>
      <div className="care-dialog__author">
        <Avatar src={author.avatar} />
        <span className="care-dialog__name">{author.name}</span>
        {author.is_official ? <OfficialBadge /> : null}
      </div>
      <p className="care-dialog__thanks">{t('care.thanks', { name: author.name })}</p>
      {text ? (
        <p className="care-dialog__text" role={following ? 'status' : undefined}>
          {text}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
