import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { http as mswHttp } from 'msw';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { SharedWorldView } from './shared-world-screen';
import { privateWorld, sharedWorld } from './seed.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Worlds/Shared world',
  component: SharedWorldView,
  args: { shareId: sharedWorld.share_id },
  parameters: { route: `/universe/${sharedWorld.share_id}`, appFrame: true, msw: { handlers } },
} satisfies Meta<typeof SharedWorldView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An anonymous visitor: background and recommended characters, no copy button. */
export const Anonymous: Story = {
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: sharedWorld.title }),
    ).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: t('worlds:public.copy') })).toBeNull();
  },
};

/** A logged-in visitor can copy the world. */
export const SignedIn: Story = {
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('worlds:public.copy') }),
    ).toBeInTheDocument();
  },
};

/** A private world cannot be viewed. */
export const Private: Story = {
  args: { shareId: privateWorld.share_id },
  play: async () => {
    await expect(
      await screen.findByRole('heading', { name: t('worlds:errors.sharePrivate') }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/share/universes/:shareId', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};
