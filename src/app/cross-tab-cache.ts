import { addListener, isFulfilled, type Action, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '@/api/base-api';
import type { ChannelLike } from '@/core/cross-tab';

/**
 * Open tabs agree. When a write succeeds in one tab, the tabs of the same account learn it
 * at once: the tab sends the mutation's answer on a BroadcastChannel,
 * and the others dispatch it as their own. RTK Query then invalidates, in each of them, the
 * very tags the endpoint's `invalidatesTags` names for that answer, and every list, count,
 * follow state or open page that shows them refetches. No tag list is kept twice: what a
 * write changes is said once, at its endpoint (`src/api/<tag>/index.ts`).
 *
 * A received answer is marked as from another tab, so it is never sent on again; its
 * request id is unknown here, so no mutation state, toast or `onQueryStarted` of this tab
 * runs for it. The backend is one per browser in the demo (its worker), and a real backend
 * is one for everyone: in both, refetching is how a tab sees what another wrote.
 */
export const CACHE_CHANNEL_NAME = 'inkworld:cache';

const FROM_OTHER_TAB = 'fromOtherTab';
const MUTATION_FULFILLED = `${baseApi.reducerPath}/executeMutation/fulfilled`;

interface MutationAnswer extends UnknownAction {
  payload: unknown;
  meta: {
    requestId: string;
    requestStatus: 'fulfilled';
    fulfilledTimeStamp?: number;
    arg: { type: 'mutation'; endpointName: string; originalArgs: unknown; track?: boolean };
    [FROM_OTHER_TAB]?: true;
  };
}

interface CacheMessage {
  uid: string;
  answer: MutationAnswer;
}

interface StoreLike {
  dispatch: (action: Action) => unknown;
  getState: () => unknown;
}

function isMutationAnswer(action: unknown): action is MutationAnswer {
  if (!isFulfilled(action as UnknownAction)) return false;
  const a = action as Partial<MutationAnswer>;
  return (
    a.type === MUTATION_FULFILLED &&
    a.meta?.arg?.type === 'mutation' &&
    typeof a.meta.arg.endpointName === 'string'
  );
}

function isMessage(data: unknown): data is CacheMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<CacheMessage>;
  return typeof m.uid === 'string' && isMutationAnswer(m.answer);
}

/** What crosses to the other tabs: the answer and the arguments, not the HTTP exchange. */
function portable(action: MutationAnswer): MutationAnswer {
  const { requestId, requestStatus, fulfilledTimeStamp, arg } = action.meta;
  return {
    type: action.type,
    payload: action.payload,
    meta: {
      requestId,
      requestStatus,
      fulfilledTimeStamp,
      arg: { type: arg.type, endpointName: arg.endpointName, originalArgs: arg.originalArgs },
    },
  };
}

const knowsEndpoint = (name: string) => name in baseApi.endpoints;

const loadAllApiModules = () => import('./api-modules');

const uidOf = (state: unknown) => (state as { session?: { uid?: string | null } }).session?.uid;

/** Links a store's cache to the other tabs' caches. Returns the disconnect function. */
export function connectCacheAcrossTabs(store: StoreLike, channel: ChannelLike | null): () => void {
  if (!channel) return () => undefined;

  const stopListening = store.dispatch(
    addListener({
      predicate: (action) => isMutationAnswer(action) && !action.meta[FROM_OTHER_TAB],
      effect: (action, api) => {
        const uid = uidOf(api.getState());
        if (!uid) return;
        try {
          channel.postMessage({
            uid,
            answer: portable(action as MutationAnswer),
          } satisfies CacheMessage);
        } catch {
          // An argument the channel cannot copy: the other tabs learn it on their next fetch.
        }
      },
    }),
  ) as unknown as () => void;

  const take = (answer: MutationAnswer) =>
    store.dispatch({
      ...answer,
      meta: { ...answer.meta, [FROM_OTHER_TAB]: true },
    } as MutationAnswer);
  const onMessage = (event: { data: unknown }) => {
    const message = event.data;
    if (!isMessage(message) || message.uid !== uidOf(store.getState())) return;
    const { answer } = message;
    if (knowsEndpoint(answer.meta.arg.endpointName)) take(answer);
    // What a write changes is said at its endpoint, in an API module this tab may not have
    // loaded (the chapter list does not load the editor's): load them, then take it in.
    else
      void loadAllApiModules().then(() => {
        if (knowsEndpoint(answer.meta.arg.endpointName) && message.uid === uidOf(store.getState()))
          take(answer);
      });
  };
  channel.addEventListener('message', onMessage);

  return () => {
    stopListening();
    channel.removeEventListener('message', onMessage);
    channel.close();
  };
}

/** The browser's channel, or null where there is none. */
export function browserCacheChannel(): ChannelLike | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(CACHE_CHANNEL_NAME);
  } catch {
    return null;
  }
}
