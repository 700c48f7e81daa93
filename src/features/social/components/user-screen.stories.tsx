import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { UserPage } from './user-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) =>
  t(`${/^(square|feed|card|list)\./.test(key) ? 'square' : 'social'}:${key}`, options);

const meta = {
  title: 'Social/User page',
  component: UserPage,
  args: { uid: 'u_official' },
  parameters: { route: '/user/u_official', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof UserPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor on the official account's page: header, follow button, report, its shared stories. */
export const Official: Story = {
  play: async () => {
    const heading = await screen.findByRole('heading', { level: 1, name: /墨境官方/ });
    await expect(within(heading).getByText(t('common:author.official'))).toBeInTheDocument();
    await expect(
      screen.getByRole('button', {
        name: s('follow.buttonLabel', { action: s('follow.state.follow'), name: '墨境官方' }),
      }),
    ).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: s('user.report') })).toBeInTheDocument();
  },
};

/** The signed-in author on a page of someone they follow: the worlds tab. */
export const FollowedAuthorWorlds: Story = {
  parameters: { scenarios: ['signed-in'], route: '/user/u_official?tab=world' },
  play: async () => {
    await expect(
      await screen.findByRole('tab', { name: s('user.tabs.world'), selected: true }),
    ).toBeInTheDocument();
    await expect(
      await screen.findByRole('button', { name: new RegExp(s('follow.state.following')) }),
    ).toBeInTheDocument();
  },
};

/** My own page: the self endpoints, no follow or report button. */
export const MyPage: Story = {
  args: { uid: AUTHOR_UID },
  parameters: { scenarios: ['signed-in'], route: `/user/${AUTHOR_UID}` },
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: '墨染青衣' }),
    ).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: s('user.report') })).toBeNull();
  },
};

/** The fans count opens the slider on the fans tab. */
export const FansSlider: Story = {
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    const fans = await screen.findByRole('button', { name: new RegExp(s('user.fans')) });
    await userEvent.click(fans);
    const slider = await screen.findByRole('dialog');
    await expect(
      within(slider).getByRole('tab', { name: new RegExp(s('slider.tab.fans')), selected: true }),
    ).toBeInTheDocument();
  },
};

/** A user with no shared works of the kind shown. */
export const NothingShared: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/users/:uid/sharings', () =>
          Response.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(s('user.empty.story'))).toBeInTheDocument();
  },
};

/** No such user (40407): the not-found page with the way on to the square. */
export const NotFound: Story = {
  args: { uid: 'u_nobody' },
  parameters: { route: '/user/u_nobody' },
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: s('user.missing') }),
    ).toBeInTheDocument();
  },
};

/** The profile failed to load: the error block with a retry. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/users/:uid/profile', () =>
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

/** The profile is on its way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/users/:uid/profile', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};
