import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { FIRST_MONTH } from './membership.fixtures';
import { RetentionDialog } from './retention-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Membership/Retention pop-up',
  component: RetentionDialog,
  args: { dialogId: 1, purchase: FIRST_MONTH, session: 'story', onClose: fn(), onLeave: fn() },
  parameters: { appFrame: true, scenarios: ['signed-in', 'free-zero-power'], msw: { handlers } },
} satisfies Meta<typeof RetentionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stage 1: the first-month offer at its discount price. */
export const Offer: Story = {
  play: async () => {
    const d = within(
      await screen.findByRole('dialog', { name: t('membership:retention.offerTitle') }),
    );
    await expect(
      d.getByRole('button', { name: t('membership:retention.buy', { price: '¥9.9' }) }),
    ).toBeVisible();
  },
};

/** Stage 2: closing the offer asks once more; leaving closes and the tip follows. */
export const Confirm: Story = {
  play: async ({ args }) => {
    const d = within(
      await screen.findByRole('dialog', { name: t('membership:retention.offerTitle') }),
    );
    await userEvent.click(d.getByRole('button', { name: t('membership:retention.notNow') }));
    const c = within(
      await screen.findByRole('dialog', { name: t('membership:retention.confirmTitle') }),
    );
    await userEvent.click(c.getByRole('button', { name: t('membership:retention.leave') }));
    await expect(args.onLeave).toHaveBeenCalled();
    await expect(args.onClose).toHaveBeenCalled();
  },
};
