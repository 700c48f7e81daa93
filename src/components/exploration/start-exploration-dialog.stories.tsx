import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import {
  AUTHOR_WORLD,
  SHARED_WORLD_RECOMMENDED,
  SHARED_WORLD_SHARE_ID,
} from '@mocks/handlers/exploration-test-kit';
import { StartExplorationDialog } from './start-exploration-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const theDialog = async () => within(await screen.findByRole('dialog'));
const refusing = (method: 'get' | 'post', path: string, status: number, code: number) => ({
  msw: {
    handlers: [
      mswHttp[method](path, () =>
        HttpResponse.json({ error_code: code, error_msg: '' }, { status }),
      ),
      ...handlers,
    ],
  },
});

const meta = {
  title: 'Exploration/Explore this world',
  component: StartExplorationDialog,
  args: { dialogId: 1, onClose: fn(), source: { shareId: SHARED_WORLD_SHARE_ID } },
  parameters: {
    route: `/universe/${SHARED_WORLD_SHARE_ID}`,
    appFrame: true,
    scenarios: ['signed-in'],
    msw: { handlers },
  },
} satisfies Meta<typeof StartExplorationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A shared world I already play: continue that game, or pick the cast and start anew. */
export const SharedWorld: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findAllByRole('checkbox')).toHaveLength(
      SHARED_WORLD_RECOMMENDED.length,
    );
    await expect(
      dialog.getByRole('button', { name: t('exploration:start.continue') }),
    ).toBeVisible();
  },
};

/** One of my worlds with no game yet: only the start, the recommended characters ticked. */
export const MyWorldFirstGame: Story = {
  args: { source: { universeId: AUTHOR_WORLD } },
  parameters: { scenarios: ['signed-in', 'exploration-empty'] },
  play: async () => {
    const dialog = await theDialog();
    await expect(
      await dialog.findByRole('button', { name: t('exploration:start.start') }),
    ).toBeVisible();
    await expect(
      dialog.queryByRole('button', { name: t('exploration:start.continue') }),
    ).toBeNull();
    for (const box of dialog.getAllByRole('checkbox')) await expect(box).toBeChecked();
  },
};

/** A world that recommends nobody: its first character will play. */
export const NoRecommendedCharacters: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/chat_game/by_source', () =>
          HttpResponse.json({ game: null, title: '空城', characters: [] }),
        ),
        // A shared world's characters come from the square's call.
        mswHttp.get('*/api/v1/square/:id/universes/characters', () =>
          HttpResponse.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByText(t('exploration:start.noCharacters'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [mswHttp.get('*/api/v2/chat_game/by_source', () => delay('infinite')), ...handlers],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect((await dialog.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

/** The world is gone, private or banned (40403). */
export const WorldMissing: Story = {
  parameters: refusing('get', '*/api/v2/chat_game/by_source', 404, 40403),
  play: async () => {
    const dialog = await theDialog();
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.worldMissing'),
    );
  },
};

/** The lookup failed: the loading error with a retry. */
export const LookupFails: Story = {
  parameters: refusing('get', '*/api/v2/chat_game/by_source', 500, 50000),
  play: async () => {
    const dialog = await theDialog();
    await expect(
      await dialog.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeVisible();
  },
};

/** The default model is paused (42236): said in the dialog, which stays open. */
export const StartRefused: Story = {
  parameters: refusing('post', '*/api/v2/chat_games/new_start', 422, 42236),
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(
      await dialog.findByRole('button', { name: t('exploration:start.startAgain') }),
    );
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('exploration:errors.modelPaused'),
    );
  },
};
