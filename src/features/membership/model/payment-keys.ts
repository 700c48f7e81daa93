import { clock } from '@/lib/clock';
/**
 * The `Idempotency-Key` of each purchase (a product, paid by QR order or by alipay prepay) in
 * this tab. Every pay dialog for the product sends the same key while its payment may still be
 * pending, so a double click, a closed and reopened QR or a second dialog gets the pending
 * payment back instead of a second payable one (the backend answers the same order for the
 * same key). A payment that ended (paid, expired, cancelled) frees the key: the next attempt
 * is a new one. The keys live in sessionStorage, so a reload of the tab keeps them too.
 */
export interface PaymentKeys {
  keyFor(productId: string, via: 'qr' | 'page'): string;
  /** The payment of this key ended; `key` guards against freeing a newer attempt's key. */
  forget(productId: string, via: 'qr' | 'page', key: string): void;
}

function randomKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${clock.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

/** Where the keys are kept between calls: the tab's sessionStorage, or memory without it. */
export interface KeyShelf {
  read(): Record<string, string>;
  write(keys: Record<string, string>): void;
}

const SHELF_KEY = 'pro_payment_keys';

export function memoryShelf(): KeyShelf {
  let kept: Record<string, string> = {};
  return { read: () => ({ ...kept }), write: (keys) => void (kept = { ...keys }) };
}

function sessionShelf(): KeyShelf {
  const memory = memoryShelf();
  return {
    read() {
      try {
        const raw = globalThis.sessionStorage?.getItem(SHELF_KEY);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        return typeof parsed === 'object' && parsed !== null
          ? (parsed as Record<string, string>)
          : memory.read();
      } catch {
        return memory.read();
      }
    },
    write(keys) {
      memory.write(keys);
      try {
        globalThis.sessionStorage?.setItem(SHELF_KEY, JSON.stringify(keys));
      } catch {
        // Private mode or full: the keys stay in memory for this page.
      }
    },
  };
}

export function createPaymentKeys(
  makeKey: () => string = randomKey,
  shelf: KeyShelf = memoryShelf(),
): PaymentKeys {
  const slot = (productId: string, via: string) => `${via} ${productId}`;
  return {
    keyFor(productId, via) {
      const keys = shelf.read();
      const at = slot(productId, via);
      let key = keys[at];
      if (!key) {
        key = makeKey();
        shelf.write({ ...keys, [at]: key });
      }
      return key;
    },
    forget(productId, via, key) {
      const keys = shelf.read();
      const at = slot(productId, via);
      if (keys[at] !== key) return;
      delete keys[at];
      shelf.write(keys);
    },
  };
}

/** The tab's keys (sessionStorage: one set per tab, kept across a reload). */
export const paymentKeys = createPaymentKeys(randomKey, sessionShelf());
