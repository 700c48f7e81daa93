import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { isApiError } from '@/core/api-error';
import {
  useChargeShareMutation,
  useChargingOptionsInQuery,
  type UserSummary,
} from '@/api/charging';
import { errorText } from '@/api/error-messages';
import { useListUserSharingPagesInfiniteQuery } from '@/api/social';
import { Dialog } from '@/components/ui/dialog/dialog';
import { DialogCancel } from '@/components/ui/dialog/dialog-close';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { Field } from '@/components/ui/field/field';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { useDurableText } from '@/lib/use-durable-text';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import { useOnceSubmit } from '@/lib/use-once-submit';
import { selectUid } from '@/core/session-slice';
import {
  chargeBody,
  chargeFormErrors,
  chargeGate,
  gateOfCode,
  isMessageCode,
  messageCount,
  TIP_MESSAGE_MAX,
  type ChargeGate,
} from '../model/charge-form';
import './charging.css';

/** The work tipped (a share page knows it). */
export interface ChargeShare {
  shareId: string;
  title: string;
  kind: 'story' | 'universe';
}

export interface ChargeDialogProps {
  /** Who receives the power: the work's author, or the user whose page it is. */
  author: UserSummary;
  /** The work; from an author's page there is none and the dialog asks which of their works. */
  share?: ChargeShare;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    charge: ChargeDialogProps;
  }
}

/**
 * The charge (tip) dialog (spec 1 §2, §5, §6; spec 2 §4 "Charging", §8): an amount from the
 * server's options (required), an optional message of at most 50 by the shared counter (live),
 * then the charge; on success the care dialog follows. Logged out it hands over to the login
 * and comes back after it. Nobody tips themself (known before asking, and 40325); members only
 * (40335) and new users not yet (40336) replace the form with what to do. 42244 and 42203 show
 * at the message, the other refusals (40406, 40417, 40260 …) above the buttons, keeping the
 * choice and the text.
 */
export function ChargeDialog(props: HostedDialogProps & ChargeDialogProps) {
  const uid = useSelector(selectUid);
  const [needsLogin] = useState(chargeGate(uid, props.author._id) === 'login');
  const handedOver = useRef(false);
  const { onClose, author, share } = props;

  useEffect(() => {
    if (!needsLogin || handedOver.current) return;
    handedOver.current = true;
    onClose();
    openDialog('login', { onSuccess: () => openDialog('charge', { author, share }) });
  }, [needsLogin, onClose, author, share]);

  if (needsLogin) return null;
  return <ChargeForm {...props} viewerUid={uid} />;
}

const NO_MESSAGE = { message: '' };

function ChargeForm({
  author,
  share,
  onClose,
  viewerUid,
}: ChargeDialogProps & { onClose: () => void; viewerUid: string | null }) {
  const { t, i18n } = useTranslation('charging');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const dispatch = useDispatch();
  const [gate, setGate] = useState<ChargeGate | null>(() => chargeGate(viewerUid, author._id));
  const options = useChargingOptionsInQuery({ lang: i18n.language }, { skip: gate !== null });
  const [charge] = useChargeShareMutation();
  const [shareId, setShareId] = useState(share?.shareId ?? '');
  const [optionId, setOptionId] = useState<string | null>(null);
  // Durable text: the message is kept at every key per author, back when the dialog reopens.
  const durable = useDurableText(viewerUid ? `tip:${viewerUid}:${author._id}` : null, NO_MESSAGE, {
    mode: 'merge',
  });
  const message = durable.values.message;
  const setMessage = (value: string) => durable.set('message', value);
  const [optionError, setOptionError] = useState(false);
  const [messageError, setMessageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ text: string; buyPower: boolean } | null>(null);
  const optionErrorId = useId();
  const firstOption = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const maxLength = useMaxLength(TIP_MESSAGE_MAX, { elementRef: messageRef });

  const counted = messageCount(message);
  const liveMessageError = counted.over
    ? t('charge.messageTooLong', { max: counted.max })
    : (messageError ?? maxLength.message);
  const chosen = options.data?.data.find((o) => o.option_id === optionId);
  const title = share
    ? t('charge.title', { title: share.title })
    : t('charge.titleUser', { name: author.name });

  // One charge at a time: a double click or a second Enter while it is sent does nothing.
  const { run: submit, busy: sending } = useOnceSubmit(async () => {
    if (!shareId) return;
    const problems = chargeFormErrors({ optionId, message });
    setOptionError(Boolean(problems.option));
    setFormError(null);
    if (problems.option) {
      firstOption.current?.focus();
      return;
    }
    if (problems.message) {
      messageRef.current?.focus();
      return;
    }
    let amount = chosen?.amount ?? 0;
    try {
      amount = (await charge({ chargeBody: chargeBody(shareId, { optionId, message }) }).unwrap())
        .amount;
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      const gateNow = gateOfCode(code);
      if (gateNow) {
        setGate(gateNow);
        return;
      }
      const text = errorText('chargeShare', error, t);
      if (isMessageCode(code)) {
        setMessageError(text);
        messageRef.current?.focus();
      } else setFormError({ text, buyPower: code === 40260 });
      return;
    }
    durable.saved(NO_MESSAGE);
    dispatch(toastShown({ msg: t('charge.done', { amount: formatCount(amount, lang) }) }));
    onClose();
    openDialog('care', { author });
  });

  if (gate) {
    return (
      <Dialog
        title={title}
        onClose={onClose}
        size="sm"
        footer={
          <>
            {gate === 'membersOnly' ? (
              <Link
                className="button button--primary"
                to={paths.dashboard.vip.getHref()}
                onClick={onClose}
              >
                {t('charge.toVip')}
              </Link>
            ) : null}
            <button
              type="button"
              className="button"
              onClick={onClose}
              data-autofocus={gate !== 'membersOnly' ? true : undefined}
            >
              {t('charge.close')}
            </button>
          </>
        }
      >
        <p className="charge-dialog__gate" role="status">
          {t(`charge.gate.${gate}`)}
        </p>
      </Dialog>
    );
  }

  const formId = `charge-form-${optionErrorId}`;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="md"
      className="charge-dialog"
      dirty={durable.dirty}
      onDiscard={durable.revert}
      footer={
        <>
          <DialogCancel className="button">{t('charge.cancel')}</DialogCancel>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={sending || !shareId || !options.data}
            aria-busy={sending || undefined}
          >
            {sending
              ? t('charge.sending')
              : chosen
                ? t('charge.sendAmount', { amount: formatCount(chosen.amount, lang) })
                : t('charge.send')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="charge-dialog__form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <p className="charge-dialog__intro">{t('charge.intro', { name: author.name })}</p>
        {share ? null : <WorkPicker author={author} value={shareId} onChange={setShareId} />}
        {options.isLoading ? (
          <ListLoading />
        ) : !options.data ? (
          <ListError message={t('charge.optionsFailed')} onRetry={() => void options.refetch()} />
        ) : (
          <fieldset
            className="charge-dialog__options"
            role="radiogroup"
            aria-required="true"
            aria-invalid={optionError ? true : undefined}
            aria-describedby={optionError ? optionErrorId : undefined}
          >
            <legend className="field__label">{t('charge.options')}</legend>
            <div className="charge-dialog__option-list">
              {options.data.data.map((o, i) => (
                <label key={o.option_id} className="charge-dialog__option">
                  <input
                    ref={i === 0 ? firstOption : undefined}
                    type="radio"
                    name="charge-option"
                    value={o.option_id}
                    checked={optionId === o.option_id}
                    required
                    data-autofocus={i === 0 && share ? true : undefined}
                    onChange={() => {
                      setOptionId(o.option_id);
                      setOptionError(false);
                    }}
                  />
                  <span>
                    {t('charge.option', { label: o.label, amount: formatCount(o.amount, lang) })}
                  </span>
                </label>
              ))}
            </div>
            {optionError ? (
              <span id={optionErrorId} className="field__error" role="alert">
                {t('charge.optionRequired')}
              </span>
            ) : null}
          </fieldset>
        )}
        <Field
          label={t('charge.message')}
          error={liveMessageError}
          hint={t('charge.counter', { count: counted.count, max: counted.max })}
          hintClassName={`charge-dialog__counter${counted.over ? ' charge-dialog__counter--over' : ''}`}
        >
          {(control) => (
            <textarea
              {...control}
              ref={maxLength.ref}
              rows={3}
              value={message}
              placeholder={t('charge.messagePlaceholder')}
              onChange={(e) => {
                setMessage(e.target.value);
                if (messageError) setMessageError(null);
              }}
            />
          )}
        </Field>
        {formError ? (
          <p className="field__error charge-dialog__error" role="alert">
            {formError.text}{' '}
            {formError.buyPower ? (
              <Link to={paths.dashboard.package.getHref()} onClick={onClose}>
                {t('charge.buyPower')}
              </Link>
            ) : null}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

/** From an author's page: which of their shared works (stories, then worlds) the tip is for. */
function WorkPicker({
  author,
  value,
  onChange,
}: {
  author: UserSummary;
  value: string;
  onChange: (shareId: string) => void;
}) {
  const { t } = useTranslation('charging');
  const stories = useListUserSharingPagesInfiniteQuery({ uid: author._id, kind: 'story' });
  const worlds = useListUserSharingPagesInfiniteQuery({ uid: author._id, kind: 'universe' });
  const works = [
    ...(stories.data?.pages.flatMap((p) => p.data) ?? []).map((s) => ({
      id: s.share_id,
      label: t('charge.workStory', { title: s.title }),
    })),
    ...(worlds.data?.pages.flatMap((p) => p.data) ?? []).map((w) => ({
      id: w.share_id,
      label: t('charge.workWorld', { title: w.title }),
    })),
  ];
  const first = works[0]?.id ?? '';
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);

  if (stories.isLoading || worlds.isLoading)
    return <p role="status">{t('charge.worksLoading', { name: author.name })}</p>;
  if (!stories.data || !worlds.data)
    return (
      <ListError
        onRetry={() => {
          void stories.refetch();
          void worlds.refetch();
        }}
      />
    );
  if (works.length === 0) return <p role="status">{t('charge.noWorks', { name: author.name })}</p>;
  return (
    <Field label={t('charge.work')}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-autofocus
        >
          {works.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
