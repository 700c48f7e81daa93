import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import NotFoundScreen from './not-found';

const t = (key: string) => i18next.t(key);

const meta = {
  title: 'Screens/Not found',
  component: NotFoundScreen,
  parameters: { route: '/no/such/page' },
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(
      screen.getByRole('heading', { name: t('common:notFound.title') }),
    ).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: t('common:notFound.home') })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  },
};
