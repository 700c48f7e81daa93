import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { ChatModel } from '@/api/exploration';
import { useMaxLength } from '@/components/ui/field/use-max-length';
import { storage } from '@/lib/storage';
import { useDurableText } from '@/lib/use-durable-text';
import { selectUid } from '@/core/session-slice';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { checkMessage, INPUT_PROBLEM_KEY, lengthOf, sendsOnKey } from '../model/input-rules';
import type { StoredInput } from '../model/turn-recovery';

export interface ChatInputHandle {
  /** Puts text back in the input (a recalled message), focused at its end. */
  restore(text: string): void;
  focus(): void;
}

/** Where an earlier version kept one draft per chat (read once, then dropped). */
const legacyDraftKey = (chatId: string) => `chat_draft_${chatId}`;
const NOTHING = { text: '' };

/**
 * The player's input: Enter sends, Shift+Enter breaks the line; the input rules are checked
 * before anything is sent (empty, too long, Chinese to a model without it) and shown at the
 * field. The text stays until the server has stored it as the player's message (`onSend`'s
 * `stored`), so a refused send keeps it, and comes back if the reply then fails (`failed`, into
 * an input left empty); it is also kept locally across reloads.
 * While a reply streams the send button becomes Stop (Esc stops too); typing goes on.
 * Only this component re-renders while the player types.
 */
export function ChatInput({
  ref,
  chatId,
  model,
  busy,
  streaming,
  blocked,
  onSend,
  onStop,
}: {
  ref?: Ref<ChatInputHandle>;
  chatId: string;
  model: ChatModel | null;
  busy: boolean;
  streaming: boolean;
  /** Why nothing can be sent now (no power, a model to choose), shown by the screen. */
  blocked: boolean;
  onSend: (text: string, stored: StoredInput) => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const maxLength = useMaxLength(EXPLORATION_LIMITS.input, {
    elementRef: field,
    isOver: (value) => lengthOf(value.trim()) > EXPLORATION_LIMITS.input,
  });
  // Durable text (src/lib/use-durable-text.ts): kept at every change, per chat and per tab;
  // what a closed, reloaded or crashed tab left is put back into the input.
  const uid = useSelector(selectUid);
  const durable = useDurableText(uid ? `chat:${uid}:${chatId}` : null, NOTHING, { mode: 'merge' });
  const text = durable.values.text;
  const setText = (next: string | ((now: string) => string)) =>
    durable.set('text', typeof next === 'function' ? next(latest.current) : next);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(text);
  latest.current = text;

  // A draft an earlier version kept under one key per chat joins the input once.
  useEffect(() => {
    const legacy = storage.get<string>(legacyDraftKey(chatId));
    if (!legacy) return;
    storage.remove(legacyDraftKey(chatId));
    durable.set('text', latest.current ? `${latest.current}\n${legacy}` : legacy);
    // Once per chat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chatId]);

  useImperativeHandle(ref, () => ({
    restore(value) {
      setText(value);
      setProblem(null);
      requestAnimationFrame(() => {
        const el = field.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(value.length, value.length);
      });
    },
    focus: () => field.current?.focus(),
  }));

  const send = () => {
    if (busy || blocked) return;
    const check = checkMessage(text, model);
    if (!check.ok) {
      setProblem(t(INPUT_PROBLEM_KEY[check.problem], { max: EXPLORATION_LIMITS.input }));
      return;
    }
    setProblem(null);
    const sent = text;
    // Only what was sent is cleared: text typed meanwhile stays (and is not overwritten).
    const stored: StoredInput = () => {
      if (latest.current === sent) setText('');
    };
    stored.failed = () => setText((now) => now || sent);
    onSend(check.text, stored);
  };

  const count = lengthOf(text.trim());
  const over = count > EXPLORATION_LIMITS.input;
  const shownProblem = problem ?? maxLength.message;
  return (
    <form
      className="chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {t('exploration:input.label')}
      </label>
      <textarea
        ref={maxLength.ref}
        id={id}
        className="chat-input__field"
        value={text}
        rows={2}
        placeholder={t('exploration:input.placeholder')}
        aria-invalid={shownProblem ? true : undefined}
        aria-describedby={`${id}-count${shownProblem ? ` ${id}-problem` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && streaming) {
            event.preventDefault();
            onStop();
            return;
          }
          if (sendsOnKey(event.nativeEvent)) {
            event.preventDefault();
            send();
          }
        }}
        data-testid="chat-input"
      />
      <div className="chat-input__bar">
        <span
          id={`${id}-count`}
          className={`chat-input__count${over ? ' chat-input__count--over' : ''}`}
        >
          {t('exploration:input.count', { count, max: EXPLORATION_LIMITS.input })}
        </span>
        {streaming ? (
          <button type="button" className="button" onClick={onStop}>
            {t('exploration:input.stop')}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={busy || blocked}>
            {t('exploration:input.send')}
          </button>
        )}
      </div>
      {shownProblem ? (
        <p className="field__error" id={`${id}-problem`} role="alert">
          {shownProblem}
        </p>
      ) : null}
    </form>
  );
}
