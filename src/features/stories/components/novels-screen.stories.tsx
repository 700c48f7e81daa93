import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { storiesListFails } from '@mocks/scenarios/stories';
import NovelsScreen from './novels-screen';
import { pending } from './seed.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Stories/My stories',
  component: NovelsScreen,
  parameters: {
    route: '/dashboard/novels',
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof NovelsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded author's stories: chapters, words, updated time, status and bound world. */
export const Full: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: t('stories:list.heading') });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(1);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...pending('*/api/v1/stories'), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { scenarios: ['signed-in', 'stories-empty'] },
  play: async () => {
    await expect(await screen.findByText(t('stories:list.empty'))).toBeInTheDocument();
  },
};

/** The first load failed: the loading-error text and a retry button. */
export const Error: Story = {
  parameters: { msw: { handlers: [...storiesListFails(), ...handlers] } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};

/** Creating with a blank title: the error is at the field and nothing is sent. */
export const CreateBlankTitle: Story = {
  play: async () => {
    await screen.findByRole('list', { name: t('stories:list.heading') });
    const [create] = screen.getAllByRole('button', { name: t('stories:list.create') });
    await userEvent.click(create!);
    const dialog = await screen.findByRole('dialog', { name: t('stories:list.createHeading') });
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('stories:list.createSubmit') }),
    );
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      t('stories:list.title.required'),
    );
  },
};
