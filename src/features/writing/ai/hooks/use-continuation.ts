import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { startupApi } from '@/api/account/startup';
import type { ApiError } from '@/core/api-error';
import { isApiError } from '@/core/api-error';
import { streamContinuation, type StreamApi } from '@/api/writing/continue-stream';
import { storage } from '@/lib/storage';
import {
  aiWritingReducer,
  DEFAULT_LENGTH,
  DEFAULT_MODEL,
  initialAiState,
  LENGTH_OPTIONS,
  type AiModel,
} from '../model/ai-writing';
import { createStreamSink } from '../model/stream-sink';

/** Spec 1 §3: the chosen model is kept in local storage (pro_ prefix); so is the length. */
export const MODEL_KEY = 'ai_model';
export const LENGTH_KEY = 'ai_length';

function storedModel(): AiModel {
  const v = storage.get<string>(MODEL_KEY);
  return v === 'v1' || v === 'v2' ? v : DEFAULT_MODEL;
}

function storedLength(): number {
  const v = storage.get<number>(LENGTH_KEY);
  return LENGTH_OPTIONS.includes(v as (typeof LENGTH_OPTIONS)[number])
    ? (v as number)
    : DEFAULT_LENGTH;
}

/** Runs continuations for one chapter through the AI writing store. */
export function useContinuation(chapterId: string, textBeforeCaret: () => string) {
  const store = useStore<ReturnType<StreamApi['getState']>>();
  const [state, dispatch] = useReducer(aiWritingReducer, undefined, () =>
    initialAiState({ model: storedModel(), length: storedLength() }),
  );
  const [error, setError] = useState<ApiError | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Streamed pieces are painted at the writer's pace (see stream-sink.ts).
  const [stream] = useState(createStreamSink);

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (regenerate = false, characterIds: readonly string[] = []) => {
      if (state.status === 'streaming') return;
      const controller = new AbortController();
      abort.current = controller;
      setError(null);
      dispatch({ type: 'started', regenerate });
      const cards: { nodeid: string; value: string }[] = [];
      const pending = new Map<number, string>();
      stream.reset();
      // React state catches up with a card's text when the next card opens and at the end.
      const flush = () => {
        for (const [index, text] of pending) dispatch({ type: 'delta', index, text });
        pending.clear();
      };
      try {
        await streamContinuation(
          {
            chapter_id: chapterId,
            text: textBeforeCaret(),
            length: state.length,
            model: state.model,
            // The scene's characters (the AI panel's picker); none: the model picks.
            ...(characterIds.length ? { character_ids: [...characterIds] } : {}),
          },
          { getState: store.getState, dispatch: store.dispatch as (a: unknown) => unknown },
          {
            onCard(index, nodeid) {
              flush();
              cards[index] = { nodeid, value: '' };
              dispatch({ type: 'cardOpened', index, nodeid });
            },
            onDelta(index, text) {
              const card = cards[index];
              if (card) card.value += text;
              pending.set(index, (pending.get(index) ?? '') + text);
              stream.append(index, text);
            },
          },
          controller.signal,
        );
        flush();
        dispatch({ type: 'finished', cards: cards.filter(Boolean) });
      } catch (e) {
        if (controller.signal.aborted) return;
        flush();
        dispatch({ type: 'failed' });
        setError(
          isApiError(e) ? e : { status: 0, code: null, serverMessage: null, kind: 'network' },
        );
      } finally {
        // The balance changed (charge) or may have (a refusal tells the real one): refetch it.
        store.dispatch(startupApi.util.invalidateTags(['Benefits']));
      }
    },
    [chapterId, state.length, state.model, state.status, store, stream, textBeforeCaret],
  );

  const setModel = useCallback((model: AiModel) => {
    storage.set(MODEL_KEY, model);
    dispatch({ type: 'modelSet', model });
  }, []);
  const setLength = useCallback((length: number) => {
    storage.set(LENGTH_KEY, length);
    dispatch({ type: 'lengthSet', length });
  }, []);

  return {
    state,
    dispatch,
    stream,
    error,
    clearError: () => setError(null),
    start,
    setModel,
    setLength,
  };
}
