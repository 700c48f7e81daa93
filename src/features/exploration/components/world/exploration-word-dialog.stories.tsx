import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { ExplorationWordDialog, type ExplorationWordDialogProps } from './exploration-word-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const theDialog = async () => within(await screen.findByRole('dialog'));

/** The dialog on the seeded author's latest chat (read when the story renders: fresh seed). */
function OnAuthorChat(props: Omit<ExplorationWordDialogProps, 'chatId'> & { onClose: () => void }) {
  const game = db.chatGames
    .findMany((q) => q.where({ uid: AUTHOR_UID }))
    .sort((a, b) => b.updated_at - a.updated_at)[0];
  return <ExplorationWordDialog dialogId={1} chatId={game?.chat_id ?? 'c_none'} {...props} />;
}

const failing = (method: 'get' | 'post' | 'put', path: string, status: number, code: number) => ({
  msw: {
    handlers: [
      mswHttp[method](path, () =>
        HttpResponse.json({ error_code: code, error_msg: '' }, { status }),
      ),
      ...handlers,
    ],
  },
});

const meta = {
  title: 'Exploration/Exploration-word dialog',
  component: OnAuthorChat,
  args: { onClose: fn() },
  parameters: {
    route: '/exploration',
    appFrame: true,
    scenarios: ['signed-in'],
    msw: { handlers },
  },
} satisfies Meta<typeof OnAuthorChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The chat world's entries, with type filter, name search, new, edit and delete. */
export const Entries: Story = {
  play: async () => {
    const dialog = await theDialog();
    const list = await dialog.findByRole('list', { name: t('exploration:world.entriesLabel') });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/** Editing an entry: a world's entry form, the avatar through the cropper's exploration flow. */
export const EditEntry: Story = {
  play: async () => {
    const dialog = await theDialog();
    const [edit] = await dialog.findAllByRole('button', { name: /^(编辑|Edit)/ });
    await userEvent.click(edit!);
    await expect(await dialog.findByLabelText(t('worlds:entry.name'))).toBeVisible();
  },
};

/** A character whose name breaks the rules: said at the field, nothing sent. */
export const EntryInvalid: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(
      await dialog.findByRole('button', { name: t('exploration:world.newEntry') }),
    );
    await userEvent.click(dialog.getByRole('radio', { name: t('worlds:entry.types.character') }));
    await userEvent.type(dialog.getByLabelText(t('worlds:entry.name')), 'Bad Name!');
    await userEvent.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('worlds:errors.nameChars'));
  },
};

/** No entry matches the filter. */
export const EntriesNoMatch: Story = {
  play: async () => {
    const dialog = await theDialog();
    await dialog.findByRole('list', { name: t('exploration:world.entriesLabel') });
    await userEvent.type(dialog.getByLabelText(t('exploration:world.searchName')), 'zzz');
    await userEvent.click(dialog.getByRole('button', { name: t('exploration:world.search') }));
    await expect(await dialog.findByText(t('exploration:world.noMatch'))).toBeVisible();
  },
};

/** The background of this chat's world. */
export const Background: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(
      await dialog.findByRole('tab', { name: t('exploration:world.tab.background') }),
    );
    await expect(
      dialog.getByRole('textbox', { name: t('exploration:world.background') }),
    ).toBeVisible();
  },
};

/** Forbidden words; typing stops at 10 characters, with the limit said at the field. */
export const ForbiddenWordTooLong: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(await dialog.findByRole('tab', { name: /^(屏蔽词|Forbidden words)/ }));
    const word = dialog.getByLabelText(t('exploration:world.newWord'));
    await userEvent.type(word, '一二三四五六七八九十壹');
    await expect(word).toHaveValue('一二三四五六七八九十');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('common:maxLength.typing', { max: 10 }),
    );
  },
};

/** The server refuses the word as too long (42212). */
export const ForbiddenWordRefused: Story = {
  parameters: failing('post', '*/api/v2/chats/:chatId/universe/forbidden_words', 422, 42212),
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(await dialog.findByRole('tab', { name: /^(屏蔽词|Forbidden words)/ }));
    await userEvent.type(dialog.getByLabelText(t('exploration:world.newWord')), '灯');
    await userEvent.click(dialog.getByRole('button', { name: t('exploration:world.addWord') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.wordTooLong'),
    );
  },
};

/** The entry was deleted meanwhile (40404): the editor closes and says so above the list. */
export const EntryDeleted: Story = {
  parameters: failing('put', '*/api/v2/chats/:chatId/universe/entries/:entryId', 404, 40404),
  play: async () => {
    const dialog = await theDialog();
    const [edit] = await dialog.findAllByRole('button', { name: /^(编辑|Edit)/ });
    await userEvent.click(edit!);
    await userEvent.type(dialog.getByLabelText(t('worlds:entry.description')), '改');
    await userEvent.click(dialog.getByRole('button', { name: t('exploration:world.save') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.entryDeleted'),
    );
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/chats/:chatId/universe', () => delay('infinite')),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect((await dialog.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

/** The exploration is gone (40408). */
export const ExplorationMissing: Story = {
  parameters: failing('get', '*/api/v2/chats/:chatId/universe', 404, 40408),
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.missing'),
    );
  },
};
