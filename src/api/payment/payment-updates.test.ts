import { describe, expect, it, vi } from 'vitest';
import { onPaymentUpdated, paymentUpdated } from './payment-updates';

describe('payment.updated', () => {
  it('tells every listener of a paid or cancelled payment, until they stop listening', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = onPaymentUpdated(a);
    const offB = onPaymentUpdated(b);
    const message = {
      type: 'payment.updated',
      uid: 'u1',
      id: 'ORD1',
      kind: 'order',
      status: 'paid',
      product_type: 'pack',
    };
    expect(paymentUpdated(message)).toBe(true);
    const update = { id: 'ORD1', kind: 'order', status: 'paid', product_type: 'pack' };
    expect(a).toHaveBeenCalledWith(update);
    expect(b).toHaveBeenCalledWith(update);
    offA();
    paymentUpdated({ ...message, id: 'pp_1', kind: 'prepay', status: 'cancelled' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenLastCalledWith({
      id: 'pp_1',
      kind: 'prepay',
      status: 'cancelled',
      product_type: 'pack',
    });
    offB();
  });

  it('ignores other messages and unknown statuses', () => {
    const a = vi.fn();
    const off = onPaymentUpdated(a);
    expect(paymentUpdated({ type: 'benefits.changed' })).toBe(false);
    expect(paymentUpdated({ type: 'payment.updated', id: 'X', status: 'pending' })).toBe(false);
    expect(paymentUpdated({ type: 'payment.updated', status: 'paid' })).toBe(false);
    expect(paymentUpdated(null)).toBe(false);
    expect(a).not.toHaveBeenCalled();
    off();
  });
});
