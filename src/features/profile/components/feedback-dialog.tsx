import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useCreateFeedbackMutation } from '@/api/account';
import { isApiError } from '@/core/api-error';
import { errorText } from '@/api/error-messages';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { useLoginFirst } from '@/components/ui/dialog/use-login-first';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { useOnceFormSubmit } from '@/lib/use-once-submit';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_TEXT_MAX,
  feedbackProblem,
  type FeedbackCategory,
} from '@/rules/feedback';
import { countText } from '@/rules/text-count';
import './profile-dialogs.css';

export interface FeedbackDialogProps {
  /** The type chosen at the start: `appeal` where the appeal hint opened it. */
  category?: FeedbackCategory;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    feedback: FeedbackDialogProps;
  }
}

/** Opens the feedback dialog (registered as `feedback` in src/app/dialogs.ts). */
export function openFeedback(props: FeedbackDialogProps = {}): number {
  return openDialog('feedback', props);
}

const NO_TEXT = { content: '' };

/** Codes that concern the text itself; the others are said above the buttons. */
const AT_THE_TEXT = new Set([42200, 42244, 42245]);

/**
 * Feedback and appeals (the inferred `createFeedback`): where 「可通过反馈申诉」 leads, and the
 * account menu's 意见反馈. A type and a text of at most 500 (the shared counter, live); sent
 * once (a second click while it is on its way does nothing); refusals are translated and shown
 * at the text (empty, too long, already received) or above the buttons (daily limit, failures),
 * keeping what was typed. Needs a login: opened logged out it hands over to the login dialog.
 */
export function FeedbackDialog({ category, onClose }: HostedDialogProps & FeedbackDialogProps) {
  const needsLogin = useLoginFirst(onClose, () => openFeedback({ category }));
  if (needsLogin) return null;
  return <FeedbackForm initial={category ?? 'other'} onClose={onClose} />;
}

function FeedbackForm({ initial, onClose }: { initial: FeedbackCategory; onClose: () => void }) {
  const { t } = useTranslation('account');
  const dispatch = useDispatch();
  const [create] = useCreateFeedbackMutation();
  const [category, setCategory] = useState<FeedbackCategory>(initial);
  // Durable text in merge mode (no server copy): kept at every key, and put back when the
  // dialog opens again after a reload, a crash or a close.
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `feedback:${uid}:self` : null, NO_TEXT, { mode: 'merge' });
  const content = durable.values.content;
  const [textError, setTextError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const maxLength = useMaxLength(FEEDBACK_TEXT_MAX, { elementRef: textRef });
  const length = countText(content);
  const over = length > FEEDBACK_TEXT_MAX;

  const send = useOnceFormSubmit(async () => {
    const problem = feedbackProblem(content);
    setFormError(null);
    if (problem) {
      setTextError(
        problem === 'empty'
          ? t('account:feedback.errors.empty')
          : t('account:feedback.errors.tooLong', { max: FEEDBACK_TEXT_MAX }),
      );
      textRef.current?.focus();
      return;
    }
    const result = await create({ feedbackBody: { category, content: content.trim() } });
    if ('error' in result) {
      const message = errorText('createFeedback', result.error, t);
      if (isApiError(result.error) && result.error.code && AT_THE_TEXT.has(result.error.code)) {
        setTextError(message);
        textRef.current?.focus();
      } else setFormError(message);
      return;
    }
    durable.saved(NO_TEXT);
    dispatch(toastShown({ msg: t('account:feedback.sent') }));
    onClose();
  });

  const shownTextError = over
    ? t('account:feedback.errors.tooLong', { max: FEEDBACK_TEXT_MAX })
    : (textError ?? maxLength.message);

  return (
    <Dialog
      title={t('account:feedback.title')}
      onClose={onClose}
      size="sm"
      dirty={durable.dirty}
      onDiscard={durable.revert}
    >
      <form
        className="profile-dialog__form"
        onSubmit={send.onSubmit}
        noValidate
        aria-busy={send.busy}
      >
        <p className="field__hint">{t('account:feedback.intro')}</p>
        <Field label={t('account:feedback.category')}>
          {(control) => (
            <select
              {...control}
              value={category}
              data-autofocus={initial === 'other' ? true : undefined}
              onChange={(e) => setCategory(e.target.value as FeedbackCategory)}
            >
              {FEEDBACK_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`account:feedback.categories.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('account:feedback.content')}
          error={shownTextError}
          hint={t('account:feedback.counter', { count: length, max: FEEDBACK_TEXT_MAX })}
          hintClassName={`profile-dialog__counter${over ? ' profile-dialog__counter--over' : ''}`}
        >
          {(control) => (
            <textarea
              {...control}
              ref={maxLength.ref}
              rows={5}
              value={content}
              placeholder={t('account:feedback.placeholder')}
              data-autofocus={initial === 'other' ? undefined : true}
              onChange={(e) => {
                durable.set('content', e.target.value);
                if (textError) setTextError(null);
              }}
            />
          )}
        </Field>
        {formError ? (
          <p className="field__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="profile-dialog__actions">
          <DialogCancel className="button">{t('account:cancel')}</DialogCancel>
          <button
            type="submit"
            className="button button--primary"
            disabled={send.busy}
            aria-busy={send.busy}
          >
            {send.busy ? t('account:feedback.sending') : t('account:feedback.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
