import { Avatar } from '@/components/ui/avatar/avatar';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useGetSelfProfileLimitsQuery, useGetSelfProfileQuery } from '@/api/profile';
import { openCropper } from '@/components/media/open-cropper';
import { useImageUpload } from '@/components/media/use-image-upload';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { Icon } from '@/components/ui/icon/icons';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { toastShown } from '@/components/ui/toast/toast-slice';
import type { LimitItem } from '@/api/profile';
import { changeAvailability, remainingChanges } from '../model/nickname';
import './profile-dialogs.css';

const AVATAR_TARGET = { kind: 'avatar' } as const;

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    userInfo: undefined;
  }
}

/**
 * Edit profile (spec 1 §1, §5): the avatar (changed through the cropper, 1:1 head image, 5 per
 * month) and the nickname (its own dialog), with the month's remaining changes of each.
 */
export function UserInfoDialog({ onClose }: HostedDialogProps) {
  const { t } = useTranslation('account');
  const profile = useGetSelfProfileQuery();
  const limits = useGetSelfProfileLimitsQuery();
  const { upload } = useImageUpload(AVATAR_TARGET);
  const dispatch = useDispatch();

  const user = profile.data?.user;
  const loading = profile.isLoading || limits.isLoading;
  const failed = !loading && (profile.isError || !user);

  function changeAvatar() {
    openCropper({
      headImage: true,
      image: user?.avatar || null,
      async onConfirm(crop) {
        await upload(crop);
        dispatch(toastShown({ msg: t('account:userInfo.avatarSaved') }));
      },
    });
  }

  return (
    <Dialog title={t('account:userInfo.title')} onClose={onClose} size="sm">
      {loading ? (
        <div className="profile-dialog__loading">
          <LoadingIcon title={t('common:loading')} />
        </div>
      ) : failed ? (
        <div className="profile-dialog__error" role="alert">
          <p>{t('account:userInfo.loadError')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              void profile.refetch();
              void limits.refetch();
            }}
          >
            <Icon name="retry" size={16} />
            {t('common:actions.retry')}
          </button>
        </div>
      ) : user ? (
        <dl className="profile-dialog__rows">
          <div className="profile-dialog__row">
            <dt>{t('account:userInfo.avatar')}</dt>
            <dd>
              <Avatar
                className="profile-dialog__avatar"
                src={user.avatar}
                alt={t('account:userInfo.avatarAlt')}
              />
              <ChangeButton
                label={t('account:userInfo.changeAvatar')}
                limit={limits.data?.avatar}
                onClick={changeAvatar}
              />
              <Remaining kind="avatar" limit={limits.data?.avatar} />
            </dd>
          </div>
          <div className="profile-dialog__row">
            <dt>{t('account:userInfo.nickname')}</dt>
            <dd>
              <span className="profile-dialog__name">{user.name}</span>
              <ChangeButton
                label={t('account:userInfo.changeNickname')}
                limit={limits.data?.nickname}
                onClick={() => openDialog('nickname', { current: user.name })}
              />
              <Remaining kind="nickname" limit={limits.data?.nickname} />
            </dd>
          </div>
        </dl>
      ) : null}
    </Dialog>
  );
}

function ChangeButton({
  label,
  limit,
  onClick,
}: {
  label: string;
  limit: LimitItem | undefined;
  onClick: () => void;
}) {
  const disabled = !!limit && changeAvailability(limit) !== 'available';
  return (
    <button type="button" className="button" disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}

function Remaining({ kind, limit }: { kind: 'avatar' | 'nickname'; limit: LimitItem | undefined }) {
  const { t } = useTranslation('account');
  if (!limit) return null;
  const availability = changeAvailability(limit);
  const text =
    availability === 'locked'
      ? t('errors:profile.nicknameLocked')
      : availability === 'used-up'
        ? t(`errors:profile.${kind}MonthlyLimit`)
        : t('account:remaining', { remaining: remainingChanges(limit), total: limit.total_times });
  return (
    <span className="profile-dialog__remaining" data-testid={`${kind}-remaining`}>
      {text}
    </span>
  );
}
