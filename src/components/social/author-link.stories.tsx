import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { AuthorLink } from './author-link';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) => t(`social:${key}`, options);

const OFFICIAL = { _id: 'u_official', name: '墨境官方', avatar: '', is_official: true };
const AUTHOR = { _id: AUTHOR_UID, name: '墨染青衣', avatar: '', is_official: false };

/** The keyboard's way to the card: Tab to the author link, then ↓. */
async function openCard() {
  await userEvent.tab();
  await userEvent.keyboard('{ArrowDown}');
}

const meta = {
  title: 'Social/Author link',
  component: AuthorLink,
  args: { user: OFFICIAL },
  parameters: { route: '/', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof AuthorLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Avatar, name and the official badge; a link to the user's page in a new tab. */
export const Official: Story = {
  play: async () => {
    const link = await screen.findByRole('link', { name: /墨境官方/ });
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

/** Small, avatar only (named for screen readers). */
export const AvatarOnly: Story = {
  args: { user: AUTHOR, size: 'sm', showName: false },
  play: async () => {
    await expect(
      await screen.findByRole('link', {
        name: i18next.t('common:author.openProfile', { name: '墨染青衣' }),
      }),
    ).toBeInTheDocument();
  },
};

/** Large, as in a header. */
export const Large: Story = { args: { user: AUTHOR, size: 'lg' } };

/**
 * Keyboard focus alone leaves the card closed (Tab goes on to the next author); the link says
 * how to open it (↓).
 */
export const Focused: Story = {
  play: async () => {
    await userEvent.tab();
    const link = screen.getByRole('link', { name: /墨境官方/ });
    await expect(link).toHaveFocus();
    await expect(link).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toHaveAccessibleDescription(t('common:author.cardKeys'));
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/**
 * The open hover card (↓ on the focused link): name, badge, counts and the follow button, the
 * focus on its name.
 */
export const HoverCardOpen: Story = {
  play: async () => {
    await openCard();
    const card = await screen.findByRole('dialog', { name: '墨境官方' });
    await expect(within(card).getByRole('link', { name: '墨境官方' })).toHaveFocus();
    await expect(await within(card).findByText(s('user.fans'))).toBeInTheDocument();
    await expect(
      within(card).getByRole('button', { name: new RegExp(s('follow.state.follow')) }),
    ).toBeInTheDocument();
  },
};

/** The signed-in author's card of an account they follow: the follow button says so. */
export const HoverCardFollowing: Story = {
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await openCard();
    const card = await screen.findByRole('dialog', { name: '墨境官方' });
    await expect(
      await within(card).findByRole('button', { name: new RegExp(s('follow.state.following')) }),
    ).toBeInTheDocument();
  },
};

/**
 * 已关注 on the card asks first, with the follow lists' own confirmation: the card stays under
 * it, and Cancel has the focus.
 */
export const HoverCardUnfollowConfirm: Story = {
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await openCard();
    const card = await screen.findByRole('dialog', { name: '墨境官方' });
    await userEvent.click(
      await within(card).findByRole('button', { name: new RegExp(s('follow.state.following')) }),
    );
    const confirm = await screen.findByRole('dialog', { name: s('follow.confirm.title') });
    await expect(confirm).toHaveTextContent(s('follow.confirm.text', { name: '墨境官方' }));
    await expect(
      within(confirm).getByRole('button', { name: t('common:actions.cancel') }),
    ).toHaveFocus();
    await expect(screen.getByRole('dialog', { name: '墨境官方' })).toBeInTheDocument();
  },
};

/** The card while the profile loads. */
export const HoverCardLoading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/users/:uid/profile', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await openCard();
    const card = await screen.findByRole('dialog');
    await expect(within(card).getByRole('status')).toBeInTheDocument();
  },
};

/** The card of a user who no longer exists (40407). */
export const HoverCardUserMissing: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/users/:uid/profile', () => apiError(40407, 'user missing')),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await openCard();
    const card = await screen.findByRole('dialog');
    await expect(await within(card).findByText(s('user.missing'))).toBeInTheDocument();
  },
};

/** The card's profile failed to load: a retry. */
export const HoverCardFailed: Story = {
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
    await openCard();
    const card = await screen.findByRole('dialog');
    await expect(
      await within(card).findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};

/** My own avatar: a plain link, no hover card. */
export const Mine: Story = {
  args: { user: AUTHOR },
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await userEvent.tab();
    await expect(screen.getByRole('link', { name: '墨染青衣' })).toHaveFocus();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
