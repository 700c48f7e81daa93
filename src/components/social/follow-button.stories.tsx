import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { FollowButton } from './follow-button';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) => t(`social:${key}`, options);

const OFFICIAL = { _id: 'u_official', name: '墨境官方', avatar: '', is_official: true };
const rel = (is_follower: boolean, is_following: boolean) => ({ is_follower, is_following });
const followFails = (code: number) => ({
  msw: {
    handlers: [
      mswHttp.post('*/api/v2/users/:uid/followers', () => apiError(code, 'refused')),
      ...handlers,
    ],
  },
});

const meta = {
  title: 'Social/Follow button',
  component: FollowButton,
  args: { user: OFFICIAL, relation: rel(false, false) },
  parameters: { appFrame: true, msw: { handlers } },
} satisfies Meta<typeof FollowButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const button = () => screen.getByRole('button', { name: new RegExp('墨境官方') });

/** State -2: no relation. */
export const Follow: Story = {};
/** State -1: they follow me. */
export const FollowBack: Story = { args: { relation: rel(true, false) } };
/** State 1: I follow them. */
export const Following: Story = { args: { relation: rel(false, true) } };
/** State 2: mutual. */
export const Mutual: Story = { args: { relation: rel(true, true) } };

/** Pressing a followed user's button asks before unfollowing. */
export const ConfirmUnfollow: Story = {
  args: { relation: rel(true, true) },
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await userEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: s('follow.confirm.title') });
    await expect(dialog).toHaveTextContent(s('follow.confirm.text', { name: '墨境官方' }));
  },
};

/** A guest pressing follow gets the login dialog (the follow runs 0.5 s after logging in). */
export const Guest: Story = {
  play: async () => {
    await userEvent.click(button());
    await expect(
      await screen.findByRole('dialog', { name: t('common:auth.loginTitle') }),
    ).toBeInTheDocument();
  },
};

/** The day's follows are used up (40329): the message, the button unchanged. */
export const DailyLimit: Story = {
  parameters: { scenarios: ['signed-in'], ...followFails(40329) },
  play: async () => {
    await userEvent.click(button());
    await expect(await screen.findByText(s('follow.errors.dailyLimit'))).toBeInTheDocument();
    await expect(button()).toHaveAttribute('data-state', 'none');
  },
};

/** 40327 on a public share page: the author wording, and the button shows the follow. */
export const AlreadyFollowedOnPublicPage: Story = {
  parameters: { scenarios: ['signed-in'], ...followFails(40327) },
  args: { place: 'publicPage' },
  play: async () => {
    await userEvent.click(button());
    await expect(
      await screen.findByText(s('follow.errors.alreadyFollowedAuthor')),
    ).toBeInTheDocument();
    await waitFor(() => expect(button()).toHaveTextContent(s('follow.state.following')));
  },
};

/** A successful follow: the toast and the new state. */
export const Followed: Story = {
  parameters: {
    scenarios: ['signed-in'],
    msw: {
      handlers: [
        mswHttp.post('*/api/v2/users/:uid/followers', () =>
          Response.json({ following: rel(false, true), follower_count: 1201 }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await userEvent.click(button());
    await expect(await screen.findByText(s('follow.done'))).toBeInTheDocument();
    await waitFor(() => expect(button()).toHaveAttribute('data-state', 'following'));
  },
};

/** My own avatar: no button at all. */
export const Mine: Story = {
  args: { user: { ...OFFICIAL, _id: AUTHOR_UID, name: '墨染青衣', is_official: false } },
  parameters: { scenarios: ['signed-in'], expectEmpty: true },
};
