import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { paymentUpdated } from '@/api/payment';
import { i18next } from '@/lib/i18n';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import { renderWithProviders, signedInState } from '@/testing/render';
import { clock } from '@mocks/clock';
import { PAYMENT_TTL_S, POWER_PACKS, settlePayment } from '@mocks/payments';
import { freeZeroPower, paymentFails } from '@mocks/scenarios/payment';
import { server } from '@mocks/server';
import { packPurchase } from '../model/purchase';
import { PayQrDialog } from './pay-qr-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const pack = packPurchase(POWER_PACKS.find((p) => p.id === 'pack_10k')!);
const POLL_MS = 40;

/** Status requests of orders, by order number, in the order they were sent. */
function watchStatusCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const m = /\/payment\/v1\/orders\/([^/]+)\/status$/.exec(new URL(request.url).pathname);
    if (m?.[1]) calls.push(decodeURIComponent(m[1]));
  });
  return calls;
}

async function renderQr(pollMs = POLL_MS) {
  await freeZeroPower();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <PayQrDialog dialogId={1} purchase={pack} method="weixin" pollMs={pollMs} onClose={onClose} />,
    { preloadedState: await signedInState() },
  );
  const dialog = within(
    screen.getByRole('dialog', {
      name: t('membership:pay.qrTitle', { method: t('membership:pay.method.weixin') }),
    }),
  );
  const qr = await dialog.findByRole('img', {
    name: t('membership:pay.qrAlt', { method: t('membership:pay.method.weixin') }),
  });
  return { ...view, onClose, dialog, qr };
}

/** The app's clock (the status polls, the countdown), from the mock server's time on. */
let manual: ManualClock;
beforeEach(() => {
  manual = installManualClock(clock.nowMs());
});

/**
 * Runs the next status poll: once the dialog has scheduled it on the app's clock (after the
 * answer to the one before), moves the clock to it, and waits for its request.
 */
async function nextPoll(calls: readonly string[]) {
  const before = calls.length;
  // The countdown's tick and the next poll.
  await waitFor(() => expect(manual.pendingCount()).toBe(2));
  await manual.advance(POLL_MS);
  await waitFor(() => expect(calls.length).toBe(before + 1));
}

/**
 * The polling has stopped: no poll is left scheduled on the app's clock (nor the countdown's
 * tick), and moving it on by `intervals` polls, past when one would have been sent, runs none.
 */
async function noMorePolls(intervals = 6) {
  expect(manual.pendingCount()).toBe(0);
  await manual.advance(POLL_MS * intervals);
}

afterEach(() => {
  server.events.removeAllListeners('request:start');
  clock.reset();
});

describe('PayQrDialog', () => {
  it('shows the order QR, polls its status until paid, then sends no more requests', async () => {
    const calls = watchStatusCalls();
    const { dialog, qr } = await renderQr();
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await nextPoll(calls);
    await nextPoll(calls);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    const orderId = calls[0]!;
    await settlePayment(orderId, 'paid');
    await nextPoll(calls);
    expect(
      await dialog.findByText(t('membership:pay.paidPack', { power: '1万' }), {}),
    ).toBeVisible();
    const atEnd = calls.length;
    await noMorePolls();
    expect(calls.length).toBe(atEnd);
    expect(new Set(calls)).toEqual(new Set([orderId]));
    expect(dialog.getByRole('button', { name: t('membership:pay.done') })).toBeVisible();
  });

  it('stops polling when the dialog closes (unmounts)', async () => {
    const calls = watchStatusCalls();
    const { unmount } = await renderQr();
    await nextPoll(calls);
    await nextPoll(calls);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    unmount();
    const atClose = calls.length;
    await noMorePolls();
    expect(calls.length).toBeLessThanOrEqual(atClose + 1); // one may have been on its way
    const settled = calls.length;
    await manual.advance(POLL_MS * 6);
    expect(calls.length).toBe(settled);
  });

  it('ends as cancelled when the payer cancels; "try again" makes a new order', async () => {
    const calls = watchStatusCalls();
    const { dialog, user } = await renderQr();
    await nextPoll(calls);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(1));
    const first = calls[0]!;
    await settlePayment(first, 'cancelled');
    await nextPoll(calls);
    expect(await dialog.findByText(t('membership:pay.cancelled'), {})).toBeVisible();
    const atEnd = calls.length;
    await noMorePolls(5);
    expect(calls.length).toBe(atEnd);
    await user.click(dialog.getByRole('button', { name: t('membership:pay.again') }));
    await nextPoll(calls);
    await waitFor(() => expect(calls.some((id) => id !== first)).toBe(true));
  });

  it('ends as expired after the order expires; the QR is refreshed with a new order', async () => {
    const calls = watchStatusCalls();
    const { dialog, user, qr } = await renderQr();
    const firstSrc = qr.getAttribute('src');
    clock.shift((PAYMENT_TTL_S + 1) * 1000);
    await nextPoll(calls);
    expect(await dialog.findByText(t('membership:pay.expired'), {})).toBeVisible();
    const atEnd = calls.length;
    await noMorePolls(5);
    expect(calls.length).toBe(atEnd);
    await user.click(dialog.getByRole('button', { name: t('membership:pay.refresh') }));
    const fresh = await dialog.findByRole('img', {
      name: t('membership:pay.qrAlt', { method: t('membership:pay.method.weixin') }),
    });
    expect(fresh.getAttribute('src')).not.toBe(firstSrc);
  });

  it('tells a screen reader the time left at each minute mark, not every second', async () => {
    const calls = watchStatusCalls();
    const { dialog } = await renderQr(60_000);
    const news = dialog.getByRole('status');
    const told: string[] = [];
    const observer = new MutationObserver(() => told.push(news.textContent ?? ''));
    observer.observe(news, { subtree: true, childList: true, characterData: true });
    // The clock on screen (outside the status region).
    const visible = () => news.parentElement!.querySelector('.pay-progress__left')!.textContent;
    const before = visible();
    // Ninety seconds of the countdown: the visible clock moves each second; the status once,
    // at the minute it crossed.
    for (let s = 0; s < 90; s += 1) await manual.advance(1000);
    observer.disconnect();
    expect(visible()).not.toBe(before);
    expect(new Set(told).size).toBeLessThanOrEqual(2);
    expect(news.textContent).toMatch(/:00/);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('ends at once on the socket push, without waiting for the next poll', async () => {
    const calls = watchStatusCalls();
    const created: string[] = [];
    server.events.on('response:mocked', async ({ request, response }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/payment/v1/orders'))
        created.push(((await response.clone().json()) as { order_number: string }).order_number);
    });
    const { dialog } = await renderQr(60_000);
    await waitFor(() => expect(created).toHaveLength(1));
    paymentUpdated({
      type: 'payment.updated',
      id: created[0],
      kind: 'order',
      status: 'paid',
      product_type: 'pack',
    });
    expect(
      await dialog.findByText(t('membership:pay.paidPack', { power: '1万' }), {}),
    ).toBeVisible();
    expect(calls).toHaveLength(0);
    server.events.removeAllListeners('response:mocked');
  });

  it('a failed order says so with a retry (payment-fails)', async () => {
    server.use(...paymentFails());
    await freeZeroPower();
    renderWithProviders(
      <PayQrDialog
        dialogId={1}
        purchase={pack}
        method="weixin"
        pollMs={POLL_MS}
        onClose={vi.fn()}
      />,
      { preloadedState: await signedInState() },
    );
    expect(await screen.findByRole('alert', {})).toHaveTextContent(t('errors:server'));
    expect(screen.getByRole('button', { name: t('membership:pay.retry') })).toBeVisible();
  });
});
