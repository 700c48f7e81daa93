import { useEffect, useReducer, useRef, useState } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { isApiError } from '@/core/api-error';
import {
  alipayPageLink,
  onPaymentUpdated,
  PAYMENT_BID,
  paymentApi,
  useCreateOrderMutation,
  useCreatePrepayMutation,
} from '@/api/payment';
import { env } from '@/config/env';
import { clock, type TimerId } from '@/lib/clock';
import { selectUid } from '@/core/session-slice';
import { payTypeOf, type PayMethod } from '../model/pay-type';
import { paymentKeys } from '../model/payment-keys';
import {
  initialPaymentState,
  paymentReducer,
  POLL_INTERVAL_MS,
  type PaymentState,
  type PendingPayment,
} from '../model/payment-machine';
import type { Purchase } from '../model/purchase';

export interface PaymentRequest {
  purchase: Purchase;
  method: PayMethod;
  /** `qr`: an order with a QR to scan; `page`: an alipay prepay, paid on the alipay page. */
  via: 'qr' | 'page';
}

/** The QR's size in CSS pixels (the order's `qrcode_width`). */
export const QR_WIDTH = 200;

/**
 * Runs one payment of a pay dialog: creates the order (or prepay), polls its status every
 * `intervalMs` until it is paid, expired or cancelled, ends at once on the socket's
 * `payment.updated`, and stops when the dialog unmounts. A paid payment refetches the power
 * balance and the membership status. `refresh()` makes a new order after an end or failure.
 *
 * Once only: every creation sends the product's `Idempotency-Key` (model/payment-keys.ts), so
 * while its payment is pending a reopened dialog gets the same order (same QR, same time left)
 * rather than a second payable one; the key is freed when the payment ends. Any payment this
 * dialog made that is paid (an earlier QR too) ends the dialog as paid.
 */
export function usePayment(
  { purchase, method, via }: PaymentRequest,
  { intervalMs = POLL_INTERVAL_MS, onPaid }: { intervalMs?: number; onPaid?: () => void } = {},
): { state: PaymentState; refresh: () => void } {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const uid = useSelector(selectUid) ?? '';
  const [state, send] = useReducer(paymentReducer, initialPaymentState);
  const [createOrder] = useCreateOrderMutation();
  const [createPrepay] = useCreatePrepayMutation();
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  /** Every payment this dialog made, by id, and the key the latest was made with. */
  const made = useRef(new Map<string, PendingPayment>());
  const keyUsed = useRef<string | null>(null);
  const remember = (payment: PendingPayment) => {
    made.current.set(payment.id, payment);
    return payment;
  };

  // Create when the machine asks for a payment (first, and after a refresh or a retry).
  // One order per attempt, also when an effect runs twice (React's development checks): the
  // answer is taken while the dialog is mounted.
  const creating = state.phase === 'creating';
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!creating || started.current === attempt) return;
    started.current = attempt;
    const live = () => mounted.current;
    const key = paymentKeys.keyFor(purchase.productId, via);
    keyUsed.current = key;
    const create = async () => {
      try {
        if (via === 'page') {
          const p = await createPrepay({
            'Idempotency-Key': key,
            prepayBody: {
              bid: PAYMENT_BID,
              product_id: purchase.productId,
              app_type: env.appType,
              channel: 'web',
              uid,
            },
          }).unwrap();
          if (live())
            send({
              type: 'created',
              payment: remember({
                kind: 'prepay',
                id: p.token,
                link: alipayPageLink(p.token),
                qrcode: '',
                expiresAt: p.expires_at,
              }),
            });
        } else {
          const o = await createOrder({
            'Idempotency-Key': key,
            orderBody: {
              bid: PAYMENT_BID,
              product_id: purchase.productId,
              app_type: env.appType,
              qrcode_mode: 1,
              pay_type: payTypeOf(method),
              pay_scene: purchase.scene,
              qrcode_width: QR_WIDTH,
            },
          }).unwrap();
          if (live())
            send({
              type: 'created',
              payment: remember({
                kind: 'order',
                id: o.order_number,
                link: o.payment_link,
                qrcode: o.qrcode,
                expiresAt: o.expires_at,
              }),
            });
        }
      } catch (error) {
        if (live()) send({ type: 'createFailed', error });
      }
    };
    void create();
  }, [
    creating,
    attempt,
    via,
    method,
    purchase.productId,
    purchase.scene,
    uid,
    createOrder,
    createPrepay,
  ]);

  // Poll while pending; the cleanup (an end, a new payment, the dialog closing) stops it.
  const pending = state.phase === 'pending' ? state.payment : null;
  const pendingId = pending?.id ?? null;
  const pendingKind = pending?.kind ?? null;
  useEffect(() => {
    if (!pendingId || !pendingKind) return;
    let stopped = false;
    let timer: TimerId | undefined;
    const poll = async () => {
      const options = { subscribe: false, forceRefetch: true } as const;
      const result =
        pendingKind === 'order'
          ? await dispatch(paymentApi.endpoints.getOrderStatus.initiate({ id: pendingId }, options))
          : await dispatch(
              paymentApi.endpoints.getPrepayStatus.initiate({ token: pendingId }, options),
            );
      if (stopped) return;
      if (result.error) {
        const error = result.error;
        const fatal = isApiError(error) && error.kind === 'client' && error.status !== 401;
        send({ type: 'statusFailed', id: pendingId, error, fatal });
      } else if (result.data) {
        send({ type: 'status', id: pendingId, status: result.data.status });
      }
      if (!stopped) timer = clock.setTimeout(() => void poll(), intervalMs);
    };
    timer = clock.setTimeout(() => void poll(), intervalMs);
    const off = onPaymentUpdated((update) => {
      if (update.id === pendingId) send({ type: 'status', id: pendingId, status: update.status });
    });
    return () => {
      stopped = true;
      clock.clearTimeout(timer);
      off();
    };
  }, [pendingId, pendingKind, intervalMs, dispatch]);

  // Any payment this dialog made, paid: the purchase is done, whatever the dialog shows now.
  useEffect(
    () =>
      onPaymentUpdated((update) => {
        const payment = made.current.get(update.id);
        if (payment && update.status === 'paid') send({ type: 'earlierPaid', payment });
      }),
    [],
  );

  // An ended payment frees the product's key: the next attempt is a new payment.
  const ended = state.phase === 'paid' || state.phase === 'expired' || state.phase === 'cancelled';
  useEffect(() => {
    if (ended && keyUsed.current) paymentKeys.forget(purchase.productId, via, keyUsed.current);
  }, [ended, purchase.productId, via]);

  // Paid: the balance and the status are read again (every tab also hears the socket).
  const paid = state.phase === 'paid';
  useEffect(() => {
    if (!paid) return;
    dispatch(paymentApi.util.invalidateTags(['Benefits', 'payment']));
    onPaidRef.current?.();
  }, [paid, dispatch]);

  return {
    state,
    refresh: () => {
      setAttempt((n) => n + 1);
      send({ type: 'create' });
    },
  };
}
