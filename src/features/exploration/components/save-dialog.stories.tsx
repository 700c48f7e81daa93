import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { dropAllTexts } from '@/lib/durable-text';
import { i18next } from '@/lib/i18n';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { seedToday as seed } from '@mocks/seed-today';
import { SaveDialog } from './save-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const game = seed.chatGames.find((g) => g.uid === AUTHOR_UID)!;
const ARCHIVES = '*/api/v2/chat_games/:gameId/chat_archives';
const MAX = EXPLORATION_LIMITS.archiveTitle;

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('exploration:savePoints.saveTitle') }));
const titleField = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('textbox', { name: t('exploration:savePoints.titleLabel') });

/** Types a title and saves. */
async function typeAndSave(title: string) {
  const dialog = await theDialog();
  await userEvent.type(titleField(dialog), title);
  await userEvent.click(dialog.getByRole('button', { name: t('exploration:savePoints.save') }));
  return dialog;
}

/** Making the save point answers this. */
const saving = (answer: Parameters<typeof mswHttp.post>[1]) => ({
  msw: { handlers: [mswHttp.post(ARCHIVES, answer), ...handlers] },
});

const meta = {
  title: 'Exploration/Save dialog',
  component: SaveDialog,
  args: { gameId: game.id, onClose: fn() },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
  // A title typed in one story is kept as durable text (and merged back): each starts clean.
  loaders: [
    () => {
      dropAllTexts();
      return {};
    },
  ],
} satisfies Meta<typeof SaveDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 新建存档: the optional title (focused) and what happens without one. */
export const Empty: Story = {
  play: async () => {
    const dialog = await theDialog();
    await waitFor(() => expect(titleField(dialog)).toHaveFocus());
    await expect(titleField(dialog)).toHaveAccessibleDescription(
      expect.stringContaining(t('exploration:savePoints.titleHint', { max: MAX })),
    );
  },
};

/** A title typed. */
export const Filled: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.type(titleField(dialog), '雨夜之前');
    await expect(titleField(dialog)).toHaveValue('雨夜之前');
  },
};

/** A paste past 20 characters is cut at 20, and the field says so. */
export const TitleAtLimit: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(titleField(dialog));
    await userEvent.paste('雨'.repeat(MAX + 3));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('common:maxLength.pasteTrimmed', { max: MAX }),
    );
    await expect(titleField(dialog)).toHaveValue('雨'.repeat(MAX));
  },
};

/** Saving, the server not yet answering: the button waits and says it is busy. */
export const Submitting: Story = {
  parameters: saving(() => delay('infinite')),
  play: async () => {
    const dialog = await typeAndSave('雨夜之前');
    const save = dialog.getByRole('button', { name: t('exploration:savePoints.save') });
    await waitFor(() => expect(save).toBeDisabled());
    await expect(save).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server fails (500): said at the field, the title kept. */
export const ServerError: Story = {
  parameters: saving(() => apiError(50000, 'internal server error', null, 500)),
  play: async () => {
    const dialog = await typeAndSave('雨夜之前');
    await waitFor(() =>
      expect(titleField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining(t('errors:server')),
      ),
    );
    await expect(titleField(dialog)).toHaveValue('雨夜之前');
  },
};

/** The server refuses the title (42200): said at the field. */
export const TitleRefused: Story = {
  parameters: saving(() => apiError(42200, 'title too long', null, 422)),
  play: async () => {
    const dialog = await typeAndSave('雨夜之前');
    await waitFor(() =>
      expect(titleField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining(t('exploration:errors.titleTooLong')),
      ),
    );
  },
};

/** Saved: the dialog closes and a toast names the save point. */
export const Saved: Story = {
  play: async ({ args }) => {
    await typeAndSave('雨夜之前');
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
    await expect(
      await screen.findByText(t('exploration:savePoints.saved', { title: '雨夜之前' })),
    ).toBeInTheDocument();
  },
};
