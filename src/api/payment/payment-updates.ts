/**
 * The socket's `payment.updated` (a payment paid or cancelled on the payer's side, sent to
 * every tab of the user): the session's socket calls `paymentUpdated`, the open pay dialogs
 * listen with `onPaymentUpdated` and end at once instead of at their next poll. Its own module
 * without the payment endpoints, so the session (main chunk) does not load them.
 */
export interface PaymentUpdate {
  id: string;
  kind: 'order' | 'prepay';
  status: 'paid' | 'cancelled';
  product_type: 'subscription' | 'pack';
}

const listeners = new Set<(update: PaymentUpdate) => void>();

export function onPaymentUpdated(listener: (update: PaymentUpdate) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Reads a socket message; true when it was a payment update (and the listeners were told). */
export function paymentUpdated(message: unknown): boolean {
  const m = message as (Partial<PaymentUpdate> & { type?: unknown }) | null;
  if (!m || m.type !== 'payment.updated' || typeof m.id !== 'string') return false;
  if (m.status !== 'paid' && m.status !== 'cancelled') return false;
  const update: PaymentUpdate = {
    id: m.id,
    kind: m.kind === 'prepay' ? 'prepay' : 'order',
    status: m.status,
    product_type: m.product_type === 'subscription' ? 'subscription' : 'pack',
  };
  for (const listener of [...listeners]) listener(update);
  return true;
}
