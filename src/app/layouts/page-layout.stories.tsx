import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { handlers } from '@mocks/handlers';
import { AUTHOR_UID } from '@mocks/seed-ids';
import NotFoundScreen from '../routes/not-found';
import type { StoryRoute } from '@/testing/story-decorators';
import { PageLayout } from './page-layout';

const t = (key: string) => i18next.t(key);

/** Full-width pages share this layout; an unknown address shows the not-found screen in it. */
const route: StoryRoute = { path: '/no-such-page', outlet: <NotFoundScreen /> };

const meta = {
  title: 'App/Page layout',
  component: PageLayout,
  parameters: { layout: 'fullscreen', route, appFrame: true },
} satisfies Meta<typeof PageLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Anonymous: Story = {
  play: async () => {
    await expect(screen.getByRole('main')).toHaveTextContent(t('common:notFound.title'));
    await expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await expect(screen.getByRole('button', { name: t('common:auth.login') })).toBeInTheDocument();
  },
};

export const SignedIn: Story = {
  parameters: { scenarios: ['signed-in'], msw: { handlers } },
  play: async () => {
    const name = db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))?.nickname ?? '';
    await expect(await screen.findByText(name)).toBeInTheDocument();
  },
};
