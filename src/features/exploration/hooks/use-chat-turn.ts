import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { isApiError } from '@/core/api-error';
import {
  HISTORY_PAGE_SIZE,
  explorationApi,
  type ChatMessage,
  type PlayedOption,
} from '@/api/exploration';
import { streamChatTurn, type ChatTurn } from '@/api/exploration/chat-stream';
import { STREAM_BROKEN } from '@/api/ndjson-stream';
import { clock } from '@/lib/clock';
import type { SessionStore } from '@/core/refresh';
import { addMessages, type HistoryPages } from '../model/history';
import {
  TYPING_PAUSE_MS,
  browserClock,
  createReplyStore,
  isBusy,
  stoppedReply,
  type ReplyState,
} from '../model/reply-state';
import { spend } from '../model/save-points';
import {
  awaitingReply,
  optionsAfter,
  resolveTurn,
  restoresInput,
  type StoredInput,
  type TurnEnd,
} from '../model/turn-recovery';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query thunks take the root state
type AnyDispatch = ThunkDispatch<any, unknown, UnknownAction>;
/** The root state as the api's selectors read it (features do not import the app's store). */
type ApiState = Parameters<ReturnType<typeof explorationApi.endpoints.getChat.select>>[0];

/** The saved flag, goals and balance are read again at most this late after a turn. */
const AFTER_TURN_MAX_WAIT_MS = 2000;

/** An answer from the server (a refusal), rather than a stream or connection that broke. */
const answered = (error: unknown) =>
  isApiError(error) && error !== STREAM_BROKEN && error.status !== 0;

/**
 * Runs the chat's turns: streams the reply of a typed message, a played option or a retry into
 * the paced reply store, and writes what the server stored into the caches — the player's
 * message and the reply into the history pages, the options on offer into the chat, the power
 * spent into the balance — so nothing already read is fetched again. The saved flag, the chat
 * (goals) and the games list are read again after each turn. A stop aborts the request. A turn
 * that ends without a reply keeps the offer and puts the typed text back (model/turn-recovery).
 */
export function useChatTurn(chatId: string, gameId: string) {
  const store = useStore() as unknown as SessionStore;
  const dispatch = useDispatch<AnyDispatch>();
  const [reply] = useState(createReplyStore);
  // The phase only: streamed text re-renders the live reply row alone (live-reply.tsx).
  const state: ReplyState = useSyncExternalStore(reply.subscribe, reply.getPhase);
  const abort = useRef<AbortController | null>(null);
  /** The input whose text awaits a reply: cleared when a retry gets it. */
  const waitingInput = useRef<StoredInput | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => () => abort.current?.abort(), []);

  const selectHistory = useMemo(
    () =>
      explorationApi.endpoints.listChatHistoryPages.select({ chatId, limit: HISTORY_PAGE_SIZE }),
    [chatId],
  );
  const selectChat = useMemo(
    () => explorationApi.endpoints.getChat.select({ chatId, supportStream: true }),
    [chatId],
  );
  const latest = useSelector((root: ApiState) => selectHistory(root).data?.pages[0]?.data[0]);

  const writeHistory = useCallback(
    (messages: ChatMessage[]) =>
      dispatch(
        explorationApi.util.updateQueryData(
          'listChatHistoryPages',
          { chatId, limit: HISTORY_PAGE_SIZE },
          (draft) => addMessages(draft as HistoryPages, messages),
        ),
      ),
    [chatId, dispatch],
  );

  const writeOptions = useCallback(
    (options: PlayedOption[]) =>
      dispatch(
        explorationApi.util.updateQueryData('getChat', { chatId, supportStream: true }, (draft) => {
          draft.pending_options = options;
        }),
      ),
    [chatId, dispatch],
  );

  // Read again once the player pauses typing: the answers re-render the screen around the
  // input, and a key pressed during that render would wait for it.
  const afterTurn = useCallback(() => {
    const due = clock.monotonic() + AFTER_TURN_MAX_WAIT_MS;
    const refresh = () => {
      if (browserClock.sinceInput() < TYPING_PAUSE_MS && clock.monotonic() < due) {
        clock.setTimeout(refresh, TYPING_PAUSE_MS);
        return;
      }
      dispatch(
        explorationApi.util.invalidateTags([
          { type: 'ChatSaved', id: gameId },
          { type: 'Chat', id: chatId },
          { type: 'ChatGame', id: 'LIST' },
          'DialogueBenefits',
        ]),
      );
    };
    refresh();
  }, [chatId, gameId, dispatch]);

  /**
   * After a turn broke before its `start`: the chat's latest message, when it is the player's
   * message of `turn` that the history does not hold yet, is written into it (then it awaits its
   * reply like any other). Whether it was found.
   */
  const findStored = useCallback(
    async (turn: ChatTurn): Promise<boolean> => {
      const request = dispatch(
        explorationApi.endpoints.listChatHistory.initiate(
          { chatId, limit: 1 },
          { forceRefetch: true, subscribe: false },
        ),
      );
      const latest = (await request).data?.data[0];
      if (!latest || latest.role !== 'player') return false;
      if (turn.kind === 'retry') return latest.id === turn.messageId;
      const pages = selectHistory(store.getState() as ApiState).data?.pages ?? [];
      if (pages.some((page) => page.data.some((m) => m.id === latest.id))) return false;
      writeHistory([latest]);
      return true;
    },
    [chatId, dispatch, selectHistory, store, writeHistory],
  );

  const run = useCallback(
    async (asked: ChatTurn, onStored?: StoredInput): Promise<boolean> => {
      if (isBusy(reply.current())) return false;
      const root = store.getState() as ApiState;
      const turn = resolveTurn(asked, awaitingReply(selectHistory(root).data?.pages[0]?.data[0]));
      const offered = selectChat(root).data?.pending_options ?? [];
      const input = onStored ?? (turn.kind === 'retry' ? waitingInput.current : null);
      const end = (how: TurnEnd) => {
        writeOptions(optionsAfter(offered, turn, how));
        if (restoresInput(turn, how)) input?.failed?.();
        waitingInput.current = how.kind === 'failed' ? input : null;
      };
      const controller = new AbortController();
      abort.current = controller;
      reply.dispatch({ type: 'send', turn });
      try {
        const done = await streamChatTurn(
          turn,
          store,
          {
            onStart(player, replyId, _speakerId, speakerName) {
              writeHistory([player]);
              input?.();
              reply.dispatch({ type: 'start', player, replyId, speakerName });
            },
            onDelta: (text) => reply.dispatch({ type: 'delta', text }),
            onOptions: (options) => reply.dispatch({ type: 'options', options }),
          },
          controller.signal,
        );
        if (done.message) {
          writeHistory([done.message]);
          setAnnouncement(
            done.message.speaker_name
              ? `${done.message.speaker_name}: ${done.message.content}`
              : done.message.content,
          );
        }
        end({ kind: 'done', options: reply.current().options });
        dispatch(
          explorationApi.util.updateQueryData('getDialogueBenefits', undefined, (draft) =>
            spend(draft, done.charged),
          ),
        );
        reply.dispatch({ type: 'done' });
        return true;
      } catch (error) {
        if (controller.signal.aborted) {
          const kept = stoppedReply(reply.current(), clock.now());
          if (kept) writeHistory([kept]);
          end({ kind: 'stopped', replyKept: Boolean(kept) });
          reply.dispatch({ type: 'stopped' });
        } else {
          let refused = reply.current().phase === 'sending';
          // Cut before its first line arrived: the server may have stored the message anyway.
          if (refused && !answered(error)) refused = !(await findStored(turn));
          end({ kind: 'failed', refused });
          reply.dispatch({ type: 'failed', error: isApiError(error) ? error : STREAM_BROKEN });
        }
        return false;
      } finally {
        if (abort.current === controller) abort.current = null;
        afterTurn();
      }
    },
    [
      reply,
      store,
      selectHistory,
      selectChat,
      writeHistory,
      writeOptions,
      findStored,
      afterTurn,
      dispatch,
    ],
  );

  const stop = useCallback(() => {
    abort.current?.abort(new DOMException('stopped', 'AbortError'));
  }, []);

  const dismiss = useCallback(() => reply.dispatch({ type: 'dismiss' }), [reply]);

  const retry = useCallback(
    (messageId: string) => void run({ chatId, kind: 'retry', messageId }),
    [chatId, run],
  );
  /** The player's latest message, left without a reply (null while a turn runs). */
  const awaitingId = isBusy(state) ? null : (awaitingReply(latest)?.id ?? null);

  return { state, reply, run, retry, awaitingId, stop, dismiss, announcement };
}
