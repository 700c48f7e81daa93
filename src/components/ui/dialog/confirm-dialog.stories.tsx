import { useTranslation } from 'react-i18next';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { useDeleteStoryMutation } from '@/api/stories';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { seedToday as seed } from '@mocks/seed-today';
import { ConfirmDialog } from './confirm-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const story = seed.stories.find((s) => s.uid === AUTHOR_UID && !s.deleted_at)!;
const DELETE_STORY = '*/api/v1/stories/:storyId';
const DAYS = 30;

/** The novels list's question before a story goes to the recycle bin, on the real call. */
function DeleteStoryConfirm({ onClose }: { onClose: () => void }) {
  const { t: tr } = useTranslation('stories');
  const [deleteStory] = useDeleteStoryMutation();
  return (
    <ConfirmDialog
      heading={tr('list.deleteHeading')}
      text={tr('list.deleteText', { title: story.title, days: DAYS })}
      confirmLabel={tr('list.delete')}
      onConfirm={() => deleteStory({ storyId: story.id }).unwrap()}
      onClose={onClose}
    />
  );
}

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('stories:list.deleteHeading') }));

const meta = {
  title: 'UI/Confirm dialog',
  component: DeleteStoryConfirm,
  args: { onClose: fn() },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof DeleteStoryConfirm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The question, what it does, cancel (focused: a stray Enter changes nothing) and the step. */
export const Asking: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(
      dialog.getByText(t('stories:list.deleteText', { title: story.title, days: DAYS })),
    ).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('common:actions.cancel') })).toHaveFocus(),
    );
  },
};

/** Confirmed, the call on its way: the button waits (pressed again, nothing is sent twice). */
export const Confirming: Story = {
  parameters: {
    msw: { handlers: [mswHttp.delete(DELETE_STORY, () => delay('infinite')), ...handlers] },
  },
  play: async ({ args }) => {
    const dialog = await theDialog();
    const confirm = dialog.getByRole('button', { name: t('stories:list.delete') });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Done: the dialog closes. */
export const Confirmed: Story = {
  play: async ({ args }) => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('stories:list.delete') }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};

/**
 * The server fails (500): the dialog closes all the same, and the app's toast says the
 * service failed, naming the error for support.
 */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.delete(DELETE_STORY, () => apiError(50000, 'internal server error', null, 500)),
        ...handlers,
      ],
    },
  },
  play: async ({ args }) => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('stories:list.delete') }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
    await expect(await screen.findByText(t('errors:server'))).toBeInTheDocument();
  },
};

/** The story went to the recycle bin elsewhere meanwhile (40418): said in the toast. */
export const AlreadyDeleted: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.delete(DELETE_STORY, () => apiError(40418, 'story deleted', null, 404)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('stories:list.delete') }));
    await expect(
      await screen.findByText(t('stories:list.errors.alreadyDeleted')),
    ).toBeInTheDocument();
  },
};

/** 取消 (or Esc): nothing is sent. */
export const Cancel: Story = {
  play: async ({ args }) => {
    await theDialog();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};
