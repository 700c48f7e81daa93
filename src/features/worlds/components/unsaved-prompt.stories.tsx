import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link, useLocation } from 'react-router';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { UnsavedPrompt } from './unsaved-prompt';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const EDITOR = '/dashboard/worlds/w_story';
const LIST = '/dashboard/worlds';

/** A world editor's page as far as leaving goes: where it is, a link away, and the prompt. */
function WorldPage({ when }: { when: boolean }) {
  const { pathname } = useLocation();
  return (
    <main>
      <h1>苍梧城纪事</h1>
      <p>
        当前页面：<output aria-label="当前页面">{pathname}</output>
      </p>
      <Link to={LIST}>我的世界</Link>
      <UnsavedPrompt when={when} />
    </main>
  );
}

/** Follows the link away from the page. */
async function leave() {
  await userEvent.click(await screen.findByRole('link', { name: '我的世界' }));
}

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('worlds:unsaved.title') }));
const here = () => screen.getByRole('status', { name: '当前页面' });

const meta = {
  title: 'Worlds/Unsaved prompt',
  component: WorldPage,
  args: { when: true },
  parameters: { route: EDITOR },
} satisfies Meta<typeof WorldPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Leaving with unsaved changes: the way is held and the prompt asks, 留在本页 focused. */
export const Asking: Story = {
  play: async () => {
    await leave();
    const dialog = await theDialog();
    await expect(dialog.getByText(t('worlds:unsaved.text'))).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('worlds:unsaved.stay') })).toHaveFocus(),
    );
    await expect(here()).toHaveTextContent(EDITOR);
  },
};

/** 留在本页: the prompt goes, the page stays. */
export const Stay: Story = {
  play: async () => {
    await leave();
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('worlds:unsaved.stay') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(here()).toHaveTextContent(EDITOR);
  },
};

/** 不保存离开: the held navigation goes on. */
export const Leave: Story = {
  play: async () => {
    await leave();
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('worlds:unsaved.leave') }));
    await waitFor(() => expect(here()).toHaveTextContent(LIST));
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** Nothing unsaved: leaving asks nothing. */
export const NothingUnsaved: Story = {
  args: { when: false },
  play: async () => {
    await leave();
    await waitFor(() => expect(here()).toHaveTextContent(LIST));
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
