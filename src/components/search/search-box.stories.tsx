import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { SearchBox } from './search-box';

const t = (key: string) => i18next.t(key);
const field = () => screen.findByRole('searchbox', { name: t('common:search.label') });

const meta = {
  title: 'Search/Search box',
  component: SearchBox,
  args: { onSearch: fn(), variant: 'header' },
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header's field: Enter hands on the trimmed keyword. */
export const Header: Story = {
  play: async ({ args }) => {
    await userEvent.type(await field(), ' 雾港 {Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('雾港');
  },
};

/** The search page's field, with its visible label and the keyword searched. */
export const Page: Story = {
  args: { variant: 'page', initial: '雾港' },
  play: async () => {
    await expect(await field()).toHaveValue('雾港');
  },
};

/** Enter on a blank field: said at the field, nothing searched. */
export const EmptyKeyword: Story = {
  play: async ({ args }) => {
    await userEvent.type(await field(), '{Enter}');
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      t('common:search.errors.empty'),
    );
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

/** Over 30 by the shared counter: said at the field, nothing searched. */
export const TooLongKeyword: Story = {
  play: async ({ args }) => {
    await userEvent.type(await field(), `${'长'.repeat(31)}{Enter}`);
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      t('common:search.errors.tooLong'),
    );
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

/** A refusal from the server (42263 / 42264), shown at the field the same way. */
export const ServerRefusal: Story = {
  args: { variant: 'page', initial: '雾港' },
  // Translated when rendered (the strings are loaded by then, not when this module is read).
  render: (args) => <SearchBox {...args} error={t('common:search.errors.tooLong')} />,
  play: async () => {
    await expect(await field()).toHaveAttribute('aria-invalid', 'true');
    await expect(screen.getByRole('alert')).toHaveTextContent(t('common:search.errors.tooLong'));
  },
};
