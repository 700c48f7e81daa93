import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { errorText } from '@/api/error-messages';
import { isApiError } from '@/core/api-error';
import { CHANGED_ELSEWHERE } from '@/components/conflict/save-with-base';
import {
  HISTORY_PAGE_SIZE,
  explorationApi,
  useBranchChatFromMessageMutation,
  useEditChatMessageMutation,
  useGetDialogueBenefitsQuery,
  useIsChatGameSavedQuery,
  useListChatHistoryPagesInfiniteQuery,
  useListChatWritingModelsQuery,
  useRecallChatMessageMutation,
  type Chat,
  type ChatMessage,
} from '@/api/exploration';
import { turnEndpoint, type ChatTurn } from '@/api/exploration/chat-stream';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/ui/dialog/lazy-confirm-dialog';
import { ListError } from '@/components/ui/list-state/list-state';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { paths } from '@/config/paths';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useChatTurn } from '../hooks/use-chat-turn';
import { chronological, removeMessages, replaceMessage, type HistoryPages } from '../model/history';
import { isBusy } from '../model/reply-state';
import { canAfford, leaveNeedsPrompt } from '../model/save-points';
import { DialoguePowerHint } from './dialogue-power-hint';
import { ChatInput, type ChatInputHandle } from './chat-input';
import { ChatToolbar } from './chat-toolbar';
import { LeaveDialog } from './leave-dialog';
import { LiveReply } from './live-reply';
import { MessageList } from './message-list';
import type { MessageActions } from './message-row';
import { SaveDialog } from './save-dialog';
import { SavePointsDialog } from './save-points-dialog';
import { TransNotice } from './trans-notice';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query thunks take the root state
type AnyDispatch = ThunkDispatch<any, unknown, UnknownAction>;

type Open = 'none' | 'save' | 'savePoints';

/**
 * The chat of one game: its toolbar (display, mode, model, power, save, save points, the
 * world's words), the goals in task mode, the messages (virtualised, paged back as the reader
 * scrolls up), the reply streaming below them, the options on offer and the input. What
 * changes a chat elsewhere (a load, a branch) moves to that chat's address.
 */
/** A window with room for the goals above the messages (the fold rule of exploration.css). */
const roomyWindow = () =>
  typeof window.matchMedia !== 'function' ||
  window.matchMedia('(min-width: 721px) and (min-height: 641px)').matches;

/** The messages one recall of the latest turn takes: the player's message and its reply. */
const LATEST_TURN = 2;

/** How many messages recalling this one retracts: it and every later one. */
export function recallCount(messages: readonly ChatMessage[], id: string): number {
  const at = messages.findIndex((m) => m.id === id);
  return at < 0 ? 0 : messages.length - at;
}

export function ChatScreen({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const dispatch = useDispatch<AnyDispatch>();
  const navigate = useNavigate();
  const input = useRef<ChatInputHandle>(null);
  const historyArg = { chatId: chat.id, limit: HISTORY_PAGE_SIZE };
  const history = useListChatHistoryPagesInfiniteQuery(historyArg);
  const models = useListChatWritingModelsQuery();
  const benefits = useGetDialogueBenefitsQuery();
  const saved = useIsChatGameSavedQuery({ gameId: chat.game_id });
  const turn = useChatTurn(chat.id, chat.game_id);
  const [editMessage] = useEditChatMessageMutation();
  const [recallMessage] = useRecallChatMessageMutation();
  const [branchFrom] = useBranchChatFromMessageMutation();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>('none');
  /** The goals start folded where the messages need the height (a phone, a short window). */
  const [goalsOpen] = useState(roomyWindow);
  const [notice, setNotice] = useState('');
  /** A recall that would take earlier turns with it, asked first (how many messages go). */
  const [recalling, setRecalling] = useState<{ message: ChatMessage; count: number } | null>(null);
  /** Set when an asked recall went through: the input takes the keyboard once the ask is gone. */
  const focusInputAfterAsk = useRef(false);
  /** Set while the screen itself moves to another chat (a load, a branch): no leave prompt. */
  const moving = useRef(false);

  const messages = useMemo(
    () => (history.data ? chronological(history.data.pages) : []),
    [history.data],
  );
  const model = models.data?.data.find((m) => m.id === chat.model_id) ?? null;
  const modelProblem = !models.data
    ? null
    : !model
      ? 'exploration:errors.modelDeleted'
      : model.status === 'paused'
        ? 'exploration:errors.modelPaused'
        : null;
  const noPower = model ? !canAfford(benefits.data, model.cost) : false;
  /** No turn can start: the model is paused or gone, or the power is short. */
  const blocked = Boolean(modelProblem) || noPower;
  const busy = isBusy(turn.state);
  const streaming = turn.state.phase === 'streaming';

  const dirty = leaveNeedsPrompt({
    isSaved: saved.data?.is_saved,
    messageCount: messages.length,
    busy,
  });
  const blocker = useLeaveGuard(dirty, () => !moving.current && dirty);

  const moveTo = useCallback(
    (chatId: string) => {
      moving.current = true;
      // The chat that follows takes the keyboard into its input (see below): the button that
      // moved here went with this chat.
      void navigate(paths.exploration.getHref({ chat: chatId }), {
        replace: true,
        state: { focusInput: true },
      });
    },
    [navigate],
  );
  // Arrived from another chat (a branch): the keyboard goes to the input, never to the page.
  const location = useLocation();
  const arrivedFrom = useRef((location.state as { focusInput?: boolean } | null)?.focusInput);
  useEffect(() => {
    if (arrivedFrom.current) input.current?.focus();
  }, []);

  const editHistory = useCallback(
    (edit: (draft: HistoryPages) => void) =>
      dispatch(
        explorationApi.util.updateQueryData(
          'listChatHistoryPages',
          { chatId: chat.id, limit: HISTORY_PAGE_SIZE },
          (draft) => {
            edit(draft as HistoryPages);
          },
        ),
      ),
    [chat.id, dispatch],
  );

  const toast = useCallback(
    (msg: string, type: 'success' | 'error' | 'info' = 'success') =>
      dispatch(toastShown({ msg, type })),
    [dispatch],
  );

  const recall = useCallback(
    async (message: ChatMessage) => {
      setPendingId(message.id);
      const result = await recallMessage({ chatId: chat.id, recallBody: { msg_id: message.id } });
      setPendingId(null);
      if ('error' in result) return;
      editHistory((draft) => removeMessages(draft, result.data.recalled_ids));
      input.current?.restore(result.data.content);
      setNotice(t('exploration:messages.recalled', { count: result.data.recalled_ids.length }));
    },
    [chat.id, editHistory, recallMessage, t],
  );
  // The asked recall's button went with its message: the keyboard goes to the input, where
  // the recalled text is back, never to the page.
  useEffect(() => {
    if (recalling || !focusInputAfterAsk.current) return;
    focusInputAfterAsk.current = false;
    input.current?.focus();
  }, [recalling]);

  const retryTurn = turn.retry;
  const actions: MessageActions = useMemo(
    () => ({
      editingId,
      pendingId,
      onStartEdit: setEditingId,
      onCancelEdit: () => setEditingId(null),
      async onSaveEdit(message, content, base) {
        try {
          const saved = await editMessage({
            chatId: chat.id,
            msgId: message.id,
            chatMessageEditBody: { content, base_updated_at: base },
          }).unwrap();
          editHistory((draft) => replaceMessage(draft, saved));
          return saved;
        } catch (error) {
          // Edited elsewhere: the history shows the message as the server now has it.
          if (isApiError(error) && error.code === CHANGED_ELSEWHERE && error.content)
            editHistory((draft) => replaceMessage(draft, error.content as ChatMessage));
          throw error;
        }
      },
      onEdited() {
        setEditingId(null);
        setNotice(t('exploration:messages.editedNotice'));
      },
      onRecall(message: ChatMessage) {
        // The message and every later one go: the latest turn (the player's message and its
        // reply) at once, its text back in the input; more than that only once confirmed.
        const count = recallCount(messages, message.id);
        if (count > LATEST_TURN) setRecalling({ message, count });
        else void recall(message);
      },
      async onBranch(message: ChatMessage) {
        setPendingId(message.id);
        const result = await branchFrom({
          chatId: chat.id,
          msgId: message.id,
          chatArchiveBody: {},
        });
        setPendingId(null);
        if ('error' in result) return;
        toast(t('exploration:savePoints.branched', { title: result.data.archive.title }));
        moveTo(result.data.game.chat_id);
      },
      onRetry(message: ChatMessage) {
        if (!blocked) retryTurn(message.id);
      },
    }),
    [
      blocked,
      retryTurn,
      editingId,
      pendingId,
      chat.id,
      editMessage,
      messages,
      recall,
      branchFrom,
      editHistory,
      moveTo,
      toast,
      t,
    ],
  );

  const play = (next: ChatTurn, stored?: () => void) => {
    if (blocked) return;
    void turn.run(next, stored);
  };

  const options = busy ? turn.state.options : chat.pending_options;
  const failure = turn.state.phase === 'failed' ? turn.state.error : null;

  /** The offered choices follow the last message in the log, so they take no fixed height. */
  const choices =
    options.length > 0 ? (
      <div className="chat-options" role="group" aria-label={t('exploration:options.label')}>
        {options.map((option) => (
          <button
            key={option.id}
            type="button"
            className="button chat-options__option"
            disabled={busy || blocked}
            onClick={() => {
              // The options go (disabled, then gone) as the reply runs: the keyboard goes to
              // the input for the next turn.
              input.current?.focus();
              play({ chatId: chat.id, kind: 'option', optionId: option.id });
            }}
          >
            {option.text}
          </button>
        ))}
      </div>
    ) : null;

  const tail = (
    <>
      {busy ? <LiveReply reply={turn.reply} display={chat.interactive_type} /> : null}
      {failure ? (
        <div className="chat-failure" role="alert">
          <p>
            {errorText(
              turn.state.turn ? turnEndpoint(turn.state.turn) : 'sendChatMessage',
              failure,
              t,
            )}
          </p>
          {failure.code === 40260 ? <DialoguePowerHint benefits={benefits.data} /> : null}
          {turn.awaitingId ? (
            <button
              type="button"
              className="button button--primary"
              disabled={blocked}
              onClick={() => play({ chatId: chat.id, kind: 'retry', messageId: turn.awaitingId! })}
            >
              {t('exploration:messages.retryShort')}
            </button>
          ) : null}
          <button type="button" className="button" onClick={turn.dismiss}>
            {t('common:actions.close')}
          </button>
        </div>
      ) : null}
      {choices}
    </>
  );

  return (
    <section className="chat-screen" aria-labelledby="chat-title">
      <ChatToolbar
        chat={chat}
        models={models.data?.data ?? []}
        benefits={benefits.data}
        isSaved={saved.data?.is_saved}
        busy={busy}
        onSave={() => setOpen('save')}
        onSavePoints={() => setOpen('savePoints')}
      />
      {chat.task_guiding_mode === 'task' && chat.goals.length > 0 ? (
        <details className="chat-goals" open={goalsOpen}>
          <summary>
            <h2 className="chat-goals__title">
              {t('exploration:goals.title')}{' '}
              <span className="chat-goals__progress">
                {t('exploration:goals.progress', {
                  done: chat.goals.filter((goal) => goal.done).length,
                  total: chat.goals.length,
                })}
              </span>
            </h2>
          </summary>
          <ul>
            {chat.goals.map((goal) => (
              <li key={goal.entry_id} className={goal.done ? 'chat-goals__done' : undefined}>
                <span className="visually-hidden">
                  {goal.done ? t('exploration:goals.done') : t('exploration:goals.open')}
                </span>
                <strong>{goal.name}</strong>: {goal.target}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {history.isLoading ? (
        <div className="chat-log chat-log--state" role="status">
          <LoadingIcon />
          <span className="visually-hidden">{t('exploration:messages.loading')}</span>
        </div>
      ) : history.isError && !history.data ? (
        <div className="chat-log chat-log--state">
          <ListError
            onRetry={() => void history.refetch()}
            message={errorText('listChatHistoryPages', history.error, t)}
          />
        </div>
      ) : (
        <MessageList
          messages={messages}
          display={chat.interactive_type}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          olderFailed={history.isFetchNextPageError}
          onLoadOlder={() => void history.fetchNextPage()}
          tail={
            messages.length === 0 && !busy && !failure ? (
              <>
                <p className="chat-log__empty">{t('exploration:messages.empty')}</p>
                {choices}
              </>
            ) : (
              tail
            )
          }
          busy={busy}
          awaitingId={turn.awaitingId}
          actions={actions}
        />
      )}

      {modelProblem ? (
        <p className="chat-blocked" role="alert">
          {t(modelProblem)}
        </p>
      ) : noPower ? (
        <p className="chat-blocked" role="alert">
          {t('exploration:errors.noPower')} <DialoguePowerHint benefits={benefits.data} />
        </p>
      ) : null}

      <ChatInput
        ref={input}
        chatId={chat.id}
        model={model}
        busy={busy}
        streaming={streaming}
        blocked={blocked}
        onSend={(content, stored) => {
          play({ chatId: chat.id, kind: 'message', content }, stored);
        }}
        onStop={turn.stop}
      />

      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {turn.announcement}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {streaming
          ? t('exploration:messages.replying', {
              who: turn.state.speakerName || t('exploration:messages.narrator'),
            })
          : notice}
      </div>

      {recalling ? (
        <ConfirmDialog
          heading={t('exploration:messages.recallAskTitle')}
          text={t('exploration:messages.recallAskText', { count: recalling.count })}
          confirmLabel={t('exploration:messages.recallAskConfirm', { count: recalling.count })}
          onConfirm={async () => {
            await recall(recalling.message);
            focusInputAfterAsk.current = true;
          }}
          onClose={() => setRecalling(null)}
        />
      ) : null}
      {open === 'save' ? (
        <SaveDialog gameId={chat.game_id} onClose={() => setOpen('none')} />
      ) : null}
      {open === 'savePoints' ? (
        <SavePointsDialog
          gameId={chat.game_id}
          isSaved={saved.data?.is_saved}
          onLoaded={moveTo}
          onClose={() => setOpen('none')}
        />
      ) : null}
      {blocker.state === 'blocked' ? (
        <LeaveDialog gameId={chat.game_id} onStay={blocker.reset} onLeave={blocker.proceed} />
      ) : null}
      <TransNotice />
    </section>
  );
}
