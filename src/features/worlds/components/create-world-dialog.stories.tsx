import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { dropAllTexts, keepText } from '@/lib/durable-text';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { CreateWorldDialog } from './create-world-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const WORLDS = '*/api/v1/universes';

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('worlds:create.title') }));
const field = (dialog: ReturnType<typeof within>, key: string) =>
  dialog.getByRole('textbox', { name: t(key) });

/** A title, a background and one forbidden word, as a writer fills them in. */
async function fill() {
  const dialog = await theDialog();
  await userEvent.type(field(dialog, 'worlds:fields.title'), '苍梧城');
  await userEvent.type(field(dialog, 'worlds:fields.background'), '雨季长达半年的边城。');
  await userEvent.type(field(dialog, 'worlds:words.label'), '穿越{Enter}');
  return dialog;
}

/** Fills the form and creates the world. */
async function fillAndCreate() {
  const dialog = await fill();
  await userEvent.click(dialog.getByRole('button', { name: t('worlds:create.submit') }));
  return dialog;
}

/** The create call answers this. */
const creating = (answer: Parameters<typeof mswHttp.post>[1]) => ({
  msw: { handlers: [mswHttp.post(WORLDS, answer), ...handlers] },
});

const meta = {
  title: 'Worlds/Create world dialog',
  component: CreateWorldDialog,
  args: { onClose: fn() },
  parameters: {
    route: '/dashboard/worlds',
    appFrame: true,
    scenarios: ['signed-in'],
    msw: { handlers },
  },
  // What is typed is durable text (merged back when the dialog opens): each story starts clean.
  loaders: [
    () => {
      dropAllTexts();
      return {};
    },
  ],
} satisfies Meta<typeof CreateWorldDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 新建世界: title (focused), background, forbidden words and cover, all empty. */
export const Empty: Story = {
  play: async () => {
    const dialog = await theDialog();
    await waitFor(() => expect(field(dialog, 'worlds:fields.title')).toHaveFocus());
    await expect(field(dialog, 'worlds:fields.background')).toHaveValue('');
    await expect(dialog.queryByRole('list', { name: t('worlds:words.list') })).toBeNull();
  },
};

/** Filled in: the forbidden word added as a chip. */
export const Filled: Story = {
  play: async () => {
    const dialog = await fill();
    const words = dialog.getByRole('list', { name: t('worlds:words.list') });
    await expect(within(words).getByText('穿越')).toBeVisible();
  },
};

/** Back after a reload: what was typed before, put back into the fields. */
export const TypedBefore: Story = {
  loaders: [
    () => {
      keepText(`world:${AUTHOR_UID}:new`, {
        title: '苍梧城',
        background: '雨季长达半年的边城。',
        words: '穿越\n系统',
        word: '',
      });
      return {};
    },
  ],
  play: async () => {
    const dialog = await theDialog();
    await waitFor(() => expect(field(dialog, 'worlds:fields.title')).toHaveValue('苍梧城'));
    await expect(
      within(dialog.getByRole('list', { name: t('worlds:words.list') })).getAllByRole('listitem'),
    ).toHaveLength(2);
  },
};

/** Created without a title: said at the title, nothing sent. */
export const TitleRequired: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('worlds:create.submit') }));
    await expect(field(dialog, 'worlds:fields.title')).toHaveAccessibleDescription(
      expect.stringContaining(t('worlds:errors.titleRequired')),
    );
  },
};

/** A forbidden word typed but not added: said at the words, so it is not lost. */
export const WordNotAdded: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.type(field(dialog, 'worlds:fields.title'), '苍梧城');
    await userEvent.type(field(dialog, 'worlds:words.label'), '穿越');
    await userEvent.click(dialog.getByRole('button', { name: t('worlds:create.submit') }));
    await expect(field(dialog, 'worlds:words.label')).toHaveAccessibleDescription(
      expect.stringContaining(t('worlds:errors.wordNotAdded')),
    );
  },
};

/** The same forbidden word twice: said at the words. */
export const WordDuplicate: Story = {
  play: async () => {
    const dialog = await fill();
    await userEvent.type(field(dialog, 'worlds:words.label'), '穿越{Enter}');
    await expect(field(dialog, 'worlds:words.label')).toHaveAccessibleDescription(
      expect.stringContaining(t('worlds:errors.wordDuplicate')),
    );
  },
};

/** Creating, the server not yet answering: the button waits and says it is busy. */
export const Submitting: Story = {
  parameters: creating(() => delay('infinite')),
  play: async () => {
    const dialog = await fillAndCreate();
    const submit = dialog.getByRole('button', { name: t('worlds:create.submit') });
    await waitFor(() => expect(submit).toBeDisabled());
    await expect(submit).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server fails (500): said below the form, everything typed kept. */
export const ServerError: Story = {
  parameters: creating(() => apiError(50000, 'internal server error', null, 500)),
  play: async () => {
    const dialog = await fillAndCreate();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('errors:server'));
    await expect(field(dialog, 'worlds:fields.title')).toHaveValue('苍梧城');
  },
};

/** The server refuses the title (42204): said at the title. */
export const TitleRefused: Story = {
  parameters: creating(() => apiError(42204, 'title too long', null, 422)),
  play: async () => {
    const dialog = await fillAndCreate();
    await waitFor(() =>
      expect(field(dialog, 'worlds:fields.title')).toHaveAccessibleDescription(
        expect.stringContaining(t('errors:code.42204')),
      ),
    );
  },
};

/** Created: the dialog closes (the world editor opens). */
export const Created: Story = {
  play: async ({ args }) => {
    await fillAndCreate();
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};
