import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { http as mswHttp, HttpResponse } from 'msw';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { paymentFails } from '@mocks/scenarios/payment';
import { MONTH_AUTO } from './membership.fixtures';
import { CardPaymentDialog } from './card-payment-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Membership/Card payment dialog',
  component: CardPaymentDialog,
  args: { dialogId: 1, purchase: MONTH_AUTO, pollMs: 200, onClose: fn() },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof CardPaymentDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await screen.findByRole('dialog', { name: t('membership:pay.pageTitle') }));

/** The prepay's Alipay page link, polled by its token. */
export const Pending: Story = {
  play: async () => {
    const d = await dialog();
    await expect(
      await d.findByRole('link', { name: t('membership:pay.openPage') }),
    ).toHaveAttribute('target', '_blank');
  },
};

/** Paid on the Alipay page. */
export const Paid: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/payment/v1/prepay/:token/status', () =>
          HttpResponse.json({ status: 'paid' }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText(t('membership:pay.paidVip'))).toBeVisible();
  },
};

/** The prepay cannot be created. */
export const Fails: Story = {
  parameters: { msw: { handlers: [...paymentFails(), ...handlers] } },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByRole('alert')).toBeVisible();
  },
};
