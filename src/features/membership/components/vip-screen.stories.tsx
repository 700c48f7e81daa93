import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { productsEmpty, productsFail, productsPending } from './membership.fixtures';
import VipScreen from './vip-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Membership/Vip screen',
  component: VipScreen,
  parameters: {
    route: '/dashboard/vip',
    appFrame: true,
    scenarios: ['signed-in', 'free-zero-power'],
    msw: { handlers },
  },
} satisfies Meta<typeof VipScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = async () =>
  within(await screen.findByRole('region', { name: t('membership:vip.statusHeading') }));
const plans = async () =>
  within(await screen.findByRole('list', { name: t('membership:vip.productsLabel') }));

/** A free user with no power: the plans (first-month offer highlighted), the allowance to claim. */
export const Free: Story = {
  play: async () => {
    await expect(await (await status()).findByText(t('membership:vip.type.free'))).toBeVisible();
    await expect((await plans()).getByText('首月仅需 9.9 元')).toBeVisible();
    await expect(
      await screen.findByRole('button', { name: t('membership:allowance.claim') }),
    ).toBeVisible();
  },
};

/** A member with auto-renew (vip_sub): the next renewal and the cancel button. */
export const VipSub: Story = {
  parameters: { scenarios: ['signed-in', 'vip-sub'] },
  play: async () => {
    const s = await status();
    await expect(await s.findByText(t('membership:vip.type.vip_sub'))).toBeVisible();
    await expect(s.getByRole('button', { name: t('membership:vip.cancel') })).toBeVisible();
  },
};

/** Cancelling auto-renew: asked first, then vip_nosub. */
export const CancelAutoRenew: Story = {
  parameters: { scenarios: ['signed-in', 'vip-sub'] },
  play: async () => {
    const s = await status();
    await userEvent.click(await s.findByRole('button', { name: t('membership:vip.cancel') }));
    const confirm = within(
      await screen.findByRole('dialog', { name: t('membership:vip.cancelHeading') }),
    );
    await userEvent.click(confirm.getByRole('button', { name: t('membership:vip.cancelConfirm') }));
    await expect(await s.findByText(t('membership:vip.type.vip_nosub'))).toBeVisible();
  },
};

/** A member without auto-renew (vip_nosub): the end date, nothing to cancel. */
export const VipNosub: Story = {
  parameters: { scenarios: ['signed-in', 'vip-nosub'] },
  play: async () => {
    const s = await status();
    await expect(await s.findByText(t('membership:vip.type.vip_nosub'))).toBeVisible();
    await expect(s.queryByRole('button', { name: t('membership:vip.cancel') })).toBeNull();
  },
};

/** Today's allowance already claimed: claimed, with its expiry. */
export const AllowanceClaimed: Story = {
  parameters: { scenarios: ['signed-in', 'allowance-claimed'] },
  play: async () => {
    const card = within(
      await screen.findByRole('region', { name: t('membership:allowance.heading') }),
    );
    await expect(await card.findByText(/今日已领取|Claimed today/)).toBeVisible();
  },
};

/** Subscribing: the pay dialog with the methods the plan takes. */
export const Subscribe: Story = {
  play: async () => {
    await userEvent.click(
      (await plans()).getByRole('button', {
        name: t('membership:vip.buyLabel', { name: '连续包月' }),
      }),
    );
    const pay = within(await screen.findByRole('dialog', { name: t('membership:pay.vipTitle') }));
    await expect(pay.getByRole('radio', { name: t('membership:pay.method.alipay') })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...productsPending(), ...handlers] } },
  play: async () => {
    await expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [...productsEmpty(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByText(t('membership:vip.empty'))).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [...productsFail(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: new RegExp(t('common:actions.retry')) }),
    ).toBeVisible();
  },
};
