import type { Action } from '@reduxjs/toolkit';
import { baseApi } from '@/api/base-api';
import { paymentUpdated } from '@/api/payment/payment-updates';
import { env } from '@/config/env';
import { createSocketClient, socketUrl, type SocketClient } from '@/lib/socket';
import { sessionOf } from '@/core/headers';
import { tokenValidity, type ServerClock } from './token';

/**
 * The session's socket (spec 2 §4, §7) on /ws/v2 with the store's token; it reconnects only
 * while that token is valid on the server clock. The server's `benefits.changed` (a charge, a
 * continuation, a claim) refetches the power balance; `payment.updated` (a payment paid or
 * cancelled by the payer) refetches the balance and the membership status and ends any open
 * pay dialog of that payment.
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
      if (paymentUpdated(message))
        // 'payment' is the payment endpoints' tag (added when they load).
        store.dispatch(baseApi.util.invalidateTags(['Benefits', 'payment' as 'Benefits']));
    },
  });
}
