import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { apiError } from '@mocks/http';
import { handlers } from '@mocks/handlers';
import { serverError } from '@mocks/scenarios';
import SharedStoryScreen from './shared-story-screen';
import { AUTHOR_PRIVATE_STORY, pending, SQUARE_STORY } from './seed.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const Screen = () => (
  <Routes>
    <Route path="/story/:shareid" element={<SharedStoryScreen />} />
  </Routes>
);

const meta = {
  title: 'Stories/Public story',
  component: Screen,
  parameters: { route: `/story/${SQUARE_STORY.share_id}`, msw: { handlers } },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A square story as an anonymous visitor reads it: published chapters only. */
export const Full: Story = {
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: SQUARE_STORY.title }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...pending('*/api/v1/share/stories/:id'), ...handlers] } },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

/** The author's own private story: readable by them, with the share status control. */
export const AuthorView: Story = {
  parameters: {
    route: `/story/${AUTHOR_PRIVATE_STORY.share_id}`,
    scenarios: ['signed-in'],
    appFrame: true,
  },
  play: async () => {
    await expect(
      await screen.findByRole('group', { name: t('stories:share.legend') }),
    ).toBeInTheDocument();
  },
};

/** Someone else's private story (40330): the no-permission message. */
export const PrivateToOthers: Story = {
  parameters: { route: `/story/${AUTHOR_PRIVATE_STORY.share_id}` },
  play: async () => {
    await expect(
      await screen.findByText(t('stories:list.errors.shareNoPermission')),
    ).toBeInTheDocument();
  },
};

/** A banned story, to anyone but its author (40330). */
export const NoPermission: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/share/stories/:id', () => apiError(40330, 'no permission')),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(
      await screen.findByText(t('stories:list.errors.shareNoPermission')),
    ).toBeInTheDocument();
  },
};

/** An unknown share link (40402); the "empty" state of this screen, with the way on. */
export const Missing: Story = {
  parameters: { route: '/story/s_unknown' },
  play: async () => {
    await expect(
      await screen.findByText(t('stories:list.errors.shareMissing')),
    ).toBeInTheDocument();
    await expect(
      screen.getByRole('link', { name: t('common:publicShare.toSquare') }),
    ).toBeInTheDocument();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: serverError() } },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('common:actions.retry') }),
    ).toBeInTheDocument();
  },
};
