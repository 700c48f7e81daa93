import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { AUTHOR_UID } from '@mocks/seed-ids';
import AboutsScreen from '../routes/abouts';
import type { StoryRoute } from '@/testing/story-decorators';
import { DashboardLayout } from './dashboard-layout';

const t = (key: string) => i18next.t(key);

const route: StoryRoute = { path: '/dashboard/abouts', outlet: <AboutsScreen /> };

const meta = {
  title: 'App/Dashboard layout',
  component: DashboardLayout,
  parameters: { layout: 'fullscreen', route, appFrame: true },
} satisfies Meta<typeof DashboardLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: side navigation with the current screen marked, and a login button. */
export const Anonymous: Story = {
  play: async () => {
    const nav = screen.getByRole('navigation', { name: t('common:a11y.mainNavigation') });
    await expect(within(nav).getByRole('link', { name: t('common:nav.abouts') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(screen.getByRole('button', { name: t('common:auth.login') })).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('abouts:title'));
  },
};

/** The seeded author: the account menu with their name replaces the login button. */
export const SignedIn: Story = {
  parameters: { scenarios: ['signed-in'], msw: { handlers } },
  play: async () => {
    const name = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))?.nickname ?? '';
    await expect(await screen.findByText(name)).toBeInTheDocument();
    await expect(
      screen.queryByRole('button', { name: t('common:auth.login') }),
    ).not.toBeInTheDocument();
  },
};
