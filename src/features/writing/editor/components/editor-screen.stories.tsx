import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '@/config/paths';
import { deleteDraft, draftKey, saveDraft } from '@/lib/drafts';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { seedToday as seed } from '@mocks/seed-today';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { networkDown } from '@mocks/scenarios/faults';
import { saveFails } from '@mocks/scenarios/writing';
import EditorScreen from './editor-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const story = seed.stories.find((s) => s.uid === AUTHOR_UID && s.universe_id && !s.deleted_at)!;
const chapter = seed.chapters.find((c) => c.story_id === story.id)!;
const otherStory = seed.stories.find((s) => s.uid !== AUTHOR_UID)!;
const otherChapter = seed.chapters.find((c) => c.story_id === otherStory.id)!;
const CONTENT_PATH = '*/api/v1/chapters/:id/content';

/** A newer local draft of this chapter than the server copy (written now, ahead of the save). */
const keepLocalDraft = async () => {
  await saveDraft({
    key: draftKey(AUTHOR_UID, chapter.id),
    name: `${chapter.name}（草稿）`,
    content: `${chapter.content}\n本设备上未保存的一段。`,
    base_updated_at: chapter.updated_at,
    changed_at: Date.now(),
  });
  return {};
};
const dropLocalDraft = async () => {
  await deleteDraft(draftKey(AUTHOR_UID, chapter.id));
  return {};
};

const meta = {
  title: 'Writing/Editor/Screen',
  component: EditorScreen,
  parameters: {
    route: paths.editor.getHref({ nid: story.id, cid: chapter.id }),
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
  // A story whose save fails leaves this chapter's draft behind: each story starts without
  // one unless it sets one up.
  loaders: [dropLocalDraft],
} satisfies Meta<typeof EditorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const titleField = () => screen.findByLabelText(t('writing:editor.chapterTitle'));

/** The toolbar (back, story, save status, save, avatar), title, body, counts, AI and lab. */
export const Loaded: Story = {
  play: async () => {
    await expect(await titleField()).toHaveValue(chapter.name);
    const toolbar = screen.getByRole('toolbar', { name: t('writing:editor.screenTitle') });
    await expect(within(toolbar).getByRole('status')).toHaveTextContent(
      t('writing:editor.status.saved'),
    );
    await expect(screen.getByRole('textbox', { name: t('writing:editor.body') })).toBeVisible();
    await expect(screen.getByRole('heading', { name: t('writing:ai.title') })).toBeVisible();
    await expect(screen.getByRole('heading', { name: t('writing:lab.title') })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mswHttp.get(CONTENT_PATH, () => new Promise<never>(() => {})), ...handlers] },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

/** The chapter cannot be loaded (server error): the message and a retry. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(CONTENT_PATH, () => apiError(50000, 'internal server error', null, 500)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeVisible();
  },
};

/** Another author's chapter (40330). */
export const NoPermission: Story = {
  parameters: { route: paths.editor.getHref({ cid: otherChapter.id }) },
  play: async () => {
    await expect(await screen.findByText(t('writing:editor.errors.noPermission'))).toBeVisible();
  },
};

/** No chapter named in the address. */
export const NoChapter: Story = {
  parameters: { route: paths.editor.getHref() },
  play: async () => {
    await expect(await screen.findByText(t('writing:editor.noChapter'))).toBeVisible();
  },
};

/** Saving fails (500): the status says so and that the text is kept on this device. */
export const SaveFails: Story = {
  parameters: { msw: { handlers: [...saveFails(), ...handlers] } },
  play: async () => {
    await userEvent.type(await titleField(), '!');
    await waitFor(() =>
      expect(within(screen.getByRole('toolbar')).getByRole('status').textContent ?? '').toContain(
        t('errors:server'),
      ),
    );
  },
};

/** Opening with a newer local draft: restore it or discard it. */
export const DraftOffered: Story = {
  loaders: [keepLocalDraft],
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: t('writing:editor.draft.title') });
    await expect(
      within(dialog).getByRole('button', { name: t('writing:editor.draft.restore') }),
    ).toBeVisible();
    await expect(
      within(dialog).getByRole('button', { name: t('writing:editor.draft.discard') }),
    ).toBeVisible();
    await dropLocalDraft();
  },
};

/**
 * A local draft based on a server version another device has since replaced: both versions
 * side by side, the differing stretch marked; keep both has the focus.
 */
export const DraftConflict: Story = {
  loaders: [
    async () => {
      await saveDraft({
        key: draftKey(AUTHOR_UID, chapter.id),
        name: chapter.name,
        content: `${chapter.content}\n本设备上未保存的一段。`,
        base_updated_at: chapter.updated_at - 60,
        changed_at: Date.now(),
      });
      return {};
    },
  ],
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: t('writing:editor.conflict.title') });
    await expect(within(dialog).getByText('本设备上未保存的一段。')).toBeVisible();
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: t('common:conflict.keepBoth') }),
      ).toHaveFocus(),
    );
    await dropLocalDraft();
  },
};

/** Offline when the editor opens, with a local draft: the draft is edited, with a notice. */
export const OfflineWithDraft: Story = {
  loaders: [keepLocalDraft],
  parameters: { msw: { handlers: [...networkDown(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByText(t('writing:editor.offlineDraft'))).toBeVisible();
    await expect(await titleField()).toHaveValue(`${chapter.name}（草稿）`);
    await dropLocalDraft();
  },
};

/** Leaving with unsaved changes (saving fails meanwhile): save and leave, leave, or stay. */
export const LeavePrompt: Story = {
  parameters: { msw: { handlers: [...saveFails(), ...handlers] } },
  play: async () => {
    await userEvent.type(await titleField(), '!');
    await userEvent.click(screen.getByRole('link', { name: t('writing:editor.backToChapters') }));
    const dialog = await screen.findByRole('dialog', { name: t('writing:editor.leave.title') });
    for (const key of ['save', 'discard', 'stay'])
      await expect(
        within(dialog).getByRole('button', { name: t(`writing:editor.leave.${key}`) }),
      ).toBeVisible();
    await dropLocalDraft();
  },
};

/** The chapters dialog: the story's chapters, the open one marked, rename and add. */
export const ChaptersDialog: Story = {
  play: async () => {
    await titleField();
    await userEvent.click(screen.getByRole('button', { name: t('writing:editor.chapters.open') }));
    const dialog = await screen.findByRole('dialog', { name: t('writing:editor.chapters.title') });
    const list = await within(dialog).findByRole('list', {
      name: t('writing:editor.chapters.list'),
    });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    await expect(
      within(dialog).getByRole('button', { name: t('writing:editor.chapters.add') }),
    ).toBeVisible();
  },
};

/** The chapters dialog when the list cannot be loaded: the message and a retry. */
export const ChaptersDialogError: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/stories/:id/chapters', () =>
          apiError(50000, 'internal server error', null, 500),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await titleField();
    await userEvent.click(screen.getByRole('button', { name: t('writing:editor.chapters.open') }));
    const dialog = await screen.findByRole('dialog', { name: t('writing:editor.chapters.title') });
    await expect(
      await within(dialog).findByText(t('writing:editor.chapters.failed')),
    ).toBeVisible();
  },
};
