import { describe, expect, it } from 'vitest';
import {
  initialPaymentState,
  paymentReducer,
  secondsLeft,
  shouldPoll,
  type PaymentEvent,
  type PaymentState,
  type PendingPayment,
} from './payment-machine';

const payment: PendingPayment = {
  kind: 'order',
  id: 'ORD1',
  link: 'https://pay/ORD1',
  qrcode: 'data:image/svg+xml,x',
  expiresAt: 1300,
};

const run = (...events: PaymentEvent[]) => events.reduce(paymentReducer, initialPaymentState);
const pending = run({ type: 'created', payment });

describe('paymentReducer', () => {
  it('creating -> pending, polled while pending only', () => {
    expect(shouldPoll(initialPaymentState)).toBe(false);
    expect(pending).toEqual({ phase: 'pending', payment });
    expect(shouldPoll(pending)).toBe(true);
  });

  it('stays pending on a pending answer and ends on paid, expired or cancelled', () => {
    expect(paymentReducer(pending, { type: 'status', id: 'ORD1', status: 'pending' })).toBe(
      pending,
    );
    for (const status of ['paid', 'expired', 'cancelled'] as const) {
      const ended = paymentReducer(pending, { type: 'status', id: 'ORD1', status });
      expect(ended).toEqual({ phase: status, payment });
      expect(shouldPoll(ended)).toBe(false);
    }
  });

  it('ignores the status of another payment (an answer for an earlier QR)', () => {
    expect(paymentReducer(pending, { type: 'status', id: 'OLD', status: 'expired' })).toBe(pending);
  });

  it('a failed creation is a failure with a retry; the retry creates again', () => {
    const failed = run({ type: 'createFailed', error: 'x' });
    expect(failed).toEqual({ phase: 'failed', error: 'x', payment: null });
    expect(shouldPoll(failed)).toBe(false);
    expect(paymentReducer(failed, { type: 'create' })).toEqual({ phase: 'creating' });
  });

  it('an expired or cancelled payment can be refreshed; a paid one cannot', () => {
    const expired = paymentReducer(pending, { type: 'status', id: 'ORD1', status: 'expired' });
    expect(paymentReducer(expired, { type: 'create' })).toEqual({ phase: 'creating' });
    const paid = paymentReducer(pending, { type: 'status', id: 'ORD1', status: 'paid' });
    expect(paymentReducer(paid, { type: 'create' })).toBe(paid);
    expect(paymentReducer(pending, { type: 'create' })).toBe(pending);
  });

  it('a connectivity failure keeps polling; a refused status ends in failure', () => {
    const still = paymentReducer(pending, {
      type: 'statusFailed',
      id: 'ORD1',
      error: 'net',
      fatal: false,
    });
    expect(still).toBe(pending);
    const lost: PaymentState = paymentReducer(pending, {
      type: 'statusFailed',
      id: 'ORD1',
      error: 'gone',
      fatal: true,
    });
    expect(lost).toEqual({ phase: 'failed', error: 'gone', payment });
    expect(shouldPoll(lost)).toBe(false);
  });

  it('an earlier payment of the dialog paid after all ends it as paid, whatever it shows', () => {
    const newer = { ...payment, id: 'ORD2' };
    const showingNewer = run(
      { type: 'created', payment },
      { type: 'status', id: 'ORD1', status: 'expired' },
      { type: 'create' },
      { type: 'created', payment: newer },
    );
    expect(paymentReducer(showingNewer, { type: 'earlierPaid', payment })).toEqual({
      phase: 'paid',
      payment,
    });
    const paid = run({ type: 'created', payment }, { type: 'status', id: 'ORD1', status: 'paid' });
    expect(paymentReducer(paid, { type: 'earlierPaid', payment: newer })).toBe(paid);
  });

  it('late answers after an end change nothing', () => {
    const paid = paymentReducer(pending, { type: 'status', id: 'ORD1', status: 'paid' });
    expect(paymentReducer(paid, { type: 'status', id: 'ORD1', status: 'expired' })).toBe(paid);
    expect(paymentReducer(paid, { type: 'created', payment })).toBe(paid);
  });
});

describe('secondsLeft', () => {
  it('counts down to the expiry and stops at 0', () => {
    expect(secondsLeft(payment, 1_000_000)).toBe(300);
    expect(secondsLeft(payment, 1_299_001)).toBe(1);
    expect(secondsLeft(payment, 1_400_000)).toBe(0);
  });
});
