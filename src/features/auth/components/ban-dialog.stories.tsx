import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { formatDate } from '@/lib/date-format';
import { BanDialog } from './ban-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** A fixed "now" so the countdown reads the same in every run: 2 h 05 min left. */
const NOW_MS = Date.UTC(2026, 10, 22, 8, 0, 0);
const END_S = NOW_MS / 1000 + 2 * 3600 + 5 * 60;
const nowMs = () => NOW_MS;

const meta = {
  title: 'Auth/Ban dialog',
  component: BanDialog,
  args: { dialogId: 1, onClose: fn(), endS: END_S, nowMs },
  parameters: { appFrame: true },
} satisfies Meta<typeof BanDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function banDialog() {
  return within(await screen.findByRole('dialog', { name: t('session:ban.title') }));
}

/** An active ban: the end time in Chinese, the time left; logout or an appeal, no way around. */
export const ActiveBan: Story = {
  play: async ({ args }) => {
    const dialog = await banDialog();
    const end = formatDate(END_S * 1000, 'zh', 'long', { time: true });
    await expect(dialog.getByText(t('session:ban.body', { end }))).toBeInTheDocument();
    await expect(dialog.getByText(/2 小时 05 分/)).toBeInTheDocument();
    await expect(dialog.queryByRole('button', { name: t('common:actions.close') })).toBeNull();
    // Esc does not dismiss it.
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(dialog.getAllByRole('button').map((b) => b.textContent)).toEqual([
      t('session:ban.appealOpen'),
      t('session:ban.logout'),
    ]);
  },
};

/** The same ban in English: the end time is formatted for the English locale. */
export const ActiveBanEnglish: Story = {
  globals: { locale: 'en' },
  play: async () => {
    const dialog = await banDialog();
    const end = formatDate(END_S * 1000, 'en', 'long', { time: true });
    await expect(dialog.getByText(`Your account is suspended until ${end}.`)).toBeInTheDocument();
    await expect(dialog.getByText(/2 h 05 min/)).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  },
};

/** A ban without an end time: no countdown. */
export const UntilFurtherNotice: Story = {
  args: { endS: null },
  play: async () => {
    const dialog = await banDialog();
    await expect(dialog.getByText(t('session:ban.forever'))).toBeInTheDocument();
    await expect(dialog.queryByText(/剩余时间/)).toBeNull();
  },
};
