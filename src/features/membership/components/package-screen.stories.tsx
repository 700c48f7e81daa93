import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { packsEmpty, packsFail, packsPending } from './membership.fixtures';
import PackageScreen from './package-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Membership/Package screen',
  component: PackageScreen,
  parameters: {
    route: '/dashboard/package',
    appFrame: true,
    scenarios: ['signed-in', 'free-zero-power'],
    msw: { handlers },
  },
} satisfies Meta<typeof PackageScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = async () =>
  within(await screen.findByRole('list', { name: t('membership:package.listLabel') }));

/** A free user: the packs, members-only ones pointing to membership. */
export const Free: Story = {
  play: async () => {
    const l = await list();
    await expect(
      l.getAllByRole('link', { name: t('membership:package.becomeMember') }),
    ).toHaveLength(2);
  },
};

/** A member: every pack can be bought; buying opens the pay-package dialog. */
export const Member: Story = {
  parameters: { scenarios: ['signed-in', 'vip-sub'] },
  play: async () => {
    const l = await list();
    const name = t('membership:package.name', { name: '10000', power: '1万' });
    await userEvent.click(
      await l.findByRole('button', { name: t('membership:package.buyLabel', { name }) }),
    );
    await expect(
      await screen.findByRole('dialog', { name: t('membership:pay.packTitle') }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...packsPending(), ...handlers] } },
  play: async () => {
    await expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [...packsEmpty(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByText(t('membership:package.empty'))).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [...packsFail(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: new RegExp(t('common:actions.retry')) }),
    ).toBeVisible();
  },
};
