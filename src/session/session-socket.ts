import type { Action } from '@reduxjs/toolkit';
import { baseApi } from '@/api/base-api';
import { env } from '@/config/env';
import { createSocketClient, socketUrl, type SocketClient } from '@/lib/socket';
import { sessionOf } from './headers';
import { tokenValidity, type ServerClock } from './token';

/**
 * The session's socket (spec 2 §4, §7) on /ws/v2 with the store's token; it reconnects only
 * while that token is valid on the server clock. The server's `benefits.changed` (a charge, a
 * continuation, a claim) refetches the power balance.
 */
export function createSessionSocket(
  store: { dispatch: (action: Action) => unknown; getState: () => unknown },
  clock: ServerClock,
): SocketClient {
  const token = () => sessionOf(store.getState).accessToken;
  return createSocketClient({
    url: socketUrl(env.services.main, env.socketUrl),
    getToken: token,
    isTokenCurrent: () => tokenValidity(token(), clock.nowS()) === 'valid',
    onMessage(message) {
      const type = (message as { type?: unknown } | null)?.type;
      if (type === 'benefits.changed') store.dispatch(baseApi.util.invalidateTags(['Benefits']));
    },
  });
}
