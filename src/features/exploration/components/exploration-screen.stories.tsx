import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { useNavigate, useSearchParams } from 'react-router';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { useListChatGamesQuery } from '@/api/exploration';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { EXPLORATION_LIMITS } from '@/rules/exploration-limits';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { chatReplyFails, chatStreamDrops, transAckFails } from '@mocks/scenarios/exploration';
import ExplorationScreen from './exploration-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const HISTORY = '*/api/v2/chats/:chatId/history';

/**
 * The screen at the chat of the author's latest played game (the seed's, or the one a
 * scenario made): the address is completed from the games list, as a "continue" link would.
 */
function LatestChat() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const games = useListChatGamesQuery({ limit: 1 }, { skip: params.has('chat') });
  const chatId = games.data?.data[0]?.chat_id;
  useEffect(() => {
    if (chatId && !params.has('chat'))
      void navigate(paths.exploration.getHref({ chat: chatId }), { replace: true });
  }, [chatId, params, navigate]);
  return params.has('chat') ? <ExplorationScreen /> : null;
}

const meta = {
  title: 'Exploration/Chat screen',
  component: ExplorationScreen,
  render: () => <LatestChat />,
  parameters: {
    route: paths.exploration.getHref(),
    scenarios: ['signed-in'],
    appFrame: true,
    layout: 'fullscreen',
    msw: { handlers },
  },
} satisfies Meta<typeof ExplorationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const feed = () => screen.findByRole('feed');
const input = () => screen.findByRole('textbox', { name: t('exploration:input.label') });

async function send(text: string) {
  const field = await input();
  await userEvent.clear(field);
  await userEvent.type(field, text);
  await userEvent.keyboard('{Enter}');
}

/** The latest game: toolbar, messages oldest first at the bottom, the input. */
export const Loaded: Story = {
  play: async () => {
    const list = await feed();
    await waitFor(() => expect(within(list).getAllByRole('article').length).toBeGreaterThan(0));
    await expect(
      screen.getByRole('toolbar', { name: t('exploration:toolbar.label') }),
    ).toBeVisible();
    await expect(await input()).toBeVisible();
  },
};

/** The history is on its way. */
export const Loading: Story = {
  parameters: {
    msw: { handlers: [mswHttp.get(HISTORY, () => new Promise<never>(() => {})), ...handlers] },
  },
  play: async () => {
    await expect(await screen.findByText(t('exploration:messages.loading'))).toBeInTheDocument();
  },
};

/** A chat without messages yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(HISTORY, () =>
          Response.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('exploration:messages.empty'))).toBeVisible();
  },
};

/** No chat in the address: the way to my games. */
export const NoChat: Story = {
  render: () => <ExplorationScreen />,
  play: async () => {
    await expect(await screen.findByText(t('exploration:screen.noChat'))).toBeVisible();
  },
};

/** A chat that does not exist (40408). */
export const Missing: Story = {
  render: () => <ExplorationScreen />,
  parameters: { route: paths.exploration.getHref({ chat: 'ch_gone' }) },
  play: async () => {
    await expect(await screen.findByText(t('exploration:errors.missing'))).toBeVisible();
  },
};

/** The chat cannot be loaded (server error): the message and a retry. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/chats/:chatId', () =>
          apiError(50000, 'internal server error', null, 500),
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

/** A reply streams below the messages; the send button is Stop meanwhile, then it is stored. */
export const Streaming: Story = {
  play: async () => {
    const list = await feed();
    await waitFor(() => expect(within(list).getAllByRole('article').length).toBeGreaterThan(0));
    const before = within(list).getAllByRole('article').length;
    await send('我们现在就出发吧。');
    await waitFor(() =>
      expect(within(list).getAllByRole('article').length).toBeGreaterThanOrEqual(before + 2),
    );
    await expect(screen.getByRole('button', { name: t('exploration:input.send') })).toBeVisible();
  },
};

/** The reply breaks off with an error (40420): nothing charged, the message says so. */
export const ReplyFails: Story = {
  parameters: { msw: { handlers: [...chatReplyFails(), ...handlers] } },
  play: async () => {
    await feed();
    await send('外面的人是谁？');
    await expect(await screen.findByText(t('exploration:errors.replyFailed'))).toBeVisible();
  },
};

/** The connection drops halfway through the reply: the same failure (40420). */
export const StreamDrops: Story = {
  parameters: { msw: { handlers: [...chatStreamDrops(), ...handlers] } },
  play: async () => {
    await feed();
    await send('那封信是谁留下的？');
    await expect(await screen.findByText(t('exploration:errors.replyFailed'))).toBeVisible();
  },
};

/**
 * The reply is cut (a dropped connection): the message awaits its reply, the text is back in
 * the input, and 重试 on the message gets the reply (charged once), the focus on the message.
 */
export const FailedReplyRetried: Story = {
  parameters: { msw: { handlers: [...chatStreamDrops(), ...handlers] } },
  play: async () => {
    const list = await feed();
    await send('城门外的火光是怎么回事？');
    await screen.findByText(t('exploration:errors.replyFailed'));
    await expect(await input()).toHaveValue('城门外的火光是怎么回事？');
    const mine = await waitFor(() => {
      const rows = within(list).getAllByRole('article');
      const last = rows[rows.length - 1]!;
      expect(last).toHaveTextContent(t('exploration:messages.noReply'));
      return last;
    });
    await userEvent.click(
      within(mine).getByRole('button', { name: t('exploration:messages.retry') }),
    );
    await expect(mine).toHaveFocus();
    await waitFor(() => expect(mine).not.toHaveTextContent(t('exploration:messages.noReply')));
    await waitFor(() => expect(screen.queryByTestId('live-reply')).toBeNull());
    await expect(await input()).toHaveValue('');
  },
};

/** Task mode: the choices made in this chat, listed from the toolbar (latest first). */
export const PlayedOptions: Story = {
  play: async () => {
    await feed();
    const choices = await screen.findByRole('group', { name: t('exploration:options.label') });
    const choice = within(choices).getAllByRole('button')[0]!;
    const text = choice.textContent ?? '';
    await userEvent.click(choice);
    await waitFor(() => expect(screen.queryByTestId('live-reply')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: t('exploration:options.played') }));
    const panel = await screen.findByRole('region', { name: t('exploration:options.played') });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(text));
  },
};

/** The chat's model is paused (42236): choose another one; nothing can be sent meanwhile. */
export const ModelPaused: Story = {
  parameters: { scenarios: ['signed-in', 'model-paused'] },
  play: async () => {
    await expect(await screen.findByText(t('exploration:errors.modelPaused'))).toBeVisible();
    await expect(screen.getByRole('button', { name: t('exploration:input.send') })).toBeDisabled();
  },
};

/** The chat's model was deleted (40413). */
export const ModelDeleted: Story = {
  parameters: { scenarios: ['signed-in', 'model-deleted'] },
  play: async () => {
    await expect(await screen.findByText(t('exploration:errors.modelDeleted'))).toBeVisible();
  },
};

/** No dialogue power left (40260): when the daily allowance comes back (none is sold). */
export const NoPower: Story = {
  parameters: { scenarios: ['signed-in', 'dialogue-power-empty'] },
  play: async () => {
    await expect(await screen.findByText(t('exploration:errors.noPower'))).toBeVisible();
    await expect(screen.getByText(/每日免费 20 点对话能量/)).toBeVisible();
    await expect(screen.queryByRole('link', { name: /能量|power/i })).toBeNull();
  },
};

/** The send refused by the server (40260 before the stream): the typed text stays. */
export const SendRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.post('*/api/v2/chats/:chatId/messages', () =>
          apiError(40260, 'not enough dialogue power', null, 402),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await feed();
    await send('我想去白鹿书院看看。');
    await expect(await screen.findByText(t('exploration:errors.noPower'))).toBeVisible();
    await expect(await input()).toHaveValue('我想去白鹿书院看看。');
  },
};

/** Input rules at the field: empty refused (42224), a paste past 500 cut to fit. */
export const InputTooLong: Story = {
  play: async () => {
    await feed();
    await userEvent.click(await input());
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByText(t('exploration:input.empty'))).toBeVisible();
    // A paste past the limit is cut to what fits, and the field says so.
    await userEvent.click(await input());
    await userEvent.paste('长'.repeat(EXPLORATION_LIMITS.input + 1));
    await expect(await input()).toHaveValue('长'.repeat(EXPLORATION_LIMITS.input));
    await expect(
      await screen.findByText(
        t('common:maxLength.pasteTrimmed', { max: EXPLORATION_LIMITS.input }),
      ),
    ).toBeVisible();
  },
};

/** Chinese to the English-only model (42247), checked before sending. */
export const ChineseUnsupported: Story = {
  play: async () => {
    await feed();
    const model = screen.getByRole('combobox', { name: t('exploration:toolbar.model') });
    await userEvent.selectOptions(model, 'm_swift');
    await waitFor(() => expect(model).toHaveValue('m_swift'));
    await send('你好');
    await expect(await screen.findByText(t('exploration:errors.chineseUnsupported'))).toBeVisible();
  },
};

/** Recalling a message already recalled elsewhere (40308): the toast says so. */
export const RecallRetracted: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.post('*/api/v2/chats/:chatId/story/recall_msg', () =>
          apiError(40308, 'message retracted', null, 403),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const list = await feed();
    const recall = await within(list).findAllByRole('button', {
      name: t('exploration:messages.recall'),
    });
    await userEvent.click(recall[recall.length - 1]!);
    await expect(await screen.findByText(t('exploration:errors.alreadyRecalled'))).toBeVisible();
  },
};

/** Recalling an earlier turn: asked first, with how many messages go (cancel is focused). */
export const RecallAsksFirst: Story = {
  play: async () => {
    const list = await feed();
    const recall = await within(list).findAllByRole('button', {
      name: t('exploration:messages.recall'),
    });
    expect(recall.length).toBeGreaterThan(1);
    await userEvent.click(recall[recall.length - 2]!);
    const ask = await screen.findByRole('dialog', {
      name: t('exploration:messages.recallAskTitle'),
    });
    await expect(
      within(ask).getByRole('button', { name: t('common:actions.cancel') }),
    ).toHaveFocus();
  },
};

/** An edit refused (42224 and 40308 are shown at the form). */
export const EditRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.put('*/api/v2/chats/:chatId/msgs/:msgId', () =>
          apiError(40308, 'message retracted', null, 403),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const list = await feed();
    const edit = await within(list).findAllByRole('button', {
      name: t('exploration:messages.edit', { who: t('exploration:messages.you') }),
    });
    await userEvent.click(edit[0]!);
    const field = await screen.findByRole('textbox', { name: t('exploration:messages.editLabel') });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: t('exploration:messages.saveEdit') }));
    await expect(await screen.findByText(t('exploration:input.empty'))).toBeVisible();
    await userEvent.type(field, '改过的话');
    await userEvent.click(screen.getByRole('button', { name: t('exploration:messages.saveEdit') }));
    await expect(await screen.findByText(t('exploration:errors.retracted'))).toBeVisible();
  },
};

/** Version 3.0 converted old chats: the one-time notice, written on "got it". */
export const TransPending: Story = {
  parameters: { scenarios: ['signed-in', 'trans-pending'] },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: t('exploration:trans.title') });
    await userEvent.click(within(dialog).getByRole('button', { name: t('exploration:trans.ok') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

/** Reading the acknowledgement fails with error_code 0: its text as an error alert. */
export const TransAckFails: Story = {
  parameters: { msw: { handlers: [...transAckFails(), ...handlers] } },
  play: async () => {
    const alert = await screen.findByText(
      /存档转换状态读取失败|Could not read the save-point conversion status/,
    );
    await expect(alert.closest('[role="alert"]')).not.toBeNull();
  },
};

/** The save points of the game: load, and to the desk. */
export const SavePoints: Story = {
  play: async () => {
    await feed();
    await userEvent.click(
      screen.getByRole('button', { name: t('exploration:toolbar.savePoints') }),
    );
    const dialog = await screen.findByRole('dialog', { name: t('exploration:savePoints.title') });
    await expect(
      await within(dialog).findByRole('button', { name: t('exploration:desk.open') }),
    ).toBeVisible();
  },
};

/** A chat of 5,000 messages opens at the latest with a small DOM. */
export const LongChat: Story = {
  parameters: { scenarios: ['signed-in', 'chat-long'] },
  play: async () => {
    const list = await feed();
    // The first page holds the latest 50 of the 5,000; rows are rendered from the window.
    await waitFor(() => expect(within(list).getAllByRole('article').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    await expect(within(list).getAllByRole('article').length).toBeLessThan(200);
    await expect(list).toHaveAttribute('aria-busy', 'false');
  },
};
