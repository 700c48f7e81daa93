import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { fail, handle, http } from '@mocks/http';
import { seedToday as seed } from '@mocks/seed-today';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { MAX_SCENE_CHARACTERS, SceneCharacters } from './scene-characters';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const bound = seed.stories.find((s) => s.uid === AUTHOR_UID && s.universe_id && !s.deleted_at)!;
const unbound = seed.stories.find((s) => s.uid === AUTHOR_UID && !s.universe_id && !s.deleted_at)!;
const PATH = '/api/v2/stories/{storyId}/continue_writing_character';

/** The picker with its own choice, as the AI panel holds it. */
function Picker({ storyId }: { storyId: string }) {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <>
      <SceneCharacters storyId={storyId} value={ids} onChange={setIds} />
      <output data-testid="chosen">{ids.join(',')}</output>
    </>
  );
}

const meta = {
  title: 'Writing/Editor/Scene characters',
  component: Picker,
  args: { storyId: bound.id },
  parameters: { scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;

const group = async () =>
  within(await screen.findByRole('group', { name: t('writing:ai.characters.title') }));

/** The bound world's living characters; choosing sends their ids, at most 5. */
export const Characters: Story = {
  play: async () => {
    const g = await group();
    const boxes = await g.findAllByRole('checkbox');
    await expect(boxes.length).toBeGreaterThan(0);
    await userEvent.click(boxes[0]!);
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).not.toBe(''));
    await expect(
      g.getByText(t('writing:ai.characters.hint', { max: MAX_SCENE_CHARACTERS })),
    ).toBeVisible();
  },
};

/** A story without a world: how to get characters. */
export const NoWorld: Story = {
  args: { storyId: unbound.id },
  play: async () => {
    const g = await group();
    await expect(await g.findByText(t('writing:ai.characters.noWorld'))).toBeVisible();
  },
};

/** The bound world has no living characters. */
export const NoCharacters: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(
          PATH,
          handle(() => Response.json({ universe_id: 'w_x', data: [] }) as never),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const g = await group();
    await expect(await g.findByText(t('writing:ai.characters.none'))).toBeVisible();
  },
};

/** Still loading. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(
          PATH,
          handle(async () => {
            await delay('infinite');
            return fail(40402, 'unreachable');
          }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const g = await group();
    await expect(g.getByRole('status')).toHaveTextContent(t('writing:ai.characters.loading'));
  },
};

/** The bound world was deleted (40403): the reason and a retry. */
export const WorldMissing: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(
          PATH,
          handle(() => fail(40403, 'bound world missing')),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const g = await group();
    await expect(await g.findByRole('alert')).toHaveTextContent(
      t('writing:ai.characters.worldMissing'),
    );
    await expect(g.getByRole('button', { name: t('common:actions.retry') })).toBeEnabled();
  },
};
