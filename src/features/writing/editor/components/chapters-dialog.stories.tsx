import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { dropAllTexts } from '@/lib/durable-text';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { seedToday as seed } from '@mocks/seed-today';
import { ChaptersDialog } from './chapters-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const story = seed.stories.find((s) => s.uid === AUTHOR_UID && !s.deleted_at)!;
const chapters = seed.chapters
  .filter((c) => c.story_id === story.id)
  .sort((a, b) => a.order - b.order);
const current = chapters[0]!;
const other = chapters[1]!;
const CHAPTERS = '*/api/v1/stories/:storyId/chapters';
const META = '*/api/v1/stories/:storyId/chapters/:chapterId/meta';
const serverError = () => apiError(50000, 'internal server error', null, 500);

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('writing:editor.chapters.title') }));

/** Opens the new-chapter form. */
async function openAdd() {
  const dialog = await theDialog();
  await dialog.findByRole('list', { name: t('writing:editor.chapters.list') });
  await userEvent.click(dialog.getByRole('button', { name: t('writing:editor.chapters.add') }));
  return dialog;
}

/** Names a new chapter and creates it. */
async function addChapter(name: string) {
  const dialog = await openAdd();
  await userEvent.type(dialog.getByLabelText(t('writing:editor.chapters.newName')), name);
  await userEvent.click(dialog.getByRole('button', { name: t('writing:editor.chapters.create') }));
  return dialog;
}

/** Opens the rename form of the chapter that is not open. */
async function openRename() {
  const dialog = await theDialog();
  await userEvent.click(
    await dialog.findByRole('button', {
      name: t('writing:editor.chapters.rename', { name: other.name }),
    }),
  );
  return dialog;
}

const meta = {
  title: 'Writing/Editor/Chapters dialog',
  component: ChaptersDialog,
  args: {
    storyId: story.id,
    currentId: current.id,
    currentName: current.name,
    onJump: fn(),
    onRenameCurrent: fn(),
    onClose: fn(),
  },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
  // A chapter name typed in one story is durable text: each story starts without one.
  loaders: [
    () => {
      dropAllTexts();
      return {};
    },
  ],
} satisfies Meta<typeof ChaptersDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The story's chapters in order, the open one marked; rename on each, 新建章节 below. */
export const List: Story = {
  play: async () => {
    const dialog = await theDialog();
    const list = await dialog.findByRole('list', { name: t('writing:editor.chapters.list') });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(chapters.length);
    await expect(
      within(list).getByRole('button', { current: true, name: new RegExp(current.name) }),
    ).toBeDisabled();
  },
};

/** The list on its way. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: [mswHttp.get(CHAPTERS, () => delay('infinite')), ...handlers] },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('status')).toBeInTheDocument();
    await expect(
      dialog.getByRole('button', { name: t('writing:editor.chapters.add') }),
    ).toBeDisabled();
  },
};

/** The list cannot be loaded (500): the message and a retry. */
export const ListError: Story = {
  parameters: { msw: { handlers: [mswHttp.get(CHAPTERS, serverError), ...handlers] } },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('writing:editor.chapters.failed'),
    );
  },
};

/** Another chapter chosen: the editor goes there (it saves first). */
export const Jump: Story = {
  play: async ({ args }) => {
    const dialog = await theDialog();
    // The chapter's own button (its order, then its name), not its 重命名《…》.
    await userEvent.click(
      await dialog.findByRole('button', { name: (name) => name.endsWith(other.name) }),
    );
    await expect(args.onJump).toHaveBeenCalledWith(other.id);
  },
};

/** 重命名 on a chapter: its name in a field, in place. */
export const Rename: Story = {
  play: async () => {
    const dialog = await openRename();
    await expect(
      dialog.getByLabelText(t('writing:editor.chapters.renameLabel', { name: other.name })),
    ).toHaveValue(other.name);
  },
};

/** The rename refused by the server (500): said at the field. */
export const RenameServerError: Story = {
  parameters: { msw: { handlers: [mswHttp.patch(META, serverError), ...handlers] } },
  play: async () => {
    const dialog = await openRename();
    const name = dialog.getByLabelText(
      t('writing:editor.chapters.renameLabel', { name: other.name }),
    );
    await userEvent.type(name, '（改）');
    await userEvent.click(dialog.getByRole('button', { name: t('common:actions.save') }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(expect.stringContaining(t('errors:server'))),
    );
  },
};

/** 新建章节: the new chapter's name, focused. */
export const Add: Story = {
  play: async () => {
    const dialog = await openAdd();
    await waitFor(() =>
      expect(dialog.getByLabelText(t('writing:editor.chapters.newName'))).toHaveFocus(),
    );
  },
};

/** Created without a name: said at the field, nothing sent. */
export const NameRequired: Story = {
  play: async () => {
    const dialog = await openAdd();
    await userEvent.click(
      dialog.getByRole('button', { name: t('writing:editor.chapters.create') }),
    );
    await expect(
      dialog.getByLabelText(t('writing:editor.chapters.newName')),
    ).toHaveAccessibleDescription(expect.stringContaining(t('stories:list.title.required')));
  },
};

/** Creating, the server not yet answering: the button waits and says it is busy. */
export const Creating: Story = {
  parameters: {
    msw: { handlers: [mswHttp.post(CHAPTERS, () => delay('infinite')), ...handlers] },
  },
  play: async () => {
    const dialog = await addChapter('第六章 雪夜');
    const create = dialog.getByRole('button', { name: t('writing:editor.chapters.create') });
    await waitFor(() => expect(create).toBeDisabled());
    await expect(create).toHaveAttribute('aria-busy', 'true');
  },
};

/** Creating fails (500): said at the field, the name kept. */
export const CreateServerError: Story = {
  parameters: { msw: { handlers: [mswHttp.post(CHAPTERS, serverError), ...handlers] } },
  play: async () => {
    const dialog = await addChapter('第六章 雪夜');
    const name = dialog.getByLabelText(t('writing:editor.chapters.newName'));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(expect.stringContaining(t('errors:server'))),
    );
    await expect(name).toHaveValue('第六章 雪夜');
  },
};

/** Created: the editor goes to the new chapter. */
export const Created: Story = {
  play: async ({ args }) => {
    await addChapter('第六章 雪夜');
    await waitFor(() => expect(args.onJump).toHaveBeenCalledTimes(1));
  },
};
