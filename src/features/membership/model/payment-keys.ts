/**
 * The `Idempotency-Key` of each purchase (a product, paid by QR order or by alipay prepay) in
 * this tab. Every pay dialog for the product sends the same key while its payment may still be
 * pending, so a double click, a closed and reopened QR or a second dialog gets the pending
 * payment back instead of a second payable one (the backend answers the same order for the
 * same key). A payment that ended (paid, expired, cancelled) frees the key: the next attempt
 * is a new one.
 */
export interface PaymentKeys {
  keyFor(productId: string, via: 'qr' | 'page'): string;
  /** The payment of this key ended; `key` guards against freeing a newer attempt's key. */
  forget(productId: string, via: 'qr' | 'page', key: string): void;
}

function randomKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

export function createPaymentKeys(makeKey: () => string = randomKey): PaymentKeys {
  const keys = new Map<string, string>();
  const slot = (productId: string, via: string) => `${via} ${productId}`;
  return {
    keyFor(productId, via) {
      const at = slot(productId, via);
      let key = keys.get(at);
      if (!key) {
        key = makeKey();
        keys.set(at, key);
      }
      return key;
    },
    forget(productId, via, key) {
      const at = slot(productId, via);
      if (keys.get(at) === key) keys.delete(at);
    },
  };
}

/** The tab's keys (module state: one per tab, like the pay dialogs). */
export const paymentKeys = createPaymentKeys();
