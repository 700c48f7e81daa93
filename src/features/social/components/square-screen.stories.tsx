import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { http as mswHttp } from 'msw';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { squareFails } from '@mocks/scenarios/social';
import SquareScreen from './square-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string) => t(`square:${key}`);

const meta = {
  title: 'Social/Square',
  component: SquareScreen,
  parameters: {
    route: '/dashboard/square',
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof SquareScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor's first screen: recommended characters, then recommended stories and worlds. */
export const Recommend: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: s('square.list.recommend') });
    await expect(within(list).getAllByRole('article').length).toBeGreaterThan(1);
    const rail = screen.getByRole('region', { name: s('square.characters.title') });
    await expect((await within(rail).findAllByRole('link')).length).toBeGreaterThan(0);
  },
};

/** The latest tab, opened from the URL. */
export const Latest: Story = {
  parameters: { route: '/dashboard/square?tab=latest' },
  play: async () => {
    await expect(
      await screen.findByRole('list', { name: s('square.list.latest') }),
    ).toBeInTheDocument();
    await expect(screen.getByRole('tab', { name: s('square.tabs.latest') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** The first page on its way: card-sized placeholders, so nothing moves when it arrives. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/square/shares', () => new Promise<never>(() => undefined)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
  },
};

/** Nothing is published to the square (`square-empty`). */
export const Empty: Story = {
  parameters: { scenarios: ['square-empty'] },
  play: async () => {
    await expect(await screen.findByText(s('square.empty.title'))).toBeInTheDocument();
  },
};

/** The square's lists fail (`square-fails`): the error block with a retry. */
export const Error: Story = {
  parameters: { msw: { handlers: [...squareFails(), ...handlers] } },
  play: async () => {
    const retries = await screen.findAllByRole('button', { name: t('common:actions.retry') });
    await expect(retries.length).toBeGreaterThan(0);
    await expect(screen.getAllByRole('alert')[0]).toBeInTheDocument();
  },
};

/** The follow tab asks a visitor to log in; the button opens the login dialog. */
export const FollowLoggedOut: Story = {
  parameters: { route: '/dashboard/square?tab=follow' },
  play: async () => {
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findByText(s('square.follow.loginTitle'));
    await userEvent.click(within(panel).getByRole('button', { name: t('common:auth.login') }));
    await expect(
      await screen.findByRole('dialog', { name: t('common:auth.loginTitle') }),
    ).toBeInTheDocument();
  },
};

/** The follow tab of a logged-in author: the shares of the authors they follow. */
export const FollowSignedIn: Story = {
  parameters: { route: '/dashboard/square?tab=follow', scenarios: ['signed-in'] },
  play: async () => {
    const list = await screen.findByRole('list', { name: s('feed.label') });
    await expect(within(list).getAllByRole('article').length).toBeGreaterThan(0);
  },
};
