import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { MONTH_AUTO, PACK_10K } from './membership.fixtures';
import { PayDialog } from './pay-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Membership/Pay dialog',
  component: PayDialog,
  args: { dialogId: 1, purchase: MONTH_AUTO, onClose: fn() },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof PayDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A membership plan: WeChat Pay first; Alipay also offers its page. */
export const Membership: Story = {
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: t('membership:pay.vipTitle') }));
    await expect(d.getByRole('radio', { name: t('membership:pay.method.weixin') })).toBeChecked();
    await userEvent.click(d.getByRole('radio', { name: t('membership:pay.method.alipay') }));
    await expect(d.getByRole('button', { name: t('membership:pay.toPage') })).toBeVisible();
  },
};

/** A power pack (pay-package). */
export const Package: Story = {
  args: { purchase: PACK_10K },
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: t('membership:pay.packTitle') }));
    await expect(d.getByRole('button', { name: t('membership:pay.scanToPay') })).toBeVisible();
  },
};

/** A pack paid by WeChat only: one method. */
export const OneMethod: Story = {
  args: { purchase: { ...PACK_10K, payTypes: [3] } },
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: t('membership:pay.packTitle') }));
    await expect(d.getAllByRole('radio')).toHaveLength(1);
  },
};
