import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { entriesListFails, worldsPending } from '@mocks/scenarios/worlds';
import { authorWorld, linkOnlyWorld, privateWorld } from './seed.fixtures';
import { WorldEditor } from './world-editor-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Worlds/World editor',
  component: WorldEditor,
  args: { worldId: authorWorld.id },
  parameters: {
    route: `/dashboard/worlds/${authorWorld.id}`,
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof WorldEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** World info, forbidden words, share status and the glossary of a seeded world. */
export const Full: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: /./ });
    await expect(list).toBeInTheDocument();
    await expect(
      await screen.findByRole('heading', { level: 1, name: authorWorld.title }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...worldsPending(), ...handlers] } },
  play: async () => {
    await screen.findByRole('heading', { level: 1, name: authorWorld.title });
    await expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  },
};

/** A world that does not exist (or is another user's). */
export const Missing: Story = {
  args: { worldId: 'w_missing' },
  play: async () => {
    await expect(await screen.findByText(t('worlds:errors.worldMissing'))).toBeInTheDocument();
  },
};

/** A world without entries: the glossary's empty state (the rest of the editor works). */
export const GlossaryEmpty: Story = {
  parameters: { scenarios: ['signed-in', 'glossary-empty'] },
  play: async () => {
    await expect(await screen.findByText(t('worlds:glossary.empty'))).toBeInTheDocument();
  },
};

/** The glossary failed to load: the error block with a retry, the rest still works. */
export const GlossaryError: Story = {
  parameters: { msw: { handlers: [...entriesListFails(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};

/** Typing stops at the title's 20 characters, with a message at the field. */
export const TitleAtLimit: Story = {
  play: async () => {
    const title = await screen.findByLabelText(t('worlds:fields.title'));
    await userEvent.clear(title);
    await userEvent.paste('星'.repeat(20));
    await userEvent.type(title, '海');
    await expect(title).toHaveValue('星'.repeat(20));
    const info = screen.getByRole('region', { name: t('worlds:editor.info') });
    await expect(within(info).getByRole('alert')).toHaveTextContent(
      t('common:maxLength.typing', { max: 20 }),
    );
  },
};

/** A link-only world: its author gets the public link and the share code to hand on. */
export const LinkOnly: Story = {
  args: { worldId: linkOnlyWorld.id },
  parameters: { route: `/dashboard/worlds/${linkOnlyWorld.id}` },
  play: async () => {
    await expect(
      await screen.findByRole('link', { name: t('common:publicLink.open') }),
    ).toHaveAttribute('href', `/universe/${linkOnlyWorld.share_id}`);
    await expect(screen.getByText(linkOnlyWorld.share_id)).toBeVisible();
  },
};

/** A private world: nothing to hand on, so no link or share code. */
export const PrivateNoLink: Story = {
  args: { worldId: privateWorld.id },
  parameters: { route: `/dashboard/worlds/${privateWorld.id}` },
  play: async () => {
    await screen.findByRole('heading', { level: 1, name: privateWorld.title });
    await expect(screen.queryByRole('link', { name: t('common:publicLink.open') })).toBeNull();
  },
};
