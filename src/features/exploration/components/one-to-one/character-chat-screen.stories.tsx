import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import CharacterChatScreen from './character-chat-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Exploration/One-to-one chat (/yjin/chat)',
  component: CharacterChatScreen,
  parameters: {
    route: '/yjin/chat',
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof CharacterChatScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** My one-to-one chats, the square's characters to meet and my dialogue power. */
export const Picker: Story = {
  play: async () => {
    await expect(
      await screen.findByRole('heading', { name: t('exploration:oneToOne.meet') }),
    ).toBeVisible();
    await expect(
      (await screen.findAllByRole('button', { name: /^(和|Talk to )/ })).length,
    ).toBeGreaterThan(0);
  },
};

/** No games at all: nothing to continue yet. */
export const NoConversations: Story = {
  parameters: { scenarios: ['signed-in', 'exploration-empty'] },
  play: async () => {
    await expect(await screen.findByText(t('exploration:oneToOne.noneYet'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/square/characters', () => delay('infinite')),
        mswHttp.get('*/api/v2/chat_games', () => delay('infinite')),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

/** The characters could not be loaded: a retry. */
export const CharactersFail: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/square/characters', () =>
          HttpResponse.json({ error_code: 50000, error_msg: '' }, { status: 500 }),
        ),
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

/** A chat that is gone (40408): said, with the way back. */
export const ChatMissing: Story = {
  parameters: { route: '/yjin/chat?chat=c_gone' },
  play: async () => {
    await expect(await screen.findByText(t('exploration:errors.missing'))).toBeVisible();
  },
};
