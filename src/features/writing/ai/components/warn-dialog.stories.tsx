import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { formatTimeOfDay } from '@/lib/date-format';
import { WarnDialog } from './warn-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const UNTIL_MS = Date.UTC(2026, 10, 25, 9, 30, 0);

const meta = {
  title: 'Writing/Editor/Warn dialog',
  component: WarnDialog,
  args: {
    dialogId: 1,
    onClose: fn(),
    warning: { kind: 'warn', hits: 3, left: 2, limit: 5, windowMinutes: 60 },
  },
  parameters: { appFrame: true },
} satisfies Meta<typeof WarnDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function dialog(title: string) {
  return within(await screen.findByRole('dialog', { name: t(title) }));
}

/** The 3rd risky input of the hour: two more suspend creation for an hour. */
export const ThirdHit: Story = {
  play: async ({ args }) => {
    const d = await dialog('writing:ai.warn.title');
    await expect(d.getByText(t('writing:ai.warn.body', { hits: 3, limit: 5 }))).toBeVisible();
    await expect(d.getByRole('status')).toHaveTextContent(t('writing:ai.warn.left', { count: 2 }));
    await expect(d.getByText(t('writing:ai.warn.noPower'))).toBeVisible();
    await expect(d.queryByText(t('writing:ai.warn.appeal'))).toBeNull();
    await userEvent.click(d.getByRole('button', { name: t('writing:ai.warn.ok') }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The 4th: one more is the suspension. */
export const FourthHit: Story = {
  args: { warning: { kind: 'warn', hits: 4, left: 1, limit: 5, windowMinutes: 60 } },
  play: async () => {
    const d = await dialog('writing:ai.warn.title');
    await expect(d.getByRole('status')).toHaveTextContent(t('writing:ai.warn.left', { count: 1 }));
  },
};

/** 42902: suspended until a known time, with the appeal hint. */
export const Suspended: Story = {
  args: { warning: { kind: 'suspended', untilMs: UNTIL_MS, windowMinutes: 60 } },
  play: async () => {
    const d = await dialog('writing:ai.warn.suspendedTitle');
    const time = formatTimeOfDay(UNTIL_MS, 'zh');
    await expect(d.getByRole('status')).toHaveTextContent(
      t('writing:ai.warn.suspendedUntil', { time }),
    );
    await expect(d.getByText(t('writing:ai.warn.appeal'))).toBeVisible();
  },
};

/** The 5th hit itself: suspended for an hour from now (its end not yet told), in English. */
export const SuspendedNowEnglish: Story = {
  globals: { locale: 'en' },
  args: { warning: { kind: 'suspended', untilMs: null, windowMinutes: 60 } },
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: 'Creation suspended' }));
    await expect(d.getByRole('status')).toHaveTextContent(
      'After repeated risky input, continuation and the lab are suspended for an hour.',
    );
  },
};
