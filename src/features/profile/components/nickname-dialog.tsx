import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { stripBidiControls } from '@/rules/display-text';
import { useGetSelfProfileLimitsQuery, useUpdateNicknameMutation } from '@/api/profile';
import { errorText } from '@/api/error-messages';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import { Field } from '@/components/ui/field/field';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { toastShown } from '@/components/ui/toast/toast-slice';
import {
  NICKNAME_MAX,
  NICKNAME_PROBLEM_KEYS,
  changeAvailability,
  nicknameLength,
  nicknameProblem,
  remainingChanges,
} from '../model/nickname';
import './profile-dialogs.css';
import { useOnceFormSubmit } from '@/lib/use-once-submit';

export interface NicknameDialogProps {
  /** The nickname now: the field starts with it. */
  current?: string;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    nickname: NicknameDialogProps;
  }
}

/**
 * Change the nickname (spec 1 §5, §8): checked at the field first, then by the server, whose
 * refusals (40332, 40334, 42250-42253) show at the field too. Shows the month's remaining
 * changes from the profile limits. What is typed is durable text, offered back when the
 * dialog opens again after a reload, a crash or a close.
 */
export function NicknameDialog({ onClose, current = '' }: HostedDialogProps & NicknameDialogProps) {
  const { t } = useTranslation('account');
  const dispatch = useDispatch();
  const limits = useGetSelfProfileLimitsQuery();
  const [update, { isLoading: saving }] = useUpdateNicknameMutation();
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `nickname:${uid}:self` : null, { nickname: current });
  const value = durable.values.nickname;
  const [errorMsg, setErrorMsg] = useState<string | null>(null);

  const limit = limits.data?.nickname;
  const availability = limit ? changeAvailability(limit) : null;
  const length = nicknameLength(value);
  // The nickname is measured in characters (code points), as the server measures it.
  const maxLength = useMaxLength(NICKNAME_MAX, {
    isOver: (text) => nicknameLength(text) > NICKNAME_MAX,
  });

  async function submit() {
    const problem = nicknameProblem(value);
    if (problem) {
      setErrorMsg(t(NICKNAME_PROBLEM_KEYS[problem]));
      return;
    }
    setErrorMsg(null);
    try {
      await update({ nicknameBody: { nickname: value.trim() } }).unwrap();
      durable.saved({ nickname: value.trim() });
    } catch (error) {
      setErrorMsg(errorText('updateNickname', error, t));
      return;
    }
    dispatch(toastShown({ msg: t('account:nickname.saved') }));
    onClose();
  }

  const submitting = useOnceFormSubmit(submit);

  return (
    <Dialog
      title={t('account:nickname.title')}
      onClose={onClose}
      size="sm"
      dirty={durable.dirty}
      onDiscard={durable.revert}
    >
      {limits.isLoading ? (
        <div className="profile-dialog__loading">
          <LoadingIcon title={t('common:loading')} />
        </div>
      ) : (
        <form className="profile-dialog__form" onSubmit={submitting.onSubmit} noValidate>
          <DraftOffer draft={durable} />
          <Field
            label={t('account:nickname.label')}
            error={errorMsg ?? maxLength.message}
            hint={t('account:nickname.counter', { count: length, max: NICKNAME_MAX })}
            hintClassName={`profile-dialog__counter${length > NICKNAME_MAX ? ' profile-dialog__counter--over' : ''}`}
          >
            {(control) => (
              <input
                {...control}
                ref={maxLength.ref}
                value={value}
                data-autofocus
                autoComplete="nickname"
                onChange={(e) => {
                  durable.set('nickname', stripBidiControls(e.target.value));
                  if (errorMsg) setErrorMsg(null);
                }}
                onBlur={() => {
                  const problem = value !== current ? nicknameProblem(value) : null;
                  if (problem) setErrorMsg(t(NICKNAME_PROBLEM_KEYS[problem]));
                }}
              />
            )}
          </Field>
          <p className="field__hint">{t('account:nickname.rule')}</p>
          {limit ? (
            <p className="profile-dialog__remaining" data-testid="nickname-remaining">
              {availability === 'locked'
                ? t('errors:profile.nicknameLocked')
                : availability === 'used-up'
                  ? t('errors:profile.nicknameMonthlyLimit')
                  : t('account:remaining', {
                      remaining: remainingChanges(limit),
                      total: limit.total_times,
                    })}
            </p>
          ) : null}
          <div className="profile-dialog__actions">
            <DialogCancel className="button">{t('account:cancel')}</DialogCancel>
            <button
              type="submit"
              className="button button--primary"
              disabled={
                saving || submitting.busy || (availability !== null && availability !== 'available')
              }
              aria-busy={saving || submitting.busy}
            >
              {saving ? t('account:saving') : t('account:save')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
