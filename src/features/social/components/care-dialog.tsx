import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useGetUserProfileQuery, type FollowRelation, type UserSummary } from '@/api/profile';
import { FollowButton } from '@/components/social/follow-button';
import { followButtonHidden } from '@/components/social/follow-machine';
import { OfficialBadge } from '@/components/social/official-badge';
import { Avatar } from '@/components/ui/avatar/avatar';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { selectUid } from '@/core/session-slice';
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

const NO_RELATION: FollowRelation = { is_follower: false, is_following: false };

/**
 * The care dialog (spec 2 §2 names it beside charge; what it does is ours): opened by the
 * charge flow after a successful tip, it thanks the supporter and offers to follow the author
 * with the shared follow button (its states, messages and toasts, spec 1 §4, §8), so the
 * author's new works reach the supporter's feed; when they already follow the author it says
 * so. "Not now" (or Esc) closes it; after a follow the button reads "Following" and the
 * dialog's button becomes "Done". One's own work gets the thanks only.
 */
export function CareDialog({ author, onClose }: HostedDialogProps & CareDialogProps) {
  const { t } = useTranslation('social');
  const uid = useSelector(selectUid);
  const own = followButtonHidden(uid, author._id);
  const canFollow = Boolean(uid) && !own;
  const profile = useGetUserProfileQuery({ uid: author._id }, { skip: !canFollow });
  const [changed, setChanged] = useState<FollowRelation | null>(null);
  const relation = changed ?? profile.data?.following ?? NO_RELATION;
  const following = relation.is_following;

  // The offer is what the dialog is about: the follow button takes the focus the dialog gives
  // its first control (it cannot carry data-autofocus itself). Runs after the dialog's own.
  // Shown once the relation is known (a failed profile counts as none), so the button does
  // not change from "Follow" to "Follow back" under the pointer.
  const followRef = useRef<HTMLSpanElement>(null);
  const relationKnown = canFollow && !profile.isLoading;
  useEffect(() => {
    if (relationKnown) followRef.current?.querySelector('button')?.focus();
  }, [relationKnown]);

  let text: string | null = null;
  if (own) text = t('care.own');
  else if (canFollow)
    text = following
      ? t('care.alreadyFollowing', { name: author.name })
      : t('care.offer', { name: author.name });

  return (
    <Dialog
      title={t('care.title')}
      onClose={onClose}
      size="sm"
      footer={
        <button
          type="button"
          className={following || !canFollow ? 'button button--primary' : 'button'}
          onClick={onClose}
        >
          {following || !canFollow ? t('care.done') : t('care.notNow')}
        </button>
      }
    >
      <div className="care-dialog__author">
        <Avatar src={author.avatar} />
        <span className="care-dialog__name">{author.name}</span>
        {author.is_official ? <OfficialBadge /> : null}
        {relationKnown ? (
          <span ref={followRef} className="care-dialog__follow">
            <FollowButton
              user={author}
              relation={relation}
              onChange={(result) => setChanged(result.following)}
            />
          </span>
        ) : null}
      </div>
      <p className="care-dialog__thanks">{t('care.thanks', { name: author.name })}</p>
      {text ? (
        <p className="care-dialog__text" aria-live="polite">
          {text}
        </p>
      ) : null}
    </Dialog>
  );
}
