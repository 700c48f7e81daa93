import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import ActiveScreen from './active-screen';
import { activitiesEmpty, activitiesFail, activitiesPending } from './events.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Events/Active',
  component: ActiveScreen,
  parameters: { route: '/active', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof ActiveScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const events = () => screen.findByRole('list', { name: t('events:active.listLabel') });

/** A visitor: the events (ongoing, upcoming, ended) and a login button to take part. */
export const LoggedOut: Story = {
  play: async () => {
    const list = await events();
    await expect(within(list).getAllByText(t('events:active.status.ongoing')).length).toBe(2);
    await expect(within(list).getByText(t('events:active.status.upcoming'))).toBeVisible();
    await expect(within(list).getByText(t('events:active.status.ended'))).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: t('events:active.cta.login') }));
    await expect(await screen.findByRole('dialog')).toBeVisible();
  },
};

/** Signed in: the power balance and the way to the membership screen, where power is claimed. */
export const LoggedIn: Story = {
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await events();
    await expect(
      await screen.findByRole('link', { name: t('events:active.cta.claim') }),
    ).toHaveAttribute('href', '/dashboard/vip');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...activitiesPending(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [...activitiesEmpty(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByText(t('events:active.empty'))).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [...activitiesFail(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeVisible();
  },
};
