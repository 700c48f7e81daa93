import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { seedToday as seed } from '@mocks/seed-today';
import { CopyWorldDialog } from './copy-world-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** Another author's world on the square: anyone may copy it. */
const shared = seed.worlds.find((w) => w.uid !== AUTHOR_UID && w.share_status === 'square')!;
const WORLDS = '*/api/v1/universes';

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('worlds:copy.title') }));
const shareField = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('textbox', { name: t('worlds:copy.label') });

/** Pastes a share link and copies. */
async function pasteAndCopy(text = `https://inkworld.test/universe/${shared.share_id}`) {
  const dialog = await theDialog();
  await userEvent.click(shareField(dialog));
  await userEvent.paste(text);
  await userEvent.click(dialog.getByRole('button', { name: t('worlds:copy.submit') }));
  return dialog;
}

/** The copy call answers this. */
const copying = (answer: Parameters<typeof mswHttp.post>[1]) => ({
  msw: { handlers: [mswHttp.post(WORLDS, answer), ...handlers] },
});

const meta = {
  title: 'Worlds/Copy world dialog',
  component: CopyWorldDialog,
  args: { onClose: fn() },
  parameters: {
    route: '/dashboard/worlds',
    appFrame: true,
    scenarios: ['signed-in'],
    msw: { handlers },
  },
} satisfies Meta<typeof CopyWorldDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 复制分享的世界: the share id or link to paste (focused), with an example. */
export const Empty: Story = {
  play: async () => {
    const dialog = await theDialog();
    await waitFor(() => expect(shareField(dialog)).toHaveFocus());
    await expect(shareField(dialog)).toHaveAttribute('placeholder', t('worlds:copy.placeholder'));
  },
};

/** Opened from a shared world's page: its share id already there. */
export const FromShare: Story = {
  args: { initialShareId: shared.share_id },
  play: async () => {
    const dialog = await theDialog();
    await expect(shareField(dialog)).toHaveValue(shared.share_id);
  },
};

/** Copied with nothing pasted: said at the field, nothing sent. */
export const ShareIdRequired: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('worlds:copy.submit') }));
    await expect(shareField(dialog)).toHaveAccessibleDescription(
      expect.stringContaining(t('worlds:errors.shareIdRequired')),
    );
  },
};

/** Copying, the server not yet answering: the button waits and says it is busy. */
export const Submitting: Story = {
  parameters: copying(() => delay('infinite')),
  play: async () => {
    const dialog = await pasteAndCopy();
    const submit = dialog.getByRole('button', { name: t('worlds:copy.submit') });
    await waitFor(() => expect(submit).toBeDisabled());
    await expect(submit).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server fails (500): said at the field, the link kept. */
export const ServerError: Story = {
  parameters: copying(() => apiError(50000, 'internal server error', null, 500)),
  play: async () => {
    const dialog = await pasteAndCopy();
    await waitFor(() =>
      expect(shareField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining(t('errors:server')),
      ),
    );
  },
};

/** No world is shared under that id (40403): said at the field. */
export const ShareMissing: Story = {
  play: async () => {
    const dialog = await pasteAndCopy('s_missing');
    await waitFor(() =>
      expect(shareField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining(t('worlds:errors.shareMissing')),
      ),
    );
  },
};

/** Copied: the dialog closes (the copy opens in the world editor). */
export const Copied: Story = {
  play: async ({ args }) => {
    await pasteAndCopy();
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};
