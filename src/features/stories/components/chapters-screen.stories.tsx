import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { apiError } from '@mocks/http';
import { handlers } from '@mocks/handlers';
import ChaptersScreen from './chapters-screen';
import { AUTHOR_STORY, NEWEST_STORY, pending } from './seed.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The screen reads the story id from the route, as in the app. */
const Screen = () => (
  <Routes>
    <Route path="/dashboard/novels/:nid" element={<ChaptersScreen />} />
  </Routes>
);

const meta = {
  title: 'Stories/Chapters',
  component: Screen,
  parameters: {
    route: `/dashboard/novels/${AUTHOR_STORY.id}`,
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Chapters with their counts and dates, share status, bound world and export. */
export const Full: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: t('stories:chapters.heading') });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(1);
    await expect(
      screen.getByRole('group', { name: t('stories:share.legend') }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...pending('*/api/v1/stories/:id'), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

/** A story without chapters yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/stories/:id/chapters', () =>
          Response.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('stories:chapters.empty'))).toBeInTheDocument();
  },
};

/** The chapter list failed to load: error block with a retry. */
export const Error: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/stories/:id/chapters', () =>
          apiError(50000, 'internal server error', null, 500),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};

/** Someone else's story (40330): the no-permission message. */
export const NoPermission: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/stories/:id', () => apiError(40330, 'no permission')),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(
      await screen.findByText(t('stories:list.errors.noPermission')),
    ).toBeInTheDocument();
  },
};

/** A banned story: the status shows, the control is disabled. */
export const Banned: Story = {
  parameters: {
    route: `/dashboard/novels/${NEWEST_STORY.id}`,
    scenarios: ['signed-in', 'story-banned'],
  },
  play: async () => {
    const group = await screen.findByRole('group', { name: t('stories:share.legend') });
    await expect(group).toBeDisabled();
  },
};
