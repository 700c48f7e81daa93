import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { worldsListFails, worldsPending } from '@mocks/scenarios/worlds';
import { WorldsScreen } from './worlds-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Worlds/My worlds',
  component: WorldsScreen,
  parameters: {
    route: '/dashboard/worlds',
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof WorldsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded author's worlds with entry counts and share status. */
export const Full: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: t('worlds:list.label') });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(1);
  },
};

/** 45 worlds: the first 20, more as the list is scrolled to its end. */
export const ManyPages: Story = {
  parameters: { scenarios: ['signed-in', 'worlds-many'] },
  play: async () => {
    const list = await screen.findByRole('list', { name: t('worlds:list.label') });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(20);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...worldsPending(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { scenarios: ['signed-in', 'worlds-empty'] },
  play: async () => {
    await expect(await screen.findByText(t('worlds:list.empty'))).toBeInTheDocument();
  },
};

/** The first load failed: the loading-error text and a retry button. */
export const Error: Story = {
  parameters: { msw: { handlers: [...worldsListFails(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};

/** Creating with a blank title: the error is at the field and nothing is sent. */
export const CreateBlankTitle: Story = {
  play: async () => {
    await screen.findByRole('list', { name: t('worlds:list.label') });
    await userEvent.click(screen.getByRole('button', { name: t('worlds:list.create') }));
    const dialog = await screen.findByRole('dialog', { name: t('worlds:create.title') });
    await userEvent.click(within(dialog).getByRole('button', { name: t('worlds:create.submit') }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      t('worlds:errors.titleRequired'),
    );
  },
};

/** Copying from a share id that does not exist: the server's answer at the field. */
export const CopyMissingShare: Story = {
  play: async () => {
    await screen.findByRole('list', { name: t('worlds:list.label') });
    await userEvent.click(screen.getByRole('button', { name: t('worlds:list.copy') }));
    const dialog = await screen.findByRole('dialog', { name: t('worlds:copy.title') });
    await userEvent.type(within(dialog).getByLabelText(t('worlds:copy.label')), 's_missing');
    await userEvent.click(within(dialog).getByRole('button', { name: t('worlds:copy.submit') }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('worlds:errors.shareMissing'),
    );
  },
};
