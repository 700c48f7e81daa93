import { useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { ChatMessage, InteractiveType } from '@/api/exploration';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { DraftOffer } from '@/components/ui/field/draft-offer';
import { useDurableText } from '@/lib/use-durable-text';
import { saveWithBase } from '@/components/conflict/save-with-base';
import { errorText } from '@/api/error-messages';
import { selectUid } from '@/core/session-slice';
import { checkEdit, editLimit, INPUT_PROBLEM_KEY, lengthOf } from '../model/input-rules';

/** What a message's buttons do; the screen answers them (and keeps this object stable). */
export interface MessageActions {
  editingId: string | null;
  /** The message whose action is under way (its buttons wait). */
  pendingId: string | null;
  onStartEdit(id: string): void;
  onCancelEdit(): void;
  /**
   * Saves an edit based on the message's version `base`: resolves with the message as saved,
   * rejects with the call's error (a newer version elsewhere is 40920, with that message).
   */
  onSaveEdit(message: ChatMessage, text: string, base: number | undefined): Promise<ChatMessage>;
  /** The edit is saved (or the person took the version saved elsewhere): the form closes. */
  onEdited(): void;
  onRecall(message: ChatMessage): void;
  onBranch(message: ChatMessage): void;
  /** Asks again for the reply a player's message is waiting for (charged only on success). */
  onRetry(message: ChatMessage): void;
}

/**
 * One message: the player's line, a character's (with the speaker's name) or the narrator's,
 * shown as a chat bubble or as story prose (`interactive_type`). Its actions: edit (any
 * message), recall (the player's; it and every later message are retracted), branch (a new
 * save point up to here), and retry on the player's latest message while it has no reply (a
 * reply that failed or was cut): the reply is asked for again, charged only when it arrives.
 */
export function MessageRow({
  ref,
  message,
  position,
  setSize,
  display,
  busy,
  awaiting,
  editingId,
  pendingId,
  onStartEdit,
  onCancelEdit,
  onSaveEdit,
  onEdited,
  onRecall,
  onBranch,
  onRetry,
}: {
  ref?: Ref<HTMLElement>;
  message: ChatMessage;
  position: number;
  setSize: number;
  display: InteractiveType;
  busy: boolean;
  /** The player's latest message, left without a reply (a reply failed or was cut). */
  awaiting: boolean;
} & MessageActions) {
  const { t } = useTranslation();
  const labelId = useId();
  const player = message.role === 'player';
  const who = player
    ? t('exploration:messages.you')
    : message.speaker_name || t('exploration:messages.narrator');
  const editing = editingId === message.id;
  const waiting = pendingId === message.id;
  return (
    <article
      ref={ref}
      className={`chat-message chat-message--${message.role} chat-message--${display}`}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-labelledby={labelId}
      tabIndex={0}
      data-message-id={message.id}
    >
      <header className="chat-message__who" id={labelId}>
        {who}
        {message.edited ? (
          <span className="chat-message__note"> · {t('exploration:messages.edited')}</span>
        ) : null}
        {message.state === 'stopped' ? (
          <span className="chat-message__note"> · {t('exploration:messages.stopped')}</span>
        ) : null}
        {awaiting ? (
          <span className="chat-message__note"> · {t('exploration:messages.noReply')}</span>
        ) : null}
      </header>
      {editing ? (
        <EditForm message={message} onCancel={onCancelEdit} onSave={onSaveEdit} onDone={onEdited} />
      ) : (
        <p className="chat-message__text">{message.content}</p>
      )}
      {editing ? null : (
        <div className="chat-message__actions">
          {awaiting ? (
            <button
              type="button"
              className="chat-message__action chat-message__action--retry"
              disabled={waiting}
              onClick={(event) => {
                // The button goes while the reply streams: the message keeps the focus.
                event.currentTarget.closest('article')?.focus();
                onRetry(message);
              }}
              aria-label={t('exploration:messages.retry')}
            >
              {t('exploration:messages.retryShort')}
            </button>
          ) : null}
          <button
            type="button"
            className="chat-message__action"
            disabled={busy || waiting}
            onClick={() => onStartEdit(message.id)}
            aria-label={t('exploration:messages.edit', { who })}
          >
            {t('exploration:messages.editShort')}
          </button>
          {player ? (
            <button
              type="button"
              className="chat-message__action"
              disabled={busy || waiting}
              onClick={() => onRecall(message)}
              aria-label={t('exploration:messages.recall')}
            >
              {t('exploration:messages.recallShort')}
            </button>
          ) : null}
          <button
            type="button"
            className="chat-message__action"
            disabled={busy || waiting}
            onClick={() => onBranch(message)}
            aria-label={t('exploration:messages.branch', { who })}
          >
            {t('exploration:messages.branchShort')}
          </button>
        </div>
      )}
    </article>
  );
}

function EditForm({
  message,
  onCancel,
  onSave,
  onDone,
}: {
  message: ChatMessage;
  onCancel: () => void;
  onSave: MessageActions['onSaveEdit'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The form goes when the edit ends (saved or cancelled): the keyboard stays with its message,
  // never falling to the page.
  const end = (then: () => void) => () => {
    form.current?.closest('article')?.focus();
    then();
  };
  const done = end(onDone);
  const cancel = end(onCancel);
  // Durable text: the edit is kept at every key, and offered back when this message's edit
  // opens again after a reload, a crash or a closed tab.
  const uid = useSelector(selectUid);
  const durable = useDurableText(
    uid ? `message:${uid}:${message.chat_id}:${message.id}` : null,
    { content: message.content },
    { version: message.updated_at },
  );
  const text = durable.values.content;
  const setText = (value: string) => durable.set('content', value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const max = editLimit(message.role);
  const maxLength = useMaxLength(max, { isOver: (value) => lengthOf(value.trim()) > max });
  const shown = error ?? maxLength.message;
  const submit = async () => {
    const check = checkEdit(text, message.role);
    if (!check.ok) {
      setError(t(INPUT_PROBLEM_KEY[check.problem], { max }));
      return;
    }
    setSaving(true);
    try {
      // Based on the message's version: an edit saved elsewhere is compared, never overwritten.
      const saved = await saveWithBase(
        durable,
        { content: check.text },
        (edit, base) => onSave(message, edit.content.trim(), base),
        (now) => ({ content: now.content }),
      );
      setError(null);
      if (saved)
        durable.saved({ content: saved.answer.content }, { version: saved.answer.updated_at });
      done();
    } catch (failure) {
      setError(errorText('editChatMessage', failure, t));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      ref={form}
      className="chat-edit"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          cancel();
        }
      }}
    >
      <DraftOffer draft={durable} />
      <label className="visually-hidden" htmlFor={id}>
        {t('exploration:messages.editLabel')}
      </label>
      <textarea
        id={id}
        ref={maxLength.ref}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        rows={3}
        autoFocus
      />
      <div className="chat-edit__bar">
        <span className="chat-edit__count">
          {lengthOf(text.trim())}/{max}
        </span>
        <button type="button" className="button" onClick={cancel}>
          {t('common:actions.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('exploration:messages.saveEdit')}
        </button>
      </div>
      {shown ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      ) : null}
    </form>
  );
}
