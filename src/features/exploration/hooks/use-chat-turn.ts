import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { isApiError } from '@/api/api-error';
import {
  HISTORY_PAGE_SIZE,
  explorationApi,
  type ChatMessage,
  type PlayedOption,
} from '@/api/exploration';
import { REPLY_BROKEN, streamChatTurn, type ChatTurn } from '@/api/exploration/chat-stream';
import type { SessionStore } from '@/session/refresh';
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query thunks take the root state
type AnyDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** The saved flag, goals and balance are read again at most this late after a turn. */
const AFTER_TURN_MAX_WAIT_MS = 2000;

/**
 * Runs the chat's turns: streams the reply of a typed message or a played option into the
 * paced reply store, and writes what the server stored into the caches — the player's message
 * and the reply into the history pages, the options on offer into the chat, the power spent
 * into the balance — so nothing already read is fetched again. The saved flag, the chat
 * (goals) and the games list are read again after each turn. A stop aborts the request.
 */
export function useChatTurn(chatId: string, gameId: string) {
  const store = useStore() as unknown as SessionStore;
  const dispatch = useDispatch<AnyDispatch>();
  const [reply] = useState(createReplyStore);
  // The phase only: streamed text re-renders the live reply row alone (live-reply.tsx).
  const state: ReplyState = useSyncExternalStore(reply.subscribe, reply.getPhase);
  const abort = useRef<AbortController | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => () => abort.current?.abort(), []);

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
    const due = performance.now() + AFTER_TURN_MAX_WAIT_MS;
    const refresh = () => {
      if (browserClock.sinceInput() < TYPING_PAUSE_MS && performance.now() < due) {
        setTimeout(refresh, TYPING_PAUSE_MS);
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

  const run = useCallback(
    async (turn: ChatTurn, onStored?: () => void): Promise<boolean> => {
      if (isBusy(reply.current())) return false;
      const controller = new AbortController();
      abort.current = controller;
      reply.dispatch({ type: 'send' });
      // The options on offer are withdrawn as soon as a turn is taken.
      writeOptions([]);
      try {
        const done = await streamChatTurn(
          turn,
          store,
          {
            onStart(player, replyId, _speakerId, speakerName) {
              writeHistory([player]);
              onStored?.();
              reply.dispatch({ type: 'start', player, replyId, speakerName });
            },
            onDelta: (text) => reply.dispatch({ type: 'delta', text }),
            onOptions: (options) => reply.dispatch({ type: 'options', options }),
          },
          controller.signal,
        );
        const options = reply.current().options;
        if (done.message) {
          writeHistory([done.message]);
          setAnnouncement(
            done.message.speaker_name
              ? `${done.message.speaker_name}: ${done.message.content}`
              : done.message.content,
          );
        }
        writeOptions(options);
        dispatch(
          explorationApi.util.updateQueryData('getDialogueBenefits', undefined, (draft) =>
            spend(draft, done.charged),
          ),
        );
        reply.dispatch({ type: 'done' });
        return true;
      } catch (error) {
        if (controller.signal.aborted) {
          const kept = stoppedReply(reply.current(), Date.now());
          if (kept) writeHistory([kept]);
          reply.dispatch({ type: 'stopped' });
        } else {
          reply.dispatch({ type: 'failed', error: isApiError(error) ? error : REPLY_BROKEN });
        }
        return false;
      } finally {
        if (abort.current === controller) abort.current = null;
        afterTurn();
      }
    },
    [reply, store, writeHistory, writeOptions, afterTurn, dispatch],
  );

  const stop = useCallback(() => {
    abort.current?.abort(new DOMException('stopped', 'AbortError'));
  }, []);

  const dismiss = useCallback(() => reply.dispatch({ type: 'dismiss' }), [reply]);

  return { state, reply, run, stop, dismiss, announcement };
}
