import { describe, expect, it } from 'vitest';
import { createPaymentKeys, memoryShelf } from './payment-keys';

describe('payment keys', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${(n += 1)}`;
  };

  it('gives the same key for a product until its payment ends', () => {
    const keys = createPaymentKeys(counter());
    const first = keys.keyFor('sub_month', 'qr');
    expect(keys.keyFor('sub_month', 'qr')).toBe(first);
    expect(keys.keyFor('pack_10k', 'qr')).not.toBe(first);
    expect(keys.keyFor('sub_month', 'page')).not.toBe(first);
    keys.forget('sub_month', 'qr', first);
    expect(keys.keyFor('sub_month', 'qr')).not.toBe(first);
  });

  it("an old attempt's end does not free a newer key", () => {
    const keys = createPaymentKeys(counter());
    const old = keys.keyFor('sub_month', 'qr');
    keys.forget('sub_month', 'qr', old);
    const current = keys.keyFor('sub_month', 'qr');
    keys.forget('sub_month', 'qr', old);
    expect(keys.keyFor('sub_month', 'qr')).toBe(current);
  });
});

describe('payment keys on a shelf', () => {
  it('a new page on the same shelf (a reload) finds the pending key', () => {
    const shelf = memoryShelf();
    const before = createPaymentKeys(() => 'key-1', shelf).keyFor('pack_10k', 'qr');
    const after = createPaymentKeys(() => 'key-2', shelf);
    expect(after.keyFor('pack_10k', 'qr')).toBe(before);
    after.forget('pack_10k', 'qr', before);
    expect(after.keyFor('pack_10k', 'qr')).toBe('key-2');
  });
});
