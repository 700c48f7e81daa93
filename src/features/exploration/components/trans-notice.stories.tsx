import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { transAckFails } from '@mocks/scenarios/exploration';
import { TransNotice } from './trans-notice';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const ACK = '*/api/v2/chat_game_trans_acknowledge';

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('exploration:trans.title') }));

/** 知道了 pressed. */
async function acknowledge() {
  const dialog = await theDialog();
  await userEvent.click(dialog.getByRole('button', { name: t('exploration:trans.ok') }));
  return dialog;
}

/** The chat behind the notice, so a story whose notice is gone still shows its page. */
function ChatBehind() {
  return (
    <>
      <p>对话</p>
      <TransNotice />
    </>
  );
}

const meta = {
  title: 'Exploration/Conversion notice',
  component: ChatBehind,
  // Old chats were converted into save points and the notice was never acknowledged.
  parameters: { scenarios: ['signed-in', 'trans-pending'], msw: { handlers } },
} satisfies Meta<typeof ChatBehind>;

export default meta;
type Story = StoryObj<typeof meta>;

/** How many chats became save points; 知道了 focused. */
export const Shown: Story = {
  play: async () => {
    const dialog = await theDialog();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('exploration:trans.ok') })).toHaveFocus(),
    );
  },
};

/** Acknowledging, the server not yet answering: the button waits. */
export const Acknowledging: Story = {
  parameters: {
    msw: { handlers: [mswHttp.post(ACK, () => delay('infinite')), ...handlers] },
  },
  play: async () => {
    const dialog = await acknowledge();
    const ok = dialog.getByRole('button', { name: t('exploration:trans.ok') });
    await waitFor(() => expect(ok).toBeDisabled());
    await expect(ok).toHaveAttribute('aria-busy', 'true');
  },
};

/**
 * Writing the acknowledgement fails (error_code 0 with the server's text, the `trans-ack-fails`
 * scenario's): that text in the notice, which stays until it is written.
 */
export const AcknowledgeFails: Story = {
  parameters: { msw: { handlers: [transAckFails()[1]!, ...handlers] } },
  play: async () => {
    const dialog = await acknowledge();
    await expect(await dialog.findByRole('alert')).toHaveTextContent('存档转换状态读取失败');
    await expect(dialog.getByRole('button', { name: t('exploration:trans.ok') })).toBeEnabled();
  },
};

/** Reading it fails the same way: the server's text as an alert above the chat, no notice. */
export const ReadFails: Story = {
  parameters: { msw: { handlers: [...transAckFails(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('存档转换状态读取失败');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** Acknowledged: the notice goes for good. */
export const Acknowledged: Story = {
  play: async () => {
    await acknowledge();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Nothing was converted: no notice. */
export const NothingConverted: Story = {
  parameters: {
    scenarios: ['signed-in'],
    msw: {
      handlers: [
        mswHttp.get(ACK, () => HttpResponse.json({ acknowledged: false, converted_count: 0 })),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await screen.findByText('对话');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
