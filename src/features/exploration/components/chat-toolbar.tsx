import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  useSetChatInteractiveTypeMutation,
  useSetChatModelMutation,
  useSetChatTaskGuidingModeMutation,
  type Chat,
  type ChatModel,
  type DialogueBenefits,
  type InteractiveType,
  type TaskGuidingMode,
} from '@/api/exploration';
import { isApiError } from '@/core/api-error';
import { useSubscriptionStatusQuery } from '@/api/payment';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { paths } from '@/config/paths';
import { isVipAt } from '@/rules/membership';
import { useServerNowS } from '@/session/use-server-now';
import { powerLeft } from '../model/save-points';
import { PlayedOptions } from './played-options';

/**
 * The chat's toolbar: back to my games, the title with the saved state, display (chat or
 * story), play mode (task or free) with the choices made in task mode, the model (paused ones
 * listed but not choosable; a deleted one named as such), dialogue power, save, the save
 * points, and the world's entries and forbidden words (the exploration-word dialog, edited
 * without leaving the chat). On a phone or a short window the controls fold behind one
 * button, so the messages keep the height.
 */
export function ChatToolbar({
  chat,
  models,
  benefits,
  isSaved,
  busy,
  onSave,
  onSavePoints,
}: {
  chat: Chat;
  models: readonly ChatModel[];
  benefits: DialogueBenefits | undefined;
  isSaved: boolean | undefined;
  busy: boolean;
  onSave: () => void;
  onSavePoints: () => void;
}) {
  const { t } = useTranslation();
  const [setModel, modelCall] = useSetChatModelMutation();
  const [setDisplay, displayCall] = useSetChatInteractiveTypeMutation();
  const [setMode, modeCall] = useSetChatTaskGuidingModeMutation();
  const known = models.some((m) => m.id === chat.model_id);
  // Spec 2 §6: the pro model is for members (judged on the server's clock); a free user's pick
  // is refused here with the way to membership, and the server refuses its use (40340).
  const vip = useSubscriptionStatusQuery();
  const nowS = useServerNowS(vip.data ? [vip.data.effectTime, vip.data.expiresTime] : []);
  const member = isVipAt(vip.data, nowS);
  const [membersOnly, setMembersOnly] = useState(false);
  const pickModel = (id: string) => {
    // Until the status is known the server decides (it answers 40340 with the same message).
    const refused = vip.isSuccess && !member && models.some((m) => m.id === id && m.members_only);
    setMembersOnly(refused);
    if (refused) return;
    // The server's refusal (status not known yet, or a membership that just ended) says the same.
    setModel({ chatId: chat.id, chatModelBody: { model_id: id } })
      .unwrap()
      .catch((e: unknown) => setMembersOnly(isApiError(e) && e.code === 40340));
  };
  /** Where the controls fold away (a phone, a short window): whether they are shown. */
  const [expanded, setExpanded] = useState(false);
  const controlsId = useId();
  const moreButton = useRef<HTMLButtonElement>(null);

  const display = (value: InteractiveType) =>
    value !== chat.interactive_type &&
    void setDisplay({ chatId: chat.id, interactiveTypeBody: { interactive_type: value } });
  const mode = (value: TaskGuidingMode) =>
    value !== chat.task_guiding_mode &&
    void setMode({ chatId: chat.id, taskGuidingModeBody: { task_guiding_mode: value } });

  return (
    <div className="chat-toolbar" role="toolbar" aria-label={t('exploration:toolbar.label')}>
      <Link className="chat-toolbar__back" to={paths.dashboard.exploration.getHref()}>
        {t('exploration:toolbar.back')}
      </Link>
      <h1 id="chat-title" className="chat-toolbar__title">
        {chat.title}
        {isSaved === false ? (
          <span className="chat-toolbar__unsaved"> · {t('exploration:toolbar.unsaved')}</span>
        ) : null}
      </h1>
      {benefits ? (
        <span
          className="chat-toolbar__power"
          title={t('exploration:power.detail', {
            free: benefits.free_left,
            total: benefits.free_total,
            pack: benefits.pack_left,
          })}
        >
          {t('exploration:power.left', { count: powerLeft(benefits) })}
        </span>
      ) : null}
      {/* Shown only where the controls fold away (exploration.css): phones, short windows. */}
      <button
        ref={moreButton}
        type="button"
        className="button chat-toolbar__more"
        aria-expanded={expanded}
        aria-controls={controlsId}
        onClick={() => setExpanded((open) => !open)}
      >
        {t('exploration:toolbar.more')}
      </button>

      <div
        id={controlsId}
        className={`chat-toolbar__controls${expanded ? ' is-open' : ''}`}
        onKeyDown={(event) => {
          // Esc folds the controls back and returns to the button that opened them.
          if (event.key !== 'Escape' || !expanded) return;
          event.stopPropagation();
          setExpanded(false);
          moreButton.current?.focus();
        }}
      >
        <div
          className="chat-toolbar__group"
          role="group"
          aria-label={t('exploration:toolbar.display')}
        >
          {(['chat', 'story'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="chat-toolbar__toggle"
              aria-pressed={chat.interactive_type === value}
              disabled={busy || displayCall.isLoading}
              onClick={() => display(value)}
            >
              {t(`exploration:toolbar.displays.${value}`)}
            </button>
          ))}
        </div>
        <div
          className="chat-toolbar__group"
          role="group"
          aria-label={t('exploration:toolbar.mode')}
        >
          {(['task', 'free'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="chat-toolbar__toggle"
              aria-pressed={chat.task_guiding_mode === value}
              disabled={busy || modeCall.isLoading}
              onClick={() => mode(value)}
            >
              {t(`exploration:toolbar.modes.${value}`)}
            </button>
          ))}
        </div>
        {chat.task_guiding_mode === 'task' ? <PlayedOptions chatId={chat.id} /> : null}

        <label className="select-control chat-toolbar__model">
          <span>{t('exploration:toolbar.model')}</span>
          <select
            value={chat.model_id}
            disabled={busy || modelCall.isLoading || models.length === 0}
            onChange={(event) => pickModel(event.target.value)}
          >
            {known ? null : (
              <option value={chat.model_id} disabled>
                {t('exploration:toolbar.modelDeleted')}
              </option>
            )}
            {models.map((m) => (
              <option key={m.id} value={m.id} disabled={m.status === 'paused'}>
                {m.status === 'paused'
                  ? t('exploration:toolbar.modelPaused', { name: m.name })
                  : t(`exploration:toolbar.${m.members_only ? 'modelMembers' : 'modelCost'}`, {
                      name: m.name,
                      cost: m.cost,
                    })}
              </option>
            ))}
          </select>
        </label>
        {membersOnly ? (
          <p className="chat-toolbar__refusal" role="alert">
            {t('exploration:errors.membersOnly')}{' '}
            <Link to={paths.dashboard.vip.getHref()}>{t('exploration:toolbar.becomeMember')}</Link>
          </p>
        ) : null}

        <button type="button" className="button" disabled={busy} onClick={onSave}>
          {t('exploration:toolbar.save')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onSavePoints}>
          {t('exploration:toolbar.savePoints')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => openDialog('explorationWord', { chatId: chat.id })}
        >
          {t('exploration:toolbar.world')}
        </button>
      </div>
    </div>
  );
}
