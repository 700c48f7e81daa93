import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { dropAllTexts } from '@/lib/durable-text';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { seedToday as seed } from '@mocks/seed-today';
import { SavePointsDialog } from './save-points-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** A game of the author with a save point (the seed gives each game one). */
const archive = seed.chatArchives.find((a) => a.uid === AUTHOR_UID)!;
const mine = seed.stories.filter((s) => s.uid === AUTHOR_UID && !s.deleted_at);
/** One of the author's stories, by a title no other of them has (the desk lists them by title). */
const story = mine.find((s) => mine.filter((o) => o.title === s.title).length === 1)!;
const ARCHIVES = '*/api/v2/chat_games/:gameId/chat_archives';
const LOAD = '*/api/v2/chat_games/:gameId/chat_archives/:archiveId/load';
const TO_DESK = '*/api/v2/chat_games/:gameId/to_desk';
const serverError = () => apiError(50000, 'internal server error', null, 500);

const theDialog = async (name = t('exploration:savePoints.title')) =>
  within(await screen.findByRole('dialog', { name }));
const loadButton = (dialog: ReturnType<typeof within>) =>
  dialog.findByRole('button', {
    name: t('exploration:savePoints.loadNamed', { title: archive.title }),
  });

/** Presses 读取 on the save point. */
async function loadIt() {
  const dialog = await theDialog();
  await userEvent.click(await loadButton(dialog));
  return dialog;
}

/** Opens 送到书桌 and waits for the author's stories. */
async function openDesk() {
  const dialog = await theDialog();
  await userEvent.click(await dialog.findByRole('button', { name: t('exploration:desk.open') }));
  const desk = await theDialog(t('exploration:desk.title'));
  await desk.findByRole('option', { name: story.title });
  return desk;
}

/** Chooses the author's story and sends the span to the desk. */
async function sendToDesk() {
  const desk = await openDesk();
  await userEvent.selectOptions(
    desk.getByRole('combobox', { name: t('exploration:desk.story') }),
    story.id,
  );
  await userEvent.click(desk.getByRole('button', { name: t('exploration:desk.send') }));
  return desk;
}

const meta = {
  title: 'Exploration/Save points dialog',
  component: SavePointsDialog,
  args: { gameId: archive.game_id, isSaved: true, onLoaded: fn(), onClose: fn() },
  parameters: {
    route: '/exploration',
    appFrame: true,
    scenarios: ['signed-in'],
    msw: { handlers },
  },
  // The desk's chapter name is durable text: each story starts without one.
  loaders: [
    () => {
      dropAllTexts();
      return {};
    },
  ],
} satisfies Meta<typeof SavePointsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The game's save points, newest first: kind, messages, time, and 读取 on each; 送到书桌 below. */
export const List: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(await loadButton(dialog)).toBeEnabled();
    await expect(dialog.getByText(archive.title)).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('exploration:desk.open') })).toBeVisible();
  },
};

/** The list on its way. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: [mswHttp.get(ARCHIVES, () => delay('infinite')), ...handlers] },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('status')).toBeInTheDocument();
  },
};

/** No save point yet. */
export const Empty: Story = {
  loaders: [
    async () => {
      await db.chatArchives.deleteMany((q) => q.where({ game_id: archive.game_id }));
      return {};
    },
  ],
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByText(t('exploration:savePoints.empty'))).toBeVisible();
  },
};

/** The list cannot be loaded (500): the message and a retry. */
export const ListError: Story = {
  parameters: { msw: { handlers: [mswHttp.get(ARCHIVES, serverError), ...handlers] } },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('errors:server'));
    await expect(dialog.getByRole('button', { name: t('common:actions.retry') })).toBeVisible();
  },
};

/** Progress since the last save point: loading asks first, 仍然读取 focused. */
export const LoadAsksFirst: Story = {
  args: { isSaved: false },
  play: async () => {
    const dialog = await loadIt();
    const ask = await dialog.findByRole('alertdialog', {
      name: t('exploration:savePoints.loadUnsaved', { title: archive.title }),
    });
    await expect(
      within(ask).getByRole('button', { name: t('exploration:savePoints.loadAnyway') }),
    ).toBeVisible();
  },
};

/** Loading, the server not yet answering: every 读取 waits. */
export const LoadingSavePoint: Story = {
  parameters: {
    msw: { handlers: [mswHttp.post(LOAD, () => delay('infinite')), ...handlers] },
  },
  play: async ({ args }) => {
    const dialog = await loadIt();
    await waitFor(async () => expect(await loadButton(dialog)).toBeDisabled());
    await expect(args.onLoaded).not.toHaveBeenCalled();
  },
};

/** Loading fails (500): said above the list. */
export const LoadServerError: Story = {
  parameters: { msw: { handlers: [mswHttp.post(LOAD, serverError), ...handlers] } },
  play: async () => {
    const dialog = await loadIt();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('errors:server'));
  },
};

/** The save point was deleted meanwhile (40411): said above the list. */
export const SavePointGone: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.post(LOAD, () => apiError(40411, 'archive not found', null, 404)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await loadIt();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.archiveMissing'),
    );
  },
};

/** Loaded: the dialog closes and the chat goes on from the copy. */
export const Loaded: Story = {
  play: async ({ args }) => {
    await loadIt();
    await waitFor(() => expect(args.onLoaded).toHaveBeenCalledTimes(1));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** 送到书桌: the span's ends, the story, an optional chapter name. */
export const Desk: Story = {
  play: async () => {
    const desk = await openDesk();
    await expect(desk.getByRole('combobox', { name: t('exploration:desk.to') })).toHaveValue(
      archive.id,
    );
    await expect(desk.getByRole('combobox', { name: t('exploration:desk.story') })).toHaveValue('');
  },
};

/** Sent without a story: said below the form, nothing sent. */
export const DeskStoryRequired: Story = {
  play: async () => {
    const desk = await openDesk();
    await userEvent.click(desk.getByRole('button', { name: t('exploration:desk.send') }));
    await expect(await desk.findByRole('alert')).toHaveTextContent(
      t('exploration:desk.chooseStory'),
    );
  },
};

/** Sending, the server not yet answering: the button waits and says it is busy. */
export const DeskSending: Story = {
  parameters: {
    msw: { handlers: [mswHttp.post(TO_DESK, () => delay('infinite')), ...handlers] },
  },
  play: async () => {
    const desk = await sendToDesk();
    const send = desk.getByRole('button', { name: t('exploration:desk.send') });
    await waitFor(() => expect(send).toBeDisabled());
    await expect(send).toHaveAttribute('aria-busy', 'true');
  },
};

/** Sending fails (500): said below the form, the choices kept. */
export const DeskServerError: Story = {
  parameters: { msw: { handlers: [mswHttp.post(TO_DESK, serverError), ...handlers] } },
  play: async () => {
    const desk = await sendToDesk();
    await expect(await desk.findByRole('alert')).toHaveTextContent(t('errors:server'));
    await expect(desk.getByRole('combobox', { name: t('exploration:desk.story') })).toHaveValue(
      story.id,
    );
  },
};

/** The story went to the recycle bin meanwhile (40418): said below the form. */
export const DeskStoryDeleted: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.post(TO_DESK, () => apiError(40418, 'story deleted', null, 404)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const desk = await sendToDesk();
    await expect(await desk.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.storyDeleted'),
    );
  },
};
