import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { apiError, handle, http } from '@mocks/http';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { AccountMenu } from './account-menu';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The own profile cannot be loaded (server error); everything else answers normally. */
const profileFails = () => [
  http.get(
    '/api/v2/self/profile',
    handle(() => apiError(50000, 'internal server error', null, 500)),
  ),
];

const authorName = () => db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))?.nickname ?? '';

const meta = {
  title: 'Auth/Account menu',
  component: AccountMenu,
  // The menu links to the profile (router) and opens the login dialog (app frame).
  parameters: { route: '/dashboard/novels', appFrame: true },
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Logged out: a login button that opens the login dialog, focus on the phone field. */
export const Anonymous: Story = {
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: t('common:auth.login') }));
    const dialog = await screen.findByRole('dialog', { name: t('common:auth.loginTitle') });
    await waitFor(() => expect(within(dialog).getByLabelText(t('auth:phone'))).toHaveFocus());
  },
};

/** The seeded author is signed in: name in the header, power balance and logout in the menu. */
export const SignedIn: Story = {
  parameters: { scenarios: ['signed-in'], msw: { handlers } },
  play: async () => {
    const name = authorName();
    await expect(await screen.findByText(name)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: new RegExp(t('common:auth.account')) }),
    );
    // The panel opens with the power breakdown in place (its chunk is waited for, briefly).
    await expect(await screen.findByText(t('membership:power.activity'))).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: t('common:auth.logout') })).toBeVisible();
  },
};

/** Signed in, but the profile call fails (500): a placeholder avatar and a server-failure toast. */
export const ProfileLoadError: Story = {
  parameters: { scenarios: ['signed-in'], msw: { handlers: profileFails() } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(t('errors:server'));
    // No profile: the shared placeholder avatar, and the menu still has its name.
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: new RegExp(t('common:auth.account')) })
          .querySelector('img[data-placeholder]'),
      ).not.toBeNull(),
    );
  },
};
