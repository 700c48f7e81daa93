import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { GamesScreen } from './games-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const theList = () => screen.findByRole('list', { name: t('exploration:games.label') });

const meta = {
  title: 'Exploration/My explorations',
  component: GamesScreen,
  parameters: {
    route: '/dashboard/exploration',
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof GamesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded author's chat games, latest played first, each with continue and delete. */
export const Games: Story = {
  play: async () => {
    const list = await theList();
    const items = within(list).getAllByRole('listitem');
    await expect(items.length).toBeGreaterThan(0);
    await expect(within(items[0]!).getByRole('link', { name: /^(继续|Continue)/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/exploration\?chat=/),
    );
  },
};

export const Empty: Story = {
  parameters: { scenarios: ['signed-in', 'exploration-empty'] },
  play: async () => {
    await expect(await screen.findByText(t('exploration:games.empty'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mswHttp.get('*/api/v2/chat_games', () => delay('infinite')), ...handlers] },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

export const Error: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/chat_games', () =>
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

/** Delete asks first; confirmed, the game leaves the list. */
export const DeleteWithConfirm: Story = {
  play: async () => {
    const list = await theList();
    const before = within(list).getAllByRole('listitem').length;
    await userEvent.click(within(list).getAllByRole('button', { name: /^(删除|Delete)/ })[0]!);
    const confirm = within(await screen.findByRole('dialog'));
    await userEvent.click(
      confirm.getByRole('button', { name: t('exploration:games.deleteConfirm') }),
    );
    await waitFor(() =>
      expect(
        before === 1
          ? screen.queryByText(t('exploration:games.empty'))
          : within(list).getAllByRole('listitem').length === before - 1,
      ).toBeTruthy(),
    );
  },
};
