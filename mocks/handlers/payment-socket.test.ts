import { describe, expect, it } from 'vitest';
import { createPayment, settlePayment } from '../payments';
import { signedIn } from '../scenarios';
import { AUTHOR_UID } from '../seed-ids';

/** A paid or cancelled order reaches every open tab of its user at once (`payment.updated`). */
function until(check: () => boolean, ms = 3000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > ms) reject(new Error('timed out'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

function open(token: string) {
  const socket = new WebSocket('ws://localhost:3000/ws/v2', [token]);
  const messages: Array<Record<string, unknown>> = [];
  socket.onmessage = (e: MessageEvent) => messages.push(JSON.parse(String(e.data)));
  return { socket, messages };
}

describe('payment.updated over the socket', () => {
  it("is pushed to each of the user's sockets when a payment is paid or cancelled", async () => {
    const s = await signedIn();
    const tabs = [open(s.accessToken), open(s.accessToken)];
    const other = open((await signedIn('u_official')).accessToken);
    await until(() => [...tabs, other].every((t) => t.messages.length === 1));

    const order = await createPayment({
      kind: 'order',
      uid: AUTHOR_UID,
      product_id: 'sub_month_auto',
      pay_type: 2,
      pay_scene: 'vip',
    });
    await settlePayment(order.id, 'paid');
    const paid = {
      type: 'payment.updated',
      uid: AUTHOR_UID,
      id: order.id,
      kind: 'order',
      status: 'paid',
      product_type: 'subscription',
    };
    await until(() => tabs.every((t) => t.messages.some((m) => m.type === 'payment.updated')));
    for (const t of tabs)
      expect(t.messages.find((m) => m.type === 'payment.updated')).toEqual(paid);

    const prepay = await createPayment({
      kind: 'prepay',
      uid: AUTHOR_UID,
      product_id: 'pack_10k',
      pay_type: 2,
      pay_scene: 'prepay',
    });
    await settlePayment(prepay.id, 'cancelled');
    await until(() => tabs[0]!.messages.some((m) => m.status === 'cancelled'));
    expect(tabs[0]!.messages.find((m) => m.status === 'cancelled')).toMatchObject({
      id: prepay.id,
      kind: 'prepay',
      product_type: 'pack',
    });
    // Another user's socket hears none of it.
    expect(other.messages.some((m) => m.type === 'payment.updated')).toBe(false);
    for (const t of [...tabs, other]) t.socket.close();
  });
});
