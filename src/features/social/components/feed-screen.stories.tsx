import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { http as mswHttp } from 'msw';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { squareFails } from '@mocks/scenarios/social';
import FeedScreen from './feed-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string) => t(`square:${key}`);

const meta = {
  title: 'Social/Feed',
  component: FeedScreen,
  parameters: {
    route: '/dashboard/feed',
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof FeedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The shares of the authors the seeded author follows, newest first. */
export const Feed: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: s('feed.label') });
    await expect(within(list).getAllByRole('article').length).toBeGreaterThan(0);
  },
};

/** Following nobody (`feed-empty`): recommended authors with reasons, counts and follow all. */
export const Recommendations: Story = {
  parameters: { scenarios: ['signed-in', 'feed-empty'] },
  play: async () => {
    const region = await screen.findByRole('region', { name: t('social:recommend.title') });
    const list = await within(region).findByRole('list', { name: t('social:recommend.listLabel') });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    await expect(
      within(region).getByRole('button', { name: t('social:recommend.followAll') }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/following_shares_feed', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

/** The feed fails (`square-fails`): the error block with a retry. */
export const Error: Story = {
  parameters: { msw: { handlers: [...squareFails(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};
