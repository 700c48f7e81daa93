import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { recycleListFails } from '@mocks/scenarios/stories';
import RecycleScreen from './recycle-screen';
import { pending } from './seed.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Stories/Recycle bin',
  component: RecycleScreen,
  parameters: {
    route: '/dashboard/recycle',
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof RecycleScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded deleted story with its days left, recover and delete for good. */
export const Full: Story = {
  play: async () => {
    await screen.findByRole('list', { name: t('stories:recycle.heading') });
    await expect(screen.getByText(/\d/, { selector: '.stories-days' })).toBeInTheDocument();
  },
};

/** One day left before the stories are deleted for good. */
export const Expiring: Story = {
  parameters: { scenarios: ['signed-in', 'recycle-expiring'] },
  play: async () => {
    await expect(
      await screen.findByText(t('stories:recycle.daysLeft', { count: 1 })),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...pending('*/api/v1/stories/recycle'), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { scenarios: ['signed-in', 'stories-empty'] },
  play: async () => {
    await expect(await screen.findByText(t('stories:recycle.empty'))).toBeInTheDocument();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [...recycleListFails(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};
