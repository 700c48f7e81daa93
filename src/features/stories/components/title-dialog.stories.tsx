import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { useCreateStoryMutation, useRenameStoryMutation } from '@/api/stories';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { dropAllTexts, keepText } from '@/lib/durable-text';
import { i18next } from '@/lib/i18n';
import { TITLE_MAX } from '@/rules/titles';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { seedToday as seed } from '@mocks/seed-today';
import { TitleDialog } from './title-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const story = seed.stories.find((s) => s.uid === AUTHOR_UID && !s.deleted_at)!;
const STORIES = '*/api/v1/stories';

/** The novels list's 新建作品 dialog, on the real call. */
function NewStoryDialog({ onClose }: { onClose: () => void }) {
  const { t: tr } = useTranslation('stories');
  const dispatch = useDispatch();
  const [createStory] = useCreateStoryMutation();
  return (
    <TitleDialog
      heading={tr('list.createHeading')}
      label={tr('list.titleLabel')}
      submitLabel={tr('list.createSubmit')}
      draftOf="story:new"
      endpoint="createStory"
      onSubmit={async (title) => {
        await createStory({ storyTitleBody: { title } }).unwrap();
        dispatch(toastShown({ msg: tr('list.created') }));
      }}
      onClose={onClose}
    />
  );
}

/** The novels list's 重命名作品 dialog on a seeded story of the author. */
function RenameStoryDialog({ onClose }: { onClose: () => void }) {
  const { t: tr } = useTranslation('stories');
  const [renameStory] = useRenameStoryMutation();
  return (
    <TitleDialog
      heading={tr('list.renameHeading')}
      label={tr('list.titleLabel')}
      submitLabel={tr('common:actions.save')}
      initial={story.title}
      draftOf={`story:${story.id}`}
      endpoint="renameStory"
      onSubmit={async (title) => {
        await renameStory({ storyId: story.id, storyTitleBody: { title } }).unwrap();
      }}
      onClose={onClose}
    />
  );
}

const theDialog = async (heading = t('stories:list.createHeading')) =>
  within(await screen.findByRole('dialog', { name: heading }));
const titleField = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('textbox', { name: t('stories:list.titleLabel') });

/** Types a title and sends it. */
async function typeAndSend(title: string) {
  const dialog = await theDialog();
  await userEvent.type(titleField(dialog), title);
  await userEvent.click(dialog.getByRole('button', { name: t('stories:list.createSubmit') }));
  return dialog;
}

/** The create call answers this. */
const creating = (answer: Parameters<typeof mswHttp.post>[1]) => ({
  msw: { handlers: [mswHttp.post(STORIES, answer), ...handlers] },
});

const meta = {
  title: 'Stories/Title dialog',
  component: NewStoryDialog,
  args: { onClose: fn() },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
  // A title typed in one story is kept as durable text: each story starts without any.
  loaders: [
    () => {
      dropAllTexts();
      return {};
    },
  ],
} satisfies Meta<typeof NewStoryDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 新建作品: the empty title with its counter, focused. */
export const Empty: Story = {
  play: async () => {
    const dialog = await theDialog();
    await waitFor(() => expect(titleField(dialog)).toHaveFocus());
    await expect(
      dialog.getByText(t('common:maxLength.counter', { count: 0, max: TITLE_MAX })),
    ).toBeVisible();
  },
};

/** A title typed, counted as the server counts it. */
export const Filled: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.type(titleField(dialog), '雾港旧事');
    await expect(
      dialog.getByText(t('common:maxLength.counter', { count: 4, max: TITLE_MAX })),
    ).toBeVisible();
  },
};

/** 重命名作品: the story's title to change, 保存 to send it. */
export const Rename: Story = {
  render: (args) => <RenameStoryDialog {...args} />,
  play: async () => {
    const dialog = await theDialog(t('stories:list.renameHeading'));
    await expect(titleField(dialog)).toHaveValue(story.title);
  },
};

/** Sent blank: said at the field, nothing sent. */
export const TitleRequired: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('stories:list.createSubmit') }));
    await expect(titleField(dialog)).toHaveAccessibleDescription(
      expect.stringContaining(t('stories:list.title.required', { max: TITLE_MAX })),
    );
  },
};

/** A paste past 30 characters is cut at 30, and the field says so. */
export const TitleAtLimit: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(titleField(dialog));
    await userEvent.paste('雾'.repeat(TITLE_MAX + 5));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('common:maxLength.pasteTrimmed', { max: TITLE_MAX }),
    );
    await expect(titleField(dialog)).toHaveValue('雾'.repeat(TITLE_MAX));
  },
};

/** Sent, the server not yet answering: the button waits and says it is busy. */
export const Submitting: Story = {
  parameters: creating(() => delay('infinite')),
  play: async () => {
    const dialog = await typeAndSend('雾港旧事');
    const submit = dialog.getByRole('button', { name: t('stories:list.createSubmit') });
    await waitFor(() => expect(submit).toBeDisabled());
    await expect(submit).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server fails (500): said at the field, the typed title kept. */
export const ServerError: Story = {
  parameters: creating(() => apiError(50000, 'internal server error', null, 500)),
  play: async () => {
    const dialog = await typeAndSend('雾港旧事');
    await waitFor(() =>
      expect(titleField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining(t('errors:server')),
      ),
    );
    await expect(titleField(dialog)).toHaveValue('雾港旧事');
  },
};

/** The server refuses the title as too long (42204): its own words, at the field. */
export const TitleRefused: Story = {
  parameters: creating(() => apiError(42204, 'title too long', null, 422)),
  play: async () => {
    const dialog = await typeAndSend('雾港旧事');
    await waitFor(() =>
      expect(titleField(dialog)).toHaveAccessibleDescription(
        expect.stringContaining(t('stories:list.errors.titleTooLong')),
      ),
    );
  },
};

/** Created: the dialog closes and the list's toast says so. */
export const Created: Story = {
  play: async ({ args }) => {
    await typeAndSend('雾港旧事');
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
    await expect(await screen.findByText(t('stories:list.created'))).toBeInTheDocument();
  },
};

/**
 * A title typed before a reload and never sent: offered back above the field, 恢复 focused.
 */
export const DraftOffered: Story = {
  loaders: [
    () => {
      keepText(`title:${AUTHOR_UID}:story:new`, { title: '白塔录' });
      return {};
    },
  ],
  play: async () => {
    const dialog = await theDialog();
    const offer = await dialog.findByRole('group', { name: /未保存的文字|unsaved text/ });
    await waitFor(() =>
      expect(within(offer).getByRole('button', { name: t('common:draft.restore') })).toHaveFocus(),
    );
    await userEvent.click(within(offer).getByRole('button', { name: t('common:draft.restore') }));
    await expect(titleField(dialog)).toHaveValue('白塔录');
  },
};
