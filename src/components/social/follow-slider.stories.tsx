import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import FollowSlider from './follow-slider';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) => t(`social:${key}`, options);

/** `total` fans of anyone, paged like the backend (for the long list). */
const manyFans = (total: number) =>
  mswHttp.get('*/api/v2/users/:uid/followers', ({ request, params }) => {
    const url = new URL(request.url);
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const to = Math.min(total, from + limit);
    return Response.json({
      data: Array.from({ length: to - from }, (_, i) => ({
        user: { _id: `u_fan${from + i}`, name: `读者 ${from + i}`, avatar: '', is_official: false },
        following: { is_follower: true, is_following: (from + i) % 3 === 0 },
        follower_count: (from + i) % 50,
      })),
      paging: {
        has_prev: from > 0,
        has_next: to < total,
        next:
          to < total
            ? `/api/v2/users/${String(params.uid)}/followers?cursor=${to}&limit=${limit}`
            : null,
      },
    });
  });

const emptyList = (path: string) =>
  mswHttp.get(`*/api/v2/users/:uid/${path}`, () =>
    Response.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
  );

const meta = {
  title: 'Social/Follow slider',
  component: FollowSlider,
  args: {
    uid: 'u_official',
    name: '墨境官方',
    counts: { following: 3, fans: 40 },
    initialTab: 'fans',
    onClose: () => undefined,
  },
  parameters: { route: '/', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof FollowSlider>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (name: string) => screen.findByRole('list', { name });

/** The official account's fans, with each row's follow button. */
export const Fans: Story = {
  play: async () => {
    const rows = await list(s('slider.listFans', { name: '墨境官方' }));
    await expect(within(rows).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/** Opened on the following tab. */
export const Following: Story = {
  args: { initialTab: 'following' },
  play: async () => {
    await expect(
      screen.getByRole('tab', { name: new RegExp(s('slider.tab.following')), selected: true }),
    ).toBeInTheDocument();
  },
};

/** My own lists (the self endpoints), as the signed-in author. */
export const MyFans: Story = {
  args: { uid: undefined, name: '墨染青衣', counts: { following: 9, fans: 15 } },
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    const rows = await list(s('slider.listFans', { name: '墨染青衣' }));
    await expect(within(rows).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/**
 * I follow nobody (`feed-empty`): my follow tab offers recommended users (回关 for those who
 * follow me) and follow all, instead of a dead end.
 */
export const MyFollowingEmpty: Story = {
  args: {
    uid: undefined,
    name: '墨染青衣',
    counts: { following: 0, fans: 15 },
    initialTab: 'following',
  },
  parameters: { scenarios: ['signed-in', 'feed-empty'] },
  play: async () => {
    const panel = screen.getByRole('tabpanel');
    const region = await within(panel).findByRole('region', { name: s('recommend.title') });
    const offered = await within(region).findByRole('list', { name: s('recommend.listLabel') });
    await expect(
      within(offered).getAllByRole('button', { name: new RegExp(s('follow.state.followBack')) })
        .length,
    ).toBeGreaterThan(0);
    await expect(
      within(region).getByRole('button', { name: s('recommend.followAll') }),
    ).toBeInTheDocument();
  },
};

/** 5,000 fans: the list is windowed, a screenful of rows in the DOM. */
export const FiveThousandFans: Story = {
  args: { counts: { following: 3, fans: 5000 } },
  parameters: { msw: { handlers: [manyFans(5000), ...handlers] } },
  play: async () => {
    const rows = await list(s('slider.listFans', { name: '墨境官方' }));
    await expect(within(rows).getAllByRole('listitem').length).toBeLessThanOrEqual(20);
  },
};

/** Nobody follows them. */
export const Empty: Story = {
  parameters: { msw: { handlers: [emptyList('followers'), ...handlers] } },
  play: async () => {
    await expect(await screen.findByText(s('slider.emptyFans'))).toBeInTheDocument();
  },
};

/** The first load failed: the error block with a retry. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/users/:uid/followers', () =>
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

/** The first page is on its way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/users/:uid/followers', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('status')).toBeInTheDocument();
  },
};
