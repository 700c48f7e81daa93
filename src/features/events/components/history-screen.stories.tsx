import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { LATEST_RELEASE_VERSION } from '@mocks/handlers/events';
import HistoryScreen from './history-screen';
import { releasesEmpty, releasesFail, releasesPending } from './events.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Events/History',
  component: HistoryScreen,
  parameters: { route: '/history', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof HistoryScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every release, newest first, the newest marked. */
export const Releases: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: t('events:history.listLabel') });
    const first = within(list).getAllByRole('article')[0]!;
    await expect(
      within(first).getByText(t('events:history.version', { version: LATEST_RELEASE_VERSION })),
    ).toBeVisible();
    await expect(within(first).getByText(t('events:history.latest'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...releasesPending(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [...releasesEmpty(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByText(t('events:history.empty'))).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [...releasesFail(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeVisible();
  },
};
