import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { RecommendedUsers } from './recommended-users';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) => t(`social:${key}`, options);

const meta = {
  title: 'Social/Recommended users',
  component: RecommendedUsers,
  args: { lead: '你还没有关注任何人，先认识几位作者吧。' },
  parameters: {
    route: '/',
    appFrame: true,
    scenarios: ['signed-in', 'feed-empty'],
    msw: { handlers },
  },
} satisfies Meta<typeof RecommendedUsers>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The author follows nobody: recommended users with why and their counts; those who follow the
 * author offer 回关, the others 关注.
 */
export const FollowBack: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: s('recommend.listLabel') });
    const back = new RegExp(`^${s('follow.state.followBack')}`);
    const follow = new RegExp(`^${s('follow.state.follow')}：`);
    await expect(within(list).getAllByRole('button', { name: back }).length).toBeGreaterThan(0);
    await expect(within(list).getAllByRole('button', { name: follow }).length).toBeGreaterThan(0);
    await expect(screen.getByRole('button', { name: s('recommend.followAll') })).toBeEnabled();
  },
};

/** Nobody to recommend: says so and points to the square. */
export const None: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/recommend_following', () => Response.json({ data: [] })),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(s('recommend.none'))).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: s('recommend.toSquare') })).toBeInTheDocument();
  },
};

/** The recommendations are on their way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/recommend_following', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const region = await screen.findByRole('region', { name: s('recommend.title') });
    await expect(within(region).getByRole('status')).toBeInTheDocument();
  },
};

/** They failed to load: the error block with a retry. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/recommend_following', () =>
          apiError(50300, 'service unavailable', null, 503),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    // The list's own error block (the failure's toast is an alert too, for a while).
    const retry = await screen.findByRole('button', {
      name: new RegExp(t('common:actions.retry')),
    });
    await expect(retry.closest('[role="alert"]')).not.toBeNull();
  },
};
