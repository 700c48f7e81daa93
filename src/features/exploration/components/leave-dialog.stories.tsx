import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { seedToday as seed } from '@mocks/seed-today';
import { LeaveDialog } from './leave-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const game = seed.chatGames.find((g) => g.uid === AUTHOR_UID)!;
const ARCHIVES = '*/api/v2/chat_games/:gameId/chat_archives';

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('exploration:leave.title') }));

/** 存档并离开 pressed. */
async function saveAndLeave() {
  const dialog = await theDialog();
  await userEvent.click(dialog.getByRole('button', { name: t('exploration:leave.saveAndLeave') }));
  return dialog;
}

const meta = {
  title: 'Exploration/Leave dialog',
  component: LeaveDialog,
  args: { gameId: game.id, onStay: fn(), onLeave: fn() },
  parameters: { scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof LeaveDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Unsaved progress: stay (focused, the safe choice), leave without saving, or save first. */
export const Asking: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByText(t('exploration:leave.text'))).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('exploration:leave.stay') })).toHaveFocus(),
    );
  },
};

/** Saving before leaving, the server not yet answering: the button waits. */
export const Saving: Story = {
  parameters: {
    msw: { handlers: [mswHttp.post(ARCHIVES, () => delay('infinite')), ...handlers] },
  },
  play: async ({ args }) => {
    const dialog = await saveAndLeave();
    const save = dialog.getByRole('button', { name: t('exploration:leave.saveAndLeave') });
    await waitFor(() => expect(save).toBeDisabled());
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(args.onLeave).not.toHaveBeenCalled();
  },
};

/** The save fails (500): said in the dialog, which stays with its three choices. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.post(ARCHIVES, () => apiError(50000, 'internal server error', null, 500)),
        ...handlers,
      ],
    },
  },
  play: async ({ args }) => {
    const dialog = await saveAndLeave();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('errors:server'));
    await expect(args.onLeave).not.toHaveBeenCalled();
  },
};

/** Saved: the chat is left. */
export const SavedAndLeft: Story = {
  play: async ({ args }) => {
    await saveAndLeave();
    await waitFor(() => expect(args.onLeave).toHaveBeenCalledTimes(1));
  },
};

/** 留下 (or Esc): back to the chat. */
export const Stay: Story = {
  play: async ({ args }) => {
    await theDialog();
    await userEvent.keyboard('{Escape}');
    await expect(args.onStay).toHaveBeenCalledTimes(1);
    await expect(args.onLeave).not.toHaveBeenCalled();
  },
};
