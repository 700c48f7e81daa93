/**
 * One payment in a pay dialog (spec 2 §4 "Payment"): an order (QR or link) or an alipay
 * prepay is created, then its status is polled by order id or prepay token until it is paid,
 * expired or cancelled. Each end is its own phase, so the dialog says which; an expired
 * payment can be refreshed (a new order, a new QR). Pure: the dialog's hook runs the effects.
 */

/** How often a pending payment's status is asked (inferred; the spec gives no interval). */
export const POLL_INTERVAL_MS = 2000;

export interface PendingPayment {
  kind: 'order' | 'prepay';
  /** The order number or the prepay token. */
  id: string;
  /** The payment page (the order's payment link, or the alipay page built from the token). */
  link: string;
  /** The QR image (a data URL), empty when the order has none. */
  qrcode: string;
  /** When it expires unpaid (seconds). */
  expiresAt: number;
}

export type PaymentEnd = 'paid' | 'expired' | 'cancelled';

export type PaymentState =
  | { phase: 'creating' }
  | { phase: 'failed'; error: unknown; payment: PendingPayment | null }
  | { phase: 'pending'; payment: PendingPayment }
  | { phase: PaymentEnd; payment: PendingPayment };

export type PaymentEvent =
  | { type: 'create' }
  | { type: 'created'; payment: PendingPayment }
  | { type: 'createFailed'; error: unknown }
  | { type: 'status'; id: string; status: 'pending' | PaymentEnd }
  | { type: 'statusFailed'; id: string; error: unknown; fatal: boolean }
  /** An earlier payment of this dialog (before a refresh) was paid after all. */
  | { type: 'earlierPaid'; payment: PendingPayment };

export const initialPaymentState: PaymentState = { phase: 'creating' };

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'create':
      // A retry after a failure, or a refresh of an expired or cancelled payment.
      return state.phase === 'pending' || state.phase === 'paid' ? state : { phase: 'creating' };
    case 'created':
      return state.phase === 'creating' ? { phase: 'pending', payment: event.payment } : state;
    case 'createFailed':
      return state.phase === 'creating'
        ? { phase: 'failed', error: event.error, payment: null }
        : state;
    case 'status':
      if (state.phase !== 'pending' || state.payment.id !== event.id) return state;
      return event.status === 'pending' ? state : { phase: event.status, payment: state.payment };
    case 'statusFailed':
      // Connectivity failures are retried at the next poll; a refused status (no such order)
      // ends the payment.
      if (state.phase !== 'pending' || state.payment.id !== event.id || !event.fatal) return state;
      return { phase: 'failed', error: event.error, payment: state.payment };
    case 'earlierPaid':
      // Whatever the dialog shows now (a newer QR, an end, a failure), the purchase is paid.
      return state.phase === 'paid' ? state : { phase: 'paid', payment: event.payment };
  }
}

/** Polling runs only while a payment is pending; every end (and a closed dialog) stops it. */
export function shouldPoll(state: PaymentState): boolean {
  return state.phase === 'pending';
}

/** Seconds left before a pending payment expires (0 at or after the end). */
export function secondsLeft(payment: PendingPayment, nowMs: number): number {
  return Math.max(0, Math.ceil(payment.expiresAt - nowMs / 1000));
}
