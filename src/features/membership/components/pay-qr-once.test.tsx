import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentUpdated } from '@/api/payment';
import { i18next } from '@/lib/i18n';
import { renderWithProviders, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { createPaymentOnce, POWER_PACKS, settlePayment } from '@mocks/payments';
import { freeZeroPower } from '@mocks/scenarios/payment';
import { server } from '@mocks/server';
import { packPurchase } from '../model/purchase';
import { PayQrDialog } from './pay-qr-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const pack = packPurchase(POWER_PACKS.find((p) => p.id === 'pack_50k')!);
const weixin = () => t('membership:pay.method.weixin');

/** The Idempotency-Key of every order request, in order. */
function watchOrderKeys() {
  const keys: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/payment/v1/orders'))
      keys.push(request.headers.get('Idempotency-Key'));
  });
  return keys;
}

async function openQr() {
  const view = renderWithProviders(
    <PayQrDialog dialogId={1} purchase={pack} method="weixin" pollMs={10_000} onClose={vi.fn()} />,
    { preloadedState: await signedInState() },
  );
  const dialog = within(
    screen.getByRole('dialog', { name: t('membership:pay.qrTitle', { method: weixin() }) }),
  );
  const qr = await dialog.findByRole('img', {
    name: t('membership:pay.qrAlt', { method: weixin() }),
  });
  return { ...view, src: qr.getAttribute('src') };
}

const pendingOrders = () =>
  db.payments.findMany((q) => q.where({ product_id: 'pack_50k', status: 'pending' }));

afterEach(() => {
  server.events.removeAllListeners('request:start');
});

describe('PayQrDialog: one payable order per product', () => {
  it('closed and opened again, the QR is the same pending order (same key, same code)', async () => {
    await freeZeroPower();
    const keys = watchOrderKeys();
    const first = await openQr();
    first.unmount();
    const second = await openQr();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(second.src).toBe(first.src);
    expect(pendingOrders()).toHaveLength(1);
  });

  it('ends as paid when an earlier order it made is paid, whatever it shows now', async () => {
    await freeZeroPower();
    const keys = watchOrderKeys();
    await openQr();
    const [earlier] = pendingOrders();
    const push = (status: 'paid' | 'cancelled') =>
      paymentUpdated({
        type: 'payment.updated',
        id: earlier!.id,
        kind: 'order',
        status,
        product_type: 'pack',
      });
    // The payer cancels it; a new order is asked for (a new attempt: a new key).
    push('cancelled');
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(await dialog.findByRole('button', { name: t('membership:pay.again') }));
    await dialog.findByRole('img', { name: t('membership:pay.qrAlt', { method: weixin() }) });
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    // The earlier order is paid after all: the dialog says paid instead of counting down.
    push('paid');
    expect(await dialog.findByText(t('membership:pay.paidPack', { power: '5万' }))).toBeVisible();
  });

  it('a retry after a lost answer sends the same key: the order made meanwhile comes back', async () => {
    await freeZeroPower();
    const keys = watchOrderKeys();
    // The server makes the order, and its answer is lost on the way (the client sees no answer).
    server.use(
      http.post(
        '*/payment/v1/orders',
        async ({ request }) => {
          const body = (await request.clone().json()) as {
            product_id: string;
            pay_type: number;
            pay_scene: string;
          };
          await createPaymentOnce(
            {
              kind: 'order',
              uid: request.headers.get('uid') ?? '',
              product_id: body.product_id,
              pay_type: body.pay_type,
              pay_scene: body.pay_scene,
            },
            request.headers.get('Idempotency-Key'),
          );
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    renderWithProviders(
      <PayQrDialog
        dialogId={1}
        purchase={pack}
        method="weixin"
        pollMs={10_000}
        onClose={vi.fn()}
      />,
      { preloadedState: await signedInState() },
    );
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(await dialog.findByRole('button', { name: t('membership:pay.retry') }));
    await dialog.findByRole('img', { name: t('membership:pay.qrAlt', { method: weixin() }) });
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).toBeTruthy();
    expect(new Set(keys).size).toBe(1);
    expect(pendingOrders()).toHaveLength(1);
  });

  it('a new opening after the payment ended sends a new key: a new order', async () => {
    await freeZeroPower();
    const keys = watchOrderKeys();
    const first = await openQr();
    const [made] = pendingOrders();
    await settlePayment(made!.id, 'paid');
    paymentUpdated({
      type: 'payment.updated',
      id: made!.id,
      kind: 'order',
      status: 'paid',
      product_type: 'pack',
    });
    await screen.findByText(t('membership:pay.paidPack', { power: '5万' }));
    first.unmount();
    const second = await openQr();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(second.src).not.toBe(first.src);
    expect(pendingOrders()).toHaveLength(1);
  });
});
