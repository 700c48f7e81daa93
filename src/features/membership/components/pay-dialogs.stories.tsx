import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { paymentFails } from '@mocks/scenarios/payment';
import { MONTH_AUTO, orderStatusIs, PACK_10K } from './membership.fixtures';
import { PayQrDialog } from './pay-qr-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const weixin = () => t('membership:pay.method.weixin');

const meta = {
  title: 'Membership/Pay QR dialog',
  component: PayQrDialog,
  args: { dialogId: 1, purchase: PACK_10K, method: 'weixin', pollMs: 200, onClose: fn() },
  parameters: {
    appFrame: true,
    scenarios: ['signed-in', 'free-zero-power'],
    msw: { handlers },
  },
} satisfies Meta<typeof PayQrDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(
    await screen.findByRole('dialog', { name: t('membership:pay.qrTitle', { method: weixin() }) }),
  );

/** The order's QR to scan, with the time left (polled until it ends). */
export const Pending: Story = {
  play: async () => {
    const d = await dialog();
    await expect(
      await d.findByRole('img', { name: t('membership:pay.qrAlt', { method: weixin() }) }),
    ).toBeVisible();
  },
};

/** A membership order paid by the phone: the member's message. */
export const PaidMembership: Story = {
  args: { purchase: MONTH_AUTO },
  parameters: { msw: { handlers: [...orderStatusIs('paid'), ...handlers] } },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText(t('membership:pay.paidVip'))).toBeVisible();
  },
};

/** A pack paid: the power added. */
export const PaidPack: Story = {
  parameters: { msw: { handlers: [...orderStatusIs('paid'), ...handlers] } },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText(t('membership:pay.paidPack', { power: '1万' }))).toBeVisible();
  },
};

/** Expired before it was paid: a new code on request. */
export const Expired: Story = {
  parameters: { msw: { handlers: [...orderStatusIs('expired'), ...handlers] } },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByRole('button', { name: t('membership:pay.refresh') })).toBeVisible();
  },
};

/** Cancelled by the payer: try again. */
export const Cancelled: Story = {
  parameters: { msw: { handlers: [...orderStatusIs('cancelled'), ...handlers] } },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByRole('button', { name: t('membership:pay.again') })).toBeVisible();
  },
};

/** The order cannot be created (payment-fails): the message and a retry. */
export const OrderFails: Story = {
  parameters: { msw: { handlers: [...paymentFails(), ...handlers] } },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByRole('alert')).toBeVisible();
    await expect(d.getByRole('button', { name: t('membership:pay.retry') })).toBeVisible();
  },
};

/** A shut (banned) account: the order is refused (40339) and the dialog says why. */
export const AccountShut: Story = {
  parameters: { scenarios: ['signed-in', 'banned'] },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByRole('alert')).toHaveTextContent(t('membership:errors.accountShut'));
  },
};
