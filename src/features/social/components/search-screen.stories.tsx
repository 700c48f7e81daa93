import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import SearchScreen from './search-screen';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const s = (key: string, options?: Record<string, unknown>) =>
  t(`${/^(square|feed|card|list)\./.test(key) ? 'square' : 'social'}:${key}`, options);

const meta = {
  title: 'Social/Search',
  component: SearchScreen,
  parameters: {
    route: '/search?keyword=墨境',
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof SearchScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const results = (keyword: string) =>
  screen.findByRole('list', { name: s('search.results', { keyword }) });

/** Stories whose title has the keyword, as share cards. */
export const Stories: Story = {
  play: async () => {
    const list = await results('墨境');
    await expect(within(list).getAllByRole('article').length).toBeGreaterThan(0);
    await expect(screen.getByRole('tab', { name: s('search.tabs.stories') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** Worlds whose title (or background) has the keyword. */
export const Worlds: Story = {
  parameters: { route: '/search?keyword=志&tab=worlds' },
  play: async () => {
    const list = await results('志');
    await expect(within(list).getAllByRole('article').length).toBeGreaterThan(1);
  },
};

/** Authors whose name has the keyword: avatar and name, fans, the follow button. */
export const Authors: Story = {
  parameters: { route: '/search?keyword=墨&tab=authors' },
  play: async () => {
    const list = await results('墨');
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/** Nothing matches. */
export const Empty: Story = {
  parameters: { route: '/search?keyword=无此作品&tab=worlds' },
  play: async () => {
    await expect(
      await screen.findByText(s('search.empty.worlds', { keyword: '无此作品' })),
    ).toBeInTheDocument();
  },
};

/** Nothing matches among the authors. */
export const EmptyAuthors: Story = {
  parameters: { route: '/search?keyword=无此作者&tab=authors' },
  play: async () => {
    await expect(
      await screen.findByText(s('search.empty.authors', { keyword: '无此作者' })),
    ).toBeInTheDocument();
  },
};

/** The first page failed: the error block with a retry. */
export const Error: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/search/shares', () => apiError(50300, 'unavailable', null, 503)),
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

/** The first page on its way: placeholder cards, announced as loading. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/search/shares', () => new Promise<never>(() => {})),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

/** No keyword yet: the page asks for one and sends nothing. */
export const NoKeyword: Story = {
  parameters: { route: '/search' },
  play: async () => {
    await expect(await screen.findByText(s('search.prompt'))).toBeInTheDocument();
  },
};

/** A keyword over 30 (here from the URL): said at the field, nothing sent. */
export const KeywordTooLong: Story = {
  parameters: { route: `/search?keyword=${'长'.repeat(31)}` },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      t('common:search.errors.tooLong'),
    );
  },
};

/** Searching a blank keyword: said at the field, the URL keeps the last search. */
export const KeywordEmpty: Story = {
  play: async () => {
    const field = await screen.findByRole('searchbox', { name: t('common:search.label') });
    await userEvent.clear(field);
    await userEvent.type(field, '  {Enter}');
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      t('common:search.errors.empty'),
    );
  },
};
